/**
 * Two strangers meet in the terminal: one asks to play someone and waits on the open challenges
 * screen, the other sees it appear live and asks too; both are in the same game at once.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

describe('terminal client: open challenges and quick pairing', () => {
  let server: ServerProcess;
  const sessions: TmuxSession[] = [];
  const configs: string[] = [];
  before(async () => {
    server = await startServer();
    await account(server.url, 'ann');
    await account(server.url, 'bob');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    for (const dir of configs) rmSync(dir, { recursive: true, force: true });
  });

  const loggedIn = async (user: string) => {
    const config = mkdtempSync(join(tmpdir(), 'tessera-seeks-'));
    configs.push(config);
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys(...user.split(''), 'Enter', ...'pass1234'.split(''), 'Enter');
    await tui.waitFor(/Your games \(\d+ active\)/);
    await tui.keys('o');
    await tui.waitFor(/Open challenges/);
    return tui;
  };

  it('pairs two strangers with play someone; the waiting one is taken to the game at once', async () => {
    const ann = await loggedIn('ann');
    await ann.keys('t');
    await ann.waitFor(/Your terms: .*5d per move, rated, seats drawn/);
    await ann.keys('p');
    await ann.waitFor(/Nobody was waiting/);
    await ann.waitFor(/> yours: .*5d per move, rated, seats drawn/);

    const bob = await loggedIn('bob');
    const seen = await bob.waitFor(/ann \(1500\?\): .*5d per move, rated, seats drawn/);
    assert.match(seen, /Enter take/);
    await bob.keys('t', 'p');
    const bobGame = await bob.waitFor(/#(\d+)/);
    const id = /#(\d+)/.exec(bobGame)?.[1] as string;
    const annGame = await ann.waitFor(new RegExp(`#${id}`));
    assert.match(annGame, /ann.*bob|bob.*ann/);
  });

  it('posts an open challenge to opponents rated near the poster, shown so to others', async () => {
    const ann = await loggedIn('ann');
    await ann.keys('r');
    await ann.waitFor(/Your terms: .*ratings 1400-1600/);
    await ann.keys('n');
    await ann.waitFor(/Open challenge \d+ posted/);
    await ann.waitFor(/> yours: .*ratings 1400-1600/);
    const bob = await loggedIn('bob');
    await bob.waitFor(/ann \(1500\?\): .*ratings 1400-1600/);
  });
});
