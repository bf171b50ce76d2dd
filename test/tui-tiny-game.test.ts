/**
 * A new game needs no edit to the terminal client: Tiny Nim, a test-only game, is served by a
 * server given it and played through the terminal online client given its descriptor, in tmux.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testServer } from '../src/server/test-support.ts';
import { GAMES, GAMES_MODULE } from './tiny-game/games.ts';
import { TmuxSession } from './tmux.ts';

const CLIENT = join(import.meta.dirname, 'tiny-game', 'tui-online.ts');

describe('terminal client: a game added by a test', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let url: string;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-tiny-'));
  before(async () => {
    server = await testServer({}, { games: GAMES, gamesModule: GAMES_MODULE });
    url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    await server.account('ann');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.close();
    rmSync(config, { recursive: true, force: true });
  });

  it('challenges the computer to Tiny Nim, plays it live to a win, and lists it until then', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLIENT)} ${url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('a', 'n', 'n', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/Your games \(0 active\)/);

    // The challenge form offers the added game after Tessera's own, with its own setting.
    await tui.keys('c');
    await tui.waitFor(/Opponent +computer/);
    await tui.keys('Left');
    await tui.waitFor(/Game +< Tiny Nim >/);
    await tui.keys('Down', 'Down');
    await tui.waitFor(/> Counters +< 7 >/);
    await tui.keys('Enter');
    let screen = await tui.waitFor(/YOUR MOVE\. 7 left; take 1\./);
    const id = Number(/Tiny Nim #(\d+)/.exec(screen)?.[1]);
    assert.ok(id > 0, 'the game number is shown');
    assert.match(screen, /Tiny Nim #\d+, move 1 {2}ann 1500\? \(First\) vs computer 1500\? \(Second\)/);
    assert.match(screen, /^ o o o o o o x$/m, 'the pile, with the counter to take marked');

    // Take three with the pad's keys; the computer answers live, then a digit takes the rest.
    await tui.keys('Right', 'Right');
    await tui.waitFor(/take 3\./);
    await tui.keys('Enter');
    // The computer's first move starts the server's worker threads: allow for a slow start.
    screen = await tui.waitFor(/YOUR MOVE\. 3 left; take 3\./, 60_000);
    assert.match(screen, /move 3/);
    await tui.keys('q');
    screen = await tui.waitFor(/Your games \(1 active\)/);
    assert.match(screen, new RegExp(`#${id} Tiny Nim vs computer, move 3: YOUR MOVE`));
    await tui.keys('Enter');
    await tui.waitFor(/YOUR MOVE\. 3 left/);
    await tui.keys('3');
    await tui.waitFor(/Game over: ann wins: took the last counter\. You win!/);
    const shown = await server.call('GET', `/api/games/${id}`);
    assert.equal(shown.body.status, 'finished');
    assert.deepEqual(
      (shown.body.moves as { move: string }[]).map((m) => m.move),
      ['3', '1', '3'],
    );

    await tui.keys('q');
    await tui.waitFor(/Your games \(0 active\)/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });
});
