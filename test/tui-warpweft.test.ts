import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TmuxSession } from './tmux.ts';

const bin = fileURLToPath(new URL('../bin/tessera.js', import.meta.url));
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} play`;

describe('terminal client: Warp and Weft', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
  });

  it('plays a two-person game at 80 × 24 in plain ASCII and quits cleanly', async () => {
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(/Game +< Warp and Weft >/);
    // Opponent: a person at this keyboard; size 2 for a short game.
    await tui.keys('Down', 'Right', 'Down', 'Down', 'Left', 'Left');
    const menu = await tui.waitFor(/Size +< 2 >/);
    assert.match(menu, /Opponent +< person here >/);
    await tui.keys('Enter');
    let screen = await tui.waitFor(/Warp \(Vert\) to move, Threading/);
    assert.match(screen, /^ 7 {2}\| {2}-------/m, 'row 7 starts with the thread A7 and a horizontal thread');
    // Cursor starts at D4; walk to A7 and claim it.
    await tui.keys('Left', 'Left', 'Left', 'Up', 'Up', 'Up');
    await tui.waitFor(/Cursor A7/);
    await tui.keys('Enter');
    screen = await tui.waitFor(/Weft \(Horz\) to move/);
    assert.match(screen, /^ 7 \[#\]/m, "Warp's thread A7 is marked #, under the cursor");
    assert.match(screen, /Last: A7\./);
    // An illegal move is explained and changes nothing.
    await tui.keys('Enter');
    screen = await tui.waitFor(/A7: it is already claimed by Warp/);
    assert.match(screen, /Weft \(Horz\) to move/);
    for (const line of screen.split('\n')) assert.ok(line.length <= 80);
    assert.equal(screen.split('\n').filter((l) => l !== '').length <= 24, true);
    // q asks before dropping a game under way; any key but y goes on with it.
    await tui.keys('q');
    await tui.waitFor(/Really quit this game\? \(y\/n\)/);
    await tui.keys('n');
    screen = await tui.waitFor(/Weft \(Horz\) to move/);
    assert.doesNotMatch(screen, /Really quit/);
    await tui.keys('Escape');
    await tui.waitFor(/Really quit this game\? \(y\/n\)/);
    await tui.keys('y');
    // Back in the menu, the settings chosen before are still there.
    await tui.waitFor(/> Size +< 2 >/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });

  it('fits a size-6 board in 80 × 24 and lets the computer answer', async () => {
    const tui = new TmuxSession(command);
    sessions.push(tui);
    await tui.ready(/Game +< Warp and Weft >/);
    await tui.keys('Down', 'Down', 'Down', 'Right', 'Right', 'Down', 'Down', 'Right', 'Right');
    await tui.waitFor(/Size +< 6 >/);
    await tui.keys('Enter');
    let screen = await tui.waitFor(/\[you\] to move/);
    assert.match(screen, /^23 /m);
    assert.match(screen, /^ 1 /m);
    await tui.keys('Enter');
    // At 80 × 24 a refusal takes the status line until the cursor moves.
    screen = await tui.waitFor(/L12: it is a patch and you are Threading/);
    await tui.keys('Left', 'Left', 'Left', 'Left', 'Left', 'Left', 'Left', 'Left', 'Left', 'Left', 'Left');
    for (let i = 0; i < 11; i++) await tui.keys('Up');
    await tui.waitFor(/Cursor A23/);
    await tui.keys('Enter');
    screen = await tui.waitFor(
      /^Warp \(Vert\) \[you\] to move, Threading\. Weft: threads\. Last: \w+\./m,
      15_000,
    );
    assert.equal(screen.split('\n').length <= 25, true);
    // Against the computer, u takes back its reply and our move, and says two.
    await tui.keys('u');
    await tui.waitFor(/Took back 2 moves\./);
    await tui.keys('q', 'q');
    await tui.waitFor(/\[exited 0\]/);
  });

  it('says when the terminal is too small for the board, and draws it once it is large enough', async () => {
    const tui = new TmuxSession(command, { width: 70, height: 20, env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(/Game +< Warp and Weft >/);
    await tui.keys('Down', 'Right', 'Down', 'Down', 'Right', 'Right');
    await tui.waitFor(/Size +< 6 >/);
    await tui.keys('Enter');
    await tui.waitFor(
      /The terminal is too small for this board\.\s+It is 70×20; the board needs at least\s+75×24\./,
    );
    tui.resize(80, 24);
    const screen = await tui.waitFor(/^23 /m);
    assert.match(screen, /^ 1 /m);
    assert.doesNotMatch(screen, /too small/);
  });
});
