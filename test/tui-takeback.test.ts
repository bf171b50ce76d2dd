import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

describe('terminal client: a vacation, a takeback and a preview', () => {
  let server: ServerProcess;
  let tui: TmuxSession | undefined;
  const config = mkdtempSync(join(tmpdir(), 'tessera-takeback-'));
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    tui?.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('proposes taking back our move with U; the board goes back when the opponent accepts', async () => {
    const ann = await account(server.url, 'ann');
    const bob = await account(server.url, 'bob');
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 2 } },
      ann,
    );
    const id = made.body.id as number;
    assert.equal((await call(server.url, 'POST', `/api/games/${id}/moves`, { move: 'A7' }, ann)).status, 200);

    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    await tui.ready(/Account/);
    await tui.keys('a', 'n', 'n', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/Your games \(1 active\)/);

    // V in the lobby takes a vacation: the days asked for, then the days left.
    await tui.keys('V');
    await tui.waitFor(/Vacation days \(1-30\): _/);
    await tui.keys('3', 'Enter');
    await tui.waitFor(
      /On vacation until .*: your clocks are stopped\.\s+27\s+of\s+30\s+days\s+left\s+this\s+year\./,
    );
    const away = await call(server.url, 'GET', '/api/vacation', undefined, ann);
    assert.equal(away.body.daysLeft, 27);
    assert.notEqual(away.body.until, null);

    await tui.keys('Enter');
    await tui.waitFor(new RegExp(`Warp and Weft #${id}, move 2 `));
    await tui.waitFor(/bob to move\./);

    await tui.keys('A');
    await tui.waitFor(/Nobody has proposed a takeback\./);
    await tui.keys('U');
    await tui.waitFor(/You propose to take back move 1 \(A7\); X withdraws it\./);
    const offered = await call(server.url, 'GET', `/api/games/${id}`);
    assert.deepEqual(offered.body.takebackOffer, { by: 'ann', fromMove: 1, moves: ['A7'] });

    // Bob accepts elsewhere: the board goes back over the WebSocket, and it is our move again.
    assert.equal(
      (await call(server.url, 'POST', `/api/games/${id}/takeback`, { action: 'accept' }, bob)).status,
      200,
    );
    const screen = await tui.waitFor(/YOUR MOVE\./);
    assert.match(screen, new RegExp(`Warp and Weft #${id}, move 1 `));
    assert.doesNotMatch(screen, /You propose to take back/);
    // The proposer is told, not left to notice the board.
    await tui.waitFor(/Takeback accepted: move 1 taken back\./);

    // v previews the move under the cursor: marked as not played, gone at the next key.
    await tui.keys('v');
    await tui.waitFor(/D4: it is a patch and you are Threading/);
    await tui.keys('Left', 'v');
    const previewed = await tui.waitFor(/Preview after C5, not played: any key goes back to the live game\./);
    assert.match(previewed, new RegExp(`Warp and Weft #${id}, move 1 `));
    assert.equal((await call(server.url, 'GET', `/api/games/${id}`)).body.moveCount, 0);
    // The first Right only ends the preview; the second moves the cursor from C5 to D4.
    await tui.keys('Right', 'Right');
    assert.doesNotMatch(await tui.waitFor(/Cursor D4\./), /Preview after/);
  });
});
