import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { TmuxSession } from './tmux.ts';
import {
  freshConfigHome,
  keyFor,
  open,
  removeConfigHomes,
  solutionOf,
  startClient,
} from './tui-intricacy-support.ts';

const LOCK = 'tutorial/01-winning';
const moves = solutionOf(LOCK);
const n = moves.length;

/** A config home holding this keys.json. */
function withKeys(keys: unknown): string {
  const home = freshConfigHome();
  mkdirSync(join(home, 'tessera'));
  writeFileSync(join(home, 'tessera', 'keys.json'), JSON.stringify(keys));
  return home;
}

describe('terminal client: Intricacy lock picking', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
    removeConfigHomes();
  });

  it("picks a lock with the original's keys: undo, redo, marks, replay, reset", async () => {
    const tui = await startClient(freshConfigHome());
    sessions.push(tui);
    await open(tui, 'pick a lock', LOCK);
    let screen = await tui.waitFor(/Lock tutorial\/01-winning/);
    // The lock drawn as its lock file draws it: hexes two columns wide, rows offset by one.
    const file = readFileSync(fileURLToPath(new URL(`../locks/${LOCK}.lock`, import.meta.url)), 'utf8');
    const hookRow = file.split('\n').find((l) => l.includes('H -')) as string;
    assert.ok(
      screen.split('\n').some((l) => l.startsWith(hookRow)),
      `the screen shows ${hookRow}`,
    );
    assert.match(screen, /Turn 0/);
    // The hook against the frame: pushing it west is resisted, and the annotation says so.
    await tui.keys('h');
    await tui.waitFor(/resisted/);
    await tui.keys('z');
    await tui.waitFor(/Turn 0 of 1/);
    for (const m of moves) await tui.keys(keyFor(m));
    await tui.waitFor(new RegExp(`OPEN after ${n} turns!`));
    // Named marks, vi-style: back to the start, forward one, mark a; forward two, mark b; on
    // to the end; then back to each mark by name (the redo list is kept).
    await tui.keys('r');
    await tui.waitFor(new RegExp(`Turn 0 of ${n}`));
    await tui.keys('x');
    await tui.waitFor(new RegExp(`Turn 1 of ${n}, last`));
    await tui.keys('m');
    await tui.waitFor(/press a letter or digit/);
    await tui.keys('a');
    await tui.waitFor(/mark a set at turn 1/);
    await tui.keys('x', 'x', 'm', 'b');
    await tui.waitFor(/mark b set at turn 3/);
    await tui.keys('x');
    await tui.waitFor(new RegExp(`Turn 4 of ${n}`));
    await tui.keys("'", 'a');
    screen = await tui.waitFor(/back at mark a/);
    assert.match(screen, new RegExp(`Turn 1 of ${n}`));
    assert.match(screen, /Marks: a@1 b@3/);
    await tui.keys("'", 'b');
    screen = await tui.waitFor(/back at mark b/);
    assert.match(screen, new RegExp(`Turn 3 of ${n}`));
    await tui.keys("'", 'q');
    await tui.waitFor(/no mark q/);
    // A new move after going back to mark a drops mark b, which no longer lies on the history.
    await tui.keys("'", 'a');
    await tui.waitFor(/back at mark a/);
    await tui.keys('.');
    await tui.waitFor(/Marks: a@1\./);
    await tui.keys('r');
    for (const m of moves) await tui.keys(keyFor(m));
    await tui.waitFor(new RegExp(`OPEN after ${n} turns!`));
    await tui.keys('r');
    await tui.waitFor(new RegExp(`Turn 0 of ${n}`));
    // Replay plays every move from the start and ends with the lock open again.
    await tui.keys('p');
    await tui.waitFor(/Replaying/);
    await tui.waitFor(new RegExp(`OPEN after ${n} turns!`));
    await tui.keys('q');
    await tui.waitFor(/Enter play {2}q quit/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });

  it('starts a new empty lock in the editor with N, asking first when there are unsaved edits', async () => {
    const tui = await startClient(freshConfigHome());
    sessions.push(tui);
    await open(tui, 'lock editor');
    await tui.waitFor(/Lock editor, size 5/);
    // Unedited: N starts afresh at once.
    await tui.keys('N');
    await tui.waitFor(/new empty lock of size 5/);
    await tui.keys(']');
    await tui.waitFor(/Lock editor, size 6/);
    await tui.keys('*');
    await tui.waitFor(/new block started/);
    await tui.keys('N');
    await tui.waitFor(/new empty lock of size 6\? The unsaved edits go/);
    await tui.keys('n');
    await tui.waitFor(/kept the lock being edited/);
    await tui.keys('N', 'y');
    const screen = await tui.waitFor(/new empty lock of size 6(?!\?)/);
    assert.match(screen, /Lock editor, size 6/);
    // Undo brings the edited lock back.
    await tui.keys('z');
    await tui.waitFor(/Cursor 0,0: .*block A/);
    // The edited lock is not saved: leaving asks.
    await tui.keys('q', 'y');
    await tui.waitFor(/Enter play {2}q quit/);
  });

  it('takes the WASD-like scheme and a custom binding from keys.json', async () => {
    const tui = await startClient(withKeys({ intricacy: { scheme: 'wasd', bind: { undo: 'g' } } }));
    sessions.push(tui);
    await open(tui, 'pick a lock', LOCK);
    const screen = await tui.waitFor(/Lock tutorial\/01-winning/);
    assert.match(screen, /hook d a e z w x, turn q r/, 'the help shows the scheme in force');
    assert.match(screen, /undo g/);
    await tui.keys('d');
    await tui.waitFor(/Turn 1, last hE/);
    await tui.keys('g');
    await tui.waitFor(/Turn 0 of 1/);
    // All the moves typed in one burst: each key is still its own move.
    await tui.keys(moves.map((m) => keyFor(m, 'wasd')).join(''));
    await tui.waitFor(new RegExp(`OPEN after ${n} turns!`));
    await tui.keys('Escape');
    await tui.waitFor(/Enter play {2}q quit/);
  });

  it('names a bad entry of keys.json and plays on with the default keys', async () => {
    const tui = await startClient(withKeys({ intricacy: { bind: { hookEast: 'l' } } }));
    sessions.push(tui);
    await open(tui, 'pick a lock', LOCK);
    const screen = await tui.waitFor(/hookEast/);
    assert.match(screen.replace(/\s+/g, ' '), /intricacy\.bind\.hookEast: unknown action/);
    await tui.keys('l');
    await tui.waitFor(/Turn 1, last hE/);
    await tui.keys('q');
    await tui.waitFor(/Enter play {2}q quit/);
  });
});
