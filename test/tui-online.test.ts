import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Relay, startRelay } from './relay.ts';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

describe('terminal client: online play', () => {
  let server: ServerProcess;
  let relay: Relay;
  let bob: string;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-online-'));
  before(async () => {
    server = await startServer({ TESSERA_BOT_MS: '50' });
    relay = await startRelay(server.url);
    await account(server.url, 'ann');
    bob = await account(server.url, 'bob');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await relay?.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('logs in, challenges, plays live, survives a lost connection, plays the computer, quits', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${relay.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('a', 'n', 'n', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4');
    let screen = await tui.waitFor(/Password +\(hidden\)/);
    assert.doesNotMatch(screen, /pass1234/, 'the password is not shown');
    await tui.keys('Enter');
    await tui.waitFor(/Your games \(0 active\)/);

    // Challenge bob to a size-3 Warp and Weft.
    await tui.keys('c');
    await tui.waitFor(/New challenge/);
    await tui.keys('Down', 'C-u', 'b', 'o', 'b', 'Down', 'Left');
    await tui.waitFor(/Size +< 3 >/);
    await tui.keys('Enter');
    screen = await tui.waitFor(/YOUR MOVE\./);
    const id = Number(/Warp and Weft #(\d+)/.exec(screen)?.[1]);
    assert.ok(id > 0, 'the game number is shown');
    // A rated game: each player with their current rating, newcomers provisional.
    assert.match(screen, /, move 1 {2}ann 1500\? \(Warp \(Vert\)\) vs bob 1500\? \(Weft \(Horz\)\)/);

    // Our move goes to the server; bob's arrives over the WebSocket.
    await tui.keys('Left', 'Enter');
    screen = await tui.waitFor(/bob to move\..*Last: E7\./);
    assert.match(screen, /^ 6 .* \[#\] /m, 'the claimed thread is drawn #, under the cursor');
    assert.match(screen, /^ 7 .* # /m);
    const shown = await call(server.url, 'GET', `/api/games/${id}`);
    assert.deepEqual(
      shown.body.moves.map((m: { move: string }) => m.move),
      ['E7'],
    );
    assert.equal(
      (await call(server.url, 'POST', `/api/games/${id}/moves`, { move: 'A1', moveNo: 2 }, bob)).status,
      200,
    );
    screen = await tui.waitFor(/YOUR MOVE\..*Last: A1\./);
    for (const line of screen.split('\n')) assert.ok(line.length <= 80);

    // The live link drops: the screen says so. Bob resigns meanwhile, so our next move is refused
    // by the server, with its reason; back online, the board catches up.
    relay.cut();
    await tui.waitFor(/Connection lost: reconnecting/);
    assert.equal((await call(server.url, 'POST', `/api/games/${id}/resign`, undefined, bob)).status, 200);
    await tui.keys('Right', 'Right', 'Right', 'Right');
    await tui.waitFor(/^ 6 .* {2}\. \[\|\] \. /m);
    const cell = 'I7'; // the vertical thread under the cursor
    await tui.keys('Enter');
    screen = await tui.waitFor(new RegExp(`The server refused ${cell}: game ${id} is over`));
    assert.match(screen, /^ 6 .* \[\|\] /m, 'the refused move is taken back');
    relay.restore();
    screen = await tui.waitFor(/Game over: ann wins: bob \(Weft \(Horz\)\) resigned\. You win!/);
    // The end-of-game status wraps at 80 columns to its last word.
    assert.match(screen, /You win! [\s\S]*Cursor I6 \(I7\)\./);
    await tui.waitFor(/Reconnected: the board is caught up/);

    // Back in the lobby, the finished game is gone; the computer answers an Atom-4 move live.
    await tui.keys('q');
    await tui.waitFor(/Your games \(0 active\)/);
    await tui.keys('c');
    await tui.waitFor(/Opponent +computer/);
    await tui.keys('Right');
    await tui.waitFor(/Game +< Atom-4 >/);
    await tui.keys('Enter');
    screen = await tui.waitFor(/Atom-4 #\d+, move 1 +ann 1500\? \(Player 1 \(whites\)\) vs computer/);
    await tui.waitFor(/YOUR MOVE\./);
    await tui.keys('Enter');
    screen = await tui.waitFor(/#\d+, move 3 [\s\S]*YOUR MOVE\./);
    assert.equal(screen.split('\n').filter((l) => l !== '').length <= 24, true);
    await tui.keys('q');
    screen = await tui.waitFor(/Your games \(1 active\)/);
    assert.match(screen, /Atom-4 vs computer, move 3: YOUR MOVE/);

    // A challenge from bob appears by itself, listed first; d declines it.
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['bob', 'ann'] },
      bob,
    );
    assert.equal(made.status, 201);
    // It arrives above the game selected: the selection stays on that game.
    screen = await tui.waitFor(/ {2}#\d+ Atom-4 vs bob, move 1: CHALLENGE from bob: Enter accept, d decline/);
    assert.match(screen, /^> #\d+ Atom-4 vs computer, move 3: YOUR MOVE/m);
    await tui.keys('Up');
    await tui.waitFor(/> #\d+ Atom-4 vs bob, move 1: CHALLENGE/);
    // d asks first; any key but y keeps the challenge.
    await tui.keys('d');
    await tui.waitFor(new RegExp(`Decline game #${made.body.id}, Atom-4 from bob\\? \\(y/n\\)`));
    await tui.keys('n');
    await tui.waitFor(/Not declined\./);
    assert.equal((await call(server.url, 'GET', `/api/games/${made.body.id}`)).body.status, 'active');
    await tui.keys('d', 'y');
    screen = await tui.waitFor(new RegExp(`Declined game #${made.body.id}\\.`));
    assert.equal((await call(server.url, 'GET', `/api/games/${made.body.id}`)).body.status, 'void');
    // Esc is "back" everywhere; the lobby has nothing behind it, so it does not quit.
    await tui.keys('Escape');
    screen = await tui.waitFor(/Press q to quit\./);
    assert.match(screen, /Your games \(1 active\)/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });

  it('keeps the login for the next run, readable by the user alone, until logging out', async () => {
    const saved = join(config, 'tessera', 'sessions.json');
    assert.equal(statSync(saved).mode & 0o777, 0o600);
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${relay.url}`;
    const again = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(again);
    await again.ready(/Your games/);
    await again.keys('L');
    await again.waitFor(/Account/);
    assert.doesNotMatch(readFileSync(saved, 'utf8'), /"ann"/, 'logging out forgets the login');
    const third = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(third);
    await third.ready(/Account/);
  });
});
