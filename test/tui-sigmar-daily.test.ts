/**
 * Today's daily Sigmar board raced from the terminal client, logged in: s in the lobby opens it,
 * h asks the server to count a hint before it is shown, the solver's removals played with the
 * arrows and Enter clear it, and the server's place and the day's first places are shown.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  cellName,
  cellsOf,
  DEFAULT_OPTIONS,
  dailySeed,
  ROW_LENGTHS,
  sigmar,
  solve,
} from '../src/games/sigmar/index.ts';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

const CELL_WIDTH = 4;
const rowLength = (row: number) => ROW_LENGTHS[row] as number;
const indent = (row: number) => ((11 - rowLength(row)) * CELL_WIDTH) / 2;
const rowStart = (row: number) => ROW_LENGTHS.slice(0, row).reduce((a, b) => a + b, 0);

/** The keys that take the screen's cursor from `from` to a cell (rows keep the column, as on screen). */
function path(
  from: { row: number; pos: number },
  cell: number,
): { keys: string[]; to: { row: number; pos: number } } {
  let row = 0;
  while (rowStart(row + 1) <= cell) row++;
  const pos = cell - rowStart(row);
  const keys: string[] = [];
  let at = { ...from };
  while (at.row !== row) {
    const step = row > at.row ? 1 : -1;
    const x = indent(at.row) + at.pos * CELL_WIDTH;
    const exact = (x - indent(at.row + step)) / CELL_WIDTH;
    const next = step < 0 ? Math.floor(exact) : Math.ceil(exact);
    at = { row: at.row + step, pos: Math.max(0, Math.min(rowLength(at.row + step) - 1, next)) };
    keys.push(step > 0 ? 'Down' : 'Up');
  }
  while (at.pos !== pos) {
    keys.push(pos > at.pos ? 'Right' : 'Left');
    at = { ...at, pos: at.pos + (pos > at.pos ? 1 : -1) };
  }
  return { keys, to: at };
}

describe('terminal client: racing the daily Sigmar board', () => {
  let server: ServerProcess;
  let token = '';
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-daily-'));
  before(async () => {
    // A removal a millisecond: the test's keys are quicker than a hand.
    server = await startServer({ TESSERA_DAILY_MS_PER_REMOVAL: '1' });
    token = await account(server.url, 'ann');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('clears today’s board with a counted hint and shows the place the server recorded', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { height: 32, env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('a', 'n', 'n', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/s daily board/);
    await tui.keys('s');
    await tui.waitFor(new RegExp(`Daily race of ${today}: your clock starts at your first move`));
    await tui.keys('h');
    await tui.waitFor(/Hints so far: 1\./);
    const mine = await call(server.url, 'GET', `/api/daily/${today}/mine`, undefined, token);
    assert.equal((mine.body.session as { hints: number }).hints, 1, 'the server counted the hint');
    await tui.keys('n');
    await tui.waitFor(/The daily race stays on its board/);

    const solution = solve(cellsOf(sigmar.setup(DEFAULT_OPTIONS, dailySeed(today)))).solution;
    let cursor = { row: 5, pos: 5 };
    for (const removal of solution) {
      for (const cell of removal) {
        const { keys, to } = path(cursor, cell);
        await tui.keys(...keys);
        cursor = to;
        await tui.waitFor(new RegExp(`${cellName(cell)}: \\w+ \\(free\\)|The garden is clear`));
        await tui.keys('Enter');
      }
    }
    const screen = await tui.waitFor(/You placed 1 of 1: \d+ s, 1 hint\./);
    assert.match(screen, /The garden is clear/);
    assert.match(screen, / {2}1\. ann {18}1 hint {4}\d+ s/);
    const board = await call(server.url, 'GET', '/api/daily/today');
    assert.equal(board.body.cleared, 1);
  });
});
