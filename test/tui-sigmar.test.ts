import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TmuxSession } from './tmux.ts';

const bin = fileURLToPath(new URL('../bin/tessera.js', import.meta.url));
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} play`;

describe("terminal client: Sigmar's Garden", () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
  });

  it('shows a full board at 80 × 24, explains a blocked marble, deals a new board, quits', async () => {
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(/Game +< Warp and Weft >/);
    await tui.keys('Right');
    await tui.waitFor(/Game +< Sigmar's Garden >/);
    await tui.keys('Enter');
    let screen = await tui.waitFor(/55 marbles left\. F6: gold \((free|blocked)\)\./);
    const rows = screen.split('\n').filter((l) => /^[A-K] /.test(l));
    assert.equal(rows.length, 11, 'rows A to K');
    assert.match(screen, /\[5\]/, 'plain ASCII: gold is 5, under the cursor on the centre');
    const board = /board (\d+)/.exec(screen)?.[1];
    // Gold cannot go while other metals remain (or is not even free yet): the reason is shown.
    await tui.keys('Enter');
    await tui.waitFor(
      /F6 is blocked: it needs three open sides in a row\.|gold is removed only after every other metal is gone/,
    );
    // The hint key asks the solver for a move that keeps the board solvable, and marks its cells.
    await tui.keys('h');
    screen = await tui.waitFor(/Hint: remove [A-K]\d+( \+ [A-K]\d+)?\./, 20_000);
    const hinted = /Hint: remove (.*)\./.exec(screen)?.[1]?.split(' + ') ?? [];
    const marked = (screen.match(/\{.\}/g) ?? []).length;
    assert.ok(marked >= 1 && marked <= hinted.length, `hint cells marked {x}: ${marked} of ${hinted}`);
    assert.match(screen, /h hint/, 'the key is in the help line');
    await tui.keys('n');
    // The screen before n also says 55 marbles: wait for the deal itself.
    screen = await tui.waitFor(
      new RegExp(`Sigmar's Garden {2}board (?!${board}\\b)\\d+[\\s\\S]*55 marbles left`),
    );
    assert.notEqual(/board (\d+)/.exec(screen)?.[1], board, 'a new board');
    for (const line of screen.split('\n')) assert.ok(line.length <= 80);
    await tui.keys('q');
    await tui.waitFor(/Game +< Sigmar's Garden >/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });

  it('tells free marbles from blocked ones without colour, and Up Down comes back to the same cell', async () => {
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(/Game +< Warp and Weft >/);
    await tui.keys('Right', 'Enter');
    const screen = await tui.waitFor(/55 marbles left\. F6: gold/);
    const board = screen.split('\n').filter((l) => /^[A-K] /.test(l));
    const free = board.join('').match(/\([a-z0-9]\)/g) ?? [];
    const blocked = board.join('').match(/ [a-z0-9] /g) ?? [];
    assert.ok(free.length > 0 && blocked.length > 0, `free (x) and blocked x marbles:\n${board.join('\n')}`);
    // The leftmost marble of the topmost row with any has its west, north-west and north-east
    // neighbours empty: it is free.
    const top = board.find((l) => /[a-z0-9]/.test(l.slice(2))) ?? '';
    assert.match(top.slice(2), /^[ .]*\([a-z0-9]\)/);
    for (const [there, back] of [
      ['Up', 'Down'],
      ['Down', 'Up'],
    ] as const) {
      await tui.keys(there);
      await tui.waitFor(new RegExp(`marbles left\\. ${there === 'Up' ? 'E' : 'G'}\\d+: `));
      await tui.keys(back);
      await tui.waitFor(/55 marbles left\. F6: gold/);
    }
  });
});
