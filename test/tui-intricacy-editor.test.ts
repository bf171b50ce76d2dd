import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lockProblems, parseLockText } from '../src/games/intricacy/index.ts';
import type { TmuxSession } from './tmux.ts';
import {
  freshConfigHome,
  keyFor,
  open,
  removeConfigHomes,
  solutionOf,
  startClient,
  wrapped,
} from './tui-intricacy-support.ts';

describe('terminal client: Intricacy lock editor', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
    removeConfigHomes();
  });

  it('places and merges blocks, shows validity, tests the lock and saves it to a file', async () => {
    const home = freshConfigHome();
    const tui = await startClient(home);
    sessions.push(tui);
    await open(tui, 'lock editor');
    let screen = await tui.waitFor(/Lock editor, size 5/);
    assert.match(screen, /Cursor 0,0/);
    assert.match(screen, /\[\.\]/, 'the cursor drawn around its cell');
    // A new block here, one more cell east of it; a second block, merged into the first.
    await tui.keys('*', 'l', '+');
    screen = await tui.waitFor(/A\[A\]/);
    await tui.keys('l', '*');
    await tui.waitFor(/A A\[B\]/);
    await tui.keys('h', 'Enter');
    await tui.waitFor(/Selected: piece 4 \(block A\)/);
    await tui.keys('l', 'M');
    screen = await tui.waitFor(/blocks merged/);
    assert.match(screen, /A A\[A\]/);
    assert.match(screen, /Valid lock\./);
    // A ball on a taken cell is refused; undo and redo walk the edits.
    await tui.keys('O');
    await tui.waitFor(/that cell is taken/);
    await tui.keys('z');
    screen = await tui.waitFor(/A A\[B\]/);
    await tui.keys('x');
    await tui.waitFor(/A A\[A\]/);
    // Test it: pick the lock, then back to the editor.
    await tui.keys('t');
    await tui.waitFor(/Testing the lock/);
    await tui.keys('l');
    await tui.waitFor(/Turn 1, last hE/);
    await tui.keys('q');
    await tui.waitFor(/Lock editor, size 5/);
    // Save to a path typed at the prompt.
    const file = join(home, 'made', 'mine.lock');
    await tui.keys('S');
    await tui.waitFor(/Save to/);
    await tui.keys('C-u', file, 'Enter');
    await tui.waitFor(/saved\s/);
    const saved = parseLockText(readFileSync(file, 'utf8'));
    assert.ok(saved.ok, 'the saved file reads back');
    assert.deepEqual(lockProblems(saved.value), []);
    const blocks = saved.value.pieces.filter((p, i) => i > 3 && p.kind === 'block');
    assert.equal(blocks.length, 1);
    const block = blocks[0];
    assert.equal(block?.kind === 'block' ? block.cells.length : 0, 3);
    // Load it back after erasing a cell.
    await tui.keys('.');
    await tui.waitFor(/A A\[\.\]/);
    await tui.keys('L');
    await tui.waitFor(/Load from/);
    await tui.keys('Enter');
    await tui.waitFor(/loaded\s/);
    await tui.waitFor(/\[A\]A A/);
    await tui.keys('q');
    await tui.waitFor(/Enter play {2}q quit/);
  });

  it('tensions a spring with < and >: its natural length shorter (it pulls) or longer (it pushes) than placed', async () => {
    const tui = await startClient(freshConfigHome());
    sessions.push(tui);
    await open(tui, 'lock editor');
    await tui.waitFor(/Lock editor, size 5/);
    // Block A at the centre, hung from the frame five cells west by a spring placed 5 long.
    await tui.keys('*', 'h', 'h', 'h', 'h', 'h', '~', 'l', 'l', 'l', 'l', 'l', '~');
    await tui.waitFor(/spring added at its natural length/);
    await tui.keys('<');
    await tui.waitFor(wrapped('spring 1: natural length 4, placed 5 (stretched, it pulls)'));
    await tui.waitFor(/not at rest/);
    await tui.keys('<', '<');
    await tui.waitFor(wrapped('its natural length is at least 3'));
    await tui.keys('>', '>', '>', '>');
    await tui.waitFor(wrapped('spring 1: natural length 7, placed 5 (compressed, it pushes)'));
    await tui.keys('h', 'h', 'h', 'h', 'h', 'h', '>');
    await tui.waitFor(/no spring here/);
    await tui.keys('q');
  });

  it('asks before q or Esc leaves a lock with unsaved edits', async () => {
    const tui = await startClient(freshConfigHome());
    sessions.push(tui);
    await open(tui, 'lock editor');
    await tui.waitFor(/Lock editor, size 5/);
    // Nothing edited yet: q leaves at once (and the menu is one Enter from the editor again).
    await tui.keys('q');
    await tui.waitFor(/Enter play {2}q quit/);
    await tui.keys('Enter');
    await tui.waitFor(/Lock editor, size 5/);
    await tui.keys('*');
    await tui.waitFor(/\[A\]/);
    await tui.keys('q');
    await tui.waitFor(/leave the editor\? The unsaved edits go/);
    await tui.keys('n');
    await tui.waitFor(/kept the lock being edited/);
    await tui.keys('Escape');
    await tui.waitFor(/leave the editor\? The unsaved edits go/);
    await tui.keys('y');
    await tui.waitFor(/Enter play {2}q quit/);
  });

  it('keeps a tested lock’s solution in its file, and lists a saved lock for picking at once', async () => {
    const home = freshConfigHome();
    // A copy of a tutorial lock to edit (saving never touches the preset).
    const locks = join(home, 'tessera', 'locks');
    mkdirSync(locks, { recursive: true });
    copyFileSync(
      fileURLToPath(new URL('../locks/tutorial/01-winning.lock', import.meta.url)),
      join(locks, 'copy.lock'),
    );
    const tui = await startClient(home);
    sessions.push(tui);
    await open(tui, 'lock editor');
    await tui.waitFor(/Lock editor, size 5/);
    await tui.keys('L');
    await tui.waitFor(/Load from/);
    await tui.keys(
      'C-u',
      fileURLToPath(new URL('../locks/tutorial/01-winning.lock', import.meta.url)),
      'Enter',
    );
    await tui.waitFor(/loaded\s/);
    await tui.waitFor(/Test it with t/);
    const moves = solutionOf('tutorial/01-winning');
    await tui.keys('t');
    await tui.waitFor(/Testing the lock/);
    await tui.keys(...moves.map((m) => keyFor(m)));
    await tui.waitFor(new RegExp(`OPEN after ${moves.length} turns!`));
    await tui.keys('q');
    const solved = new RegExp(`Solved in ${moves.length} moves?\\.`);
    await tui.waitFor(solved);
    // Saved under a new name among the player's locks; loaded back, it is still solved.
    await tui.keys('S');
    await tui.waitFor(/Save to/);
    await tui.keys('C-u', join(locks, 'mine.lock'), 'Enter');
    await tui.waitFor(/saved\s/);
    assert.match(readFileSync(join(locks, 'mine.lock'), 'utf8'), /^; solution: /m);
    await tui.keys('N');
    await tui.waitFor(/new empty lock of size/);
    await tui.keys('L');
    await tui.waitFor(/Load from/);
    await tui.keys('Enter');
    await tui.waitFor(/loaded\s/);
    await tui.waitFor(solved);
    // Back in the menu without a restart, the saved lock is in the pick list.
    await tui.keys('q');
    await tui.waitFor(/Enter play {2}q quit/);
    await tui.keys('Up');
    await open(tui, 'pick a lock', 'my locks/mine');
    await tui.waitFor(/Lock my locks\/mine/);
  });
});
