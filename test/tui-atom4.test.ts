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
});
