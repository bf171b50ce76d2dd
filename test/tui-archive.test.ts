import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

/** A size-2 Warp and Weft game ann (Warp, first) wins by connecting her sides in 15 moves. */
const WEAVE_WIN = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2'.split(' ');

describe('terminal client: finished games and their replay', () => {
  let server: ServerProcess;
  let id = 0;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-archive-'));
  before(async () => {
    server = await startServer();
    const ann = await account(server.url, 'ann');
    const bob = await account(server.url, 'bob');
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 2 } },
      ann,
    );
    id = made.body.id as number;
    for (const [i, move] of WEAVE_WIN.entries()) {
      const played = await call(
        server.url,
        'POST',
        `/api/games/${id}/moves`,
        { move },
        i % 2 === 0 ? ann : bob,
      );
      assert.equal(played.status, 200, JSON.stringify(played.body));
    }
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('shows the finished game in the lobby, lists it with h, and steps through it with ← → Home End', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    // Log in as ann (Tab to the password, Enter on the password logs in).
    await tui.keys('a', 'n', 'n', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    let screen = await tui.waitFor(/Recently finished/);
    assert.match(
      screen,
      new RegExp(
        `#${id} Warp and Weft vs bob {2}Won {2}\\d{4}-\\d\\d-\\d\\d {2}ann wins: Warp \\(Vert\\) connected`,
      ),
      'the finished game stays in the lobby, its result naming the winner',
    );

    await tui.keys('h');
    screen = await tui.waitFor(/Your finished games/);
    assert.match(screen, /1 finished game, newest first\./);
    await tui.keys('Enter');
    screen = await tui.waitFor(/Move 15 of 15: B2/);
    assert.match(
      screen,
      new RegExp(`Replay: Warp and Weft #${id} {2}ann \\(Warp \\(Vert\\)\\) vs bob \\(Weft \\(Horz\\)\\)`),
    );
    assert.match(screen, /Result: ann wins: Warp \(Vert\) connected their sides/);
    const board = (s: string) =>
      s
        .split('\n')
        .filter((line) => /^ ?\d+ /.test(line))
        .join('\n');
    const end = board(screen);

    await tui.keys('Left');
    screen = await tui.waitFor(/Move 14 of 15: C3/);
    assert.notEqual(board(screen), end, 'the board is one move earlier');
    await tui.keys('Home');
    screen = await tui.waitFor(/Start of the game \(15 moves\)/);
    assert.doesNotMatch(board(screen), /#/, 'nothing is claimed at the start');
    await tui.keys('Right');
    screen = await tui.waitFor(/Move 1 of 15: A7/);
    assert.match(board(screen), /#/, 'the first thread is claimed');
    await tui.keys('End');
    screen = await tui.waitFor(/Move 15 of 15: B2/);
    assert.equal(board(screen), end);

    await tui.keys('q');
    await tui.waitFor(/Your finished games/);
    await tui.keys('q');
    await tui.waitFor(/Your games \(0 active\)/);
    await tui.keys('q');
  });
});
