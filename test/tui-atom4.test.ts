import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TmuxSession } from './tmux.ts';

const bin = fileURLToPath(new URL('../bin/tessera.js', import.meta.url));
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} play`;

describe('terminal client: Atom-4', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
  });

  it("plays as the original's text mode: () per piece, legal moves only, asks before quitting", async () => {
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(/Game +< Warp and Weft >/);
    await tui.keys('Left');
    await tui.waitFor(/Game +< Atom-4 >/);
    await tui.keys('Down', 'Right');
    await tui.waitFor(/Opponent +< person here >/);
    await tui.keys('Enter');
    let screen = await tui.waitFor(/Player 1 to move/);
    // Round 1 opens with green and purple at (7,7) and (8,7); in ASCII they are their letters.
    assert.match(screen, /^\| ?(\. ){7}c f /m, 'row 7: green (c) and purple (f) at x = 7, 8');
    // The cursor starts at (8,8), a legal first move.
    await tui.keys('Left', 'Left', 'Enter');
    await tui.waitFor(/You can't put a marble here/);
    await tui.keys('Right', 'Right', 'Enter');
    screen = await tui.waitFor(/Player 1 moves \(8,8\)/);
    assert.match(screen, /Player 2 to move/);
    await tui.keys('q');
    await tui.waitFor(/Really quit\? \(y\/n\)/);
    await tui.keys('y');
    await tui.waitFor(/Game +< Atom-4 >|Opponent/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });

  it('the atom4 play command draws the board at once, and the computer answers a placement', async () => {
    const tui = new TmuxSession(
      `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} atom4 play --ai 2 --level 0`,
      { env: { NO_COLOR: '1' } },
    );
    sessions.push(tui);
    await tui.ready(/Player 1 to move/);
    // The cursor starts at (8,8), a legal first move.
    await tui.keys('Enter');
    await tui.waitFor(/Player 2 moves \(\d+,\d+\)/);
    await tui.keys('q', 'y');
    await tui.waitFor(/Atom-4: Player 1 0, Player 2 0 after 1 round\(s\)\./);
  });

  it('plain mode shows the cursor, the last move and a key to the letters', async () => {
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(/Game +< Warp and Weft >/);
    await tui.keys('Left', 'Down', 'Right', 'Enter');
    const before = await tui.waitFor(/Player 1 to move/);
    assert.match(before, /Key: a black, b red, c green,/);
    assert.match(before, /\[c\] cursor {2}C last move/);
    // The cursor starts at (8,8): row 8 is even, cell x is at column 2x + 1 of the frame.
    const row = (screen: string, y: number) => screen.split('\n')[1 + y] ?? '';
    assert.equal(row(before, 8).slice(16, 19), '[.]');
    await tui.keys('Up', 'Up');
    const moved = await tui.waitFor(/^\|(\. ){7}\.\[\.\]/m);
    assert.notEqual(moved, before, 'the screen changes when the cursor moves');
    assert.equal(row(moved, 6).slice(16, 19), '[.]');
    assert.doesNotMatch(row(moved, 8), /\[/);
    await tui.keys('Enter');
    // (8,6) takes player 1's red (b), a capital as the last move, under the cursor; green (7,7)
    // turns yellow (d).
    const played = await tui.waitFor(/Player 1 moves \(8,6\)/);
    assert.equal(row(played, 6).slice(16, 19), '[B]');
    await tui.keys('Down');
    const away = await tui.waitFor(/^\| (\. ){7}d\[f\]/m);
    assert.equal(row(away, 6).slice(16, 19), ' B ', 'the last move stays a capital');
  });

  it('the atom4 play command and the menu show the same screen', async () => {
    const menu = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    const cli = new TmuxSession(`${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} atom4 play`, {
      env: { NO_COLOR: '1' },
    });
    sessions.push(menu, cli);
    await menu.ready(/Game +< Warp and Weft >/);
    await menu.keys('Left', 'Down', 'Right', 'Enter');
    const fromMenu = await menu.waitFor(/Player 1 to move/);
    const fromCli = await cli.ready(/Player 1 to move/);
    assert.equal(fromCli, fromMenu);
  });
});
