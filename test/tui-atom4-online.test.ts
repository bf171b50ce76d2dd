import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

/** Round 1 of Atom-4, won by player 1 (the computer at level 3 against level 0) on the 81st ply. */
const ROUND_WON_BY_PLAYER_1 =
  '8,8 8,6 9,8 7,8 9,6 8,9 7,9 9,7 9,9 6,9 10,8 7,6 10,6 10,7 8,5 11,8 9,5 7,5 10,9 9,4 10,5 8,4 10,4 11,6 10,10 9,10 11,7 6,7 8,10 12,6 7,10 11,5 12,8 6,10 12,7 11,9 6,8 7,11 6,6 6,11 8,11 5,7 8,12 7,12 9,11 9,12 11,10 10,11 10,12 12,9 11,12 11,11 5,9 8,13 5,10 5,8 12,10 4,9 10,13 4,8 9,13 7,13 4,7 9,14 8,14 6,12 12,12 11,13 5,11 6,13 12,11 4,11 13,10 4,10 13,12 5,12 13,8 3,11 13,7 11,4 14,8'.split(
    ' ',
  );

describe('terminal client: online Atom-4', () => {
  let server: ServerProcess;
  let ann: string;
  let bob: string;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-atom4-online-'));
  before(async () => {
    server = await startServer();
    ann = await account(server.url, 'ann');
    bob = await account(server.url, 'bob');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('shows how a round ended, its line marked, until n goes to the round the other player began', async () => {
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'], options: { rounds: 3 } },
      ann,
    );
    const id = made.body.id as number;
    for (const [ply, move] of ROUND_WON_BY_PLAYER_1.entries()) {
      const played = await call(server.url, 'POST', `/api/games/${id}/moves`, { move }, ply % 2 ? bob : ann);
      assert.equal(played.status, 200, `${move}: ${JSON.stringify(played.body)}`);
    }
    // Bob opens round 2 before ann has seen round 1 end.
    assert.equal(
      (await call(server.url, 'POST', `/api/games/${id}/moves`, { move: 'next' }, bob)).status,
      200,
    );

    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    tui.burst('a', 'n', 'n', 'Tab', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/Your games \(1 active\)/);
    tui.burst('Enter');
    let screen = await tui.waitFor(/Round 1: player 1 won the round, 1:0\. n: go to round 2\./);
    // Plain mode: the winning line's pieces are followed by *, the last move is a capital.
    assert.ok((screen.match(/[a-h]\*/gi) ?? []).length >= 4, `a line of four marked:\n${screen}`);
    const board = screen.split('\n').filter((l) => /^\|/.test(l));
    assert.deepEqual(board.join('').match(/[A-H]/g), ['C'], 'the last move, at 14,8, is a capital');
    tui.burst('Enter');
    await tui.waitFor(/That was round 1: press n to go to round 2\./);
    tui.burst('n');
    screen = await tui.waitFor(/Round 2 of 3, 1:0; plays /);
    assert.doesNotMatch(screen, /\*/, 'the new round has no winning line');
    // At 80 columns the keys wrap rather than lose their end.
    assert.match(screen, /U takeback\s+A accept\s+X reject\s+M rematch\s+v preview/);
    for (const line of screen.split('\n')) assert.ok(line.length <= 80);
  });
});
