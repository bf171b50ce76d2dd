/** Post-game analysis in the terminal's replay: a analyses, the marked move names its better move. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

/** Weft's F6 (move 14) leaves Warp the patch B2 that joins its edges. */
const BLUNDERED = 'A7 G3 C5 G7 A3 A1 C1 patches patches F2 B6 F4 B4 F6 B2'.split(' ');

describe('terminal client: a finished game analysed in its replay', () => {
  let server: ServerProcess;
  let id = 0;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-analysis-'));
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
    for (const [i, move] of BLUNDERED.entries()) {
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

  it('analyses with a, then n and N step between the marked moves, each with the better move', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('a', 'n', 'n', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/Recently finished/);
    await tui.keys('h');
    await tui.waitFor(/Your finished games/);
    await tui.keys('Enter');
    await tui.waitFor(/Move 15 of 15: B2/);
    await tui.waitFor(/a: analyse this game/);
    await tui.keys('a');
    let screen = await tui.waitFor(/ann \d+\?, \d+\?\? {2}bob \d+\?, \d+\?\?/, 60_000);
    await tui.keys('N');
    screen = await tui.waitFor(/Move 14 of 15: F6/);
    assert.match(screen, /bob's 14\. F6 was a blunder \(lost \d+ %\); the computer would play B2/);
    await tui.keys('g', 'n');
    screen = await tui.waitFor(/the computer would play/);
    assert.doesNotMatch(screen, /Move 0 of/);
  });
});
