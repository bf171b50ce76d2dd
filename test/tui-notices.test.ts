/** The terminal client's lobby hears of a challenge the moment it is made, with no refresh. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

describe('terminal client: notices', () => {
  let server: ServerProcess;
  let ann: string;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-notices-'));
  before(async () => {
    server = await startServer();
    ann = await account(server.url, 'ann');
    await account(server.url, 'bob');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('the games list and the status line change when someone challenges you', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('b', 'o', 'b', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/Your games \(0 active\)/);
    await tui.waitFor(/No game awaits your move\./);

    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['bob', 'ann'] },
      ann,
    );
    assert.equal(made.status, 201);
    const screen = await tui.waitFor(/1 game awaits your move\./);
    assert.match(screen, /Your games \(1 active\)/);
    assert.match(screen, new RegExp(`#${made.body.id} Atom-4 vs ann, move 1: CHALLENGE from ann`));
    assert.match(screen, new RegExp(`ann challenges you to Atom-4 #${made.body.id}\\.`));

    // Declined elsewhere, it leaves the list.
    const bob = await account(server.url, 'bob');
    await call(server.url, 'POST', `/api/games/${made.body.id}/decline`, undefined, bob);
    await tui.waitFor(new RegExp(`Atom-4 #${made.body.id} was declined\\.`));
    await tui.waitFor(/Your games \(0 active\)/);
    await tui.keys('q');
  });
});
