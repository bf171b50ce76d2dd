/**
 * The terminal's tournament screen: `t` in the lobby lists the tournaments, Enter shows one with
 * its standings and games, `e` enters one still open, and Enter on a game opens it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

describe('terminal client: tournaments', () => {
  let server: ServerProcess;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-tournaments-'));
  let id = 0;
  before(async () => {
    server = await startServer();
    const tokens: Record<string, string> = {};
    for (const user of ['ann', 'bob', 'cat']) tokens[user] = await account(server.url, user);
    const made = await call(
      server.url,
      'POST',
      '/api/tournaments',
      { gameType: 'atom4', format: 'round-robin', maxPlayers: 3, name: 'Winter cup' },
      tokens.bob,
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    id = made.body.id;
    for (const user of ['bob', 'cat'])
      assert.equal(
        (await call(server.url, 'POST', `/api/tournaments/${id}/join`, undefined, tokens[user])).status,
        200,
      );
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('lists the tournaments with t, enters one with e, and opens a game of it', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('a', 'n', 'n', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/t tournaments/);
    await tui.keys('t');
    await tui.waitFor(
      new RegExp(`#${id} Winter cup {2}Atom-4, round robin, 2/3 players, 3d, rated, starts when full`),
    );
    await tui.keys('Enter');
    await tui.waitFor(/Entrants: bob, cat/);
    await tui.keys('e');
    // ann fills it: it starts, and its standings and three games show.
    let screen = await tui.waitFor(/You have entered tournament/);
    screen = await tui.waitFor(/round 3: #\d+ \w+ - \w+ {2}playing/);
    assert.match(screen, /# {2}player {15}pts {2}played {2}SB {4}Buchholz/);
    assert.match(screen, /round 3 of 3/);
    const game = /> round \d: #(\d+)/.exec(screen)?.[1];
    assert.ok(game, screen);
    await tui.keys('Enter');
    await tui.waitFor(new RegExp(`Atom-4 #${game}, move 1 {2}\\w+ `));
  });
});
