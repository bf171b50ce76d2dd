/**
 * Keys sent in one burst (one `tmux send-keys` call, read by the client as one chunk) each act on
 * the state the key before left: a fast typist gets what the screen shows.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

const bin = fileURLToPath(new URL('../bin/tessera.js', import.meta.url));
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} play`;

describe('terminal client: a burst of keys', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
  });
  const open = async (ready: RegExp) => {
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(ready);
    return tui;
  };

  it('menu: Right Right Right moves three games on, then Enter starts the one shown', async () => {
    const tui = await open(/Game +< Warp and Weft >/);
    tui.burst('Right', 'Right', 'Right');
    await tui.waitFor(/Game +< Atom-4 >/);
    tui.burst('Down', 'Right', 'Enter', 'Left', 'Left', 'Enter');
    // The keys after Enter belong to the game: the cursor went from (8,8) to (6,8), not touching.
    await tui.waitFor(/You can't put a marble here/);
  });

  it('local Atom-4: Enter places where the arrows before it moved the cursor', async () => {
    const tui = await open(/Game +< Warp and Weft >/);
    await tui.keys('Left', 'Down', 'Right', 'Enter');
    await tui.waitFor(/Player 1 to move/);
    // From (8,8): Left Left is (6,8), which touches nothing.
    tui.burst('Left', 'Left', 'Enter');
    await tui.waitFor(/You can't put a marble here/);
    tui.burst('Right', 'Right', 'Enter');
    const screen = await tui.waitFor(/Player 1 moves \(8,8\)/);
    assert.match(screen, /Player 2 to move/);
  });

  it('local Warp and Weft: a walk to A7 and Enter claim A7', async () => {
    const tui = await open(/Game +< Warp and Weft >/);
    await tui.keys('Down', 'Right', 'Down', 'Down', 'Left', 'Left', 'Enter');
    await tui.waitFor(/Warp \(Vert\) to move, Threading/);
    tui.burst('Left', 'Left', 'Left', 'Up', 'Up', 'Up', 'Enter');
    const screen = await tui.waitFor(/Weft \(Horz\) to move/);
    assert.match(screen, /Last: A7\./);
  });

  it("local Sigmar's Garden: Enter chooses the marble the arrows before it reached", async () => {
    const tui = await open(/Game +< Warp and Weft >/);
    await tui.keys('Right', 'Enter');
    await tui.waitFor(/55 marbles left\. F6: gold \((free|blocked)\)\./);
    // F6 is the gold in the middle; Enter on it would say why it cannot go.
    tui.burst('Up', 'Up', 'Up', 'Up', 'Up', 'Enter');
    const screen = await tui.waitFor(/55 marbles left\. A\d+: /);
    await new Promise((done) => setTimeout(done, 500));
    assert.doesNotMatch(tui.screen(), /F6 is blocked|gold is removed only/, 'Enter acted on row A');
    assert.match(screen, /^A /m);
  });
});

describe('terminal client online: a burst of keys', () => {
  let server: ServerProcess;
  let token: string;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-burst-'));
  before(async () => {
    server = await startServer({ TESSERA_BOT_MS: '50' });
    token = await account(server.url, 'ann');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it('login typed during start-up fills each field; online arrows and Enter play where shown', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config } });
    sessions.push(tui);
    // Typed at once, before the client has drawn anything: the Tab moves to the password field.
    tui.burst('a', 'n', 'n', 'Tab', 'p', 'a', 's', 's', '1', '2', '3', '4');
    const form = await tui.ready(/Password +\(hidden\)/);
    assert.match(form, /Account +ann_?\s*$/m, 'the account field holds the account alone');
    assert.doesNotMatch(form, /pass1234/, 'the password is never shown');
    tui.burst('Enter');
    await tui.waitFor(/Your games \(0 active\)/);

    // An Atom-4 game against the computer: from (8,8), Up Up is (8,6), the other legal first move.
    tui.burst('c');
    await tui.waitFor(/Opponent +computer/);
    tui.burst('Right', 'Enter');
    await tui.waitFor(/YOUR MOVE\./);
    const id = Number(/Atom-4 #(\d+)/.exec(tui.screen())?.[1]);
    tui.burst('Up', 'Up', 'Enter');
    await tui.waitFor(/move 3/);
    const game = await call(server.url, 'GET', `/api/games/${id}`, undefined, token);
    assert.equal(game.body.moves[0].move, '8,6');
  });
});
