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
    // Back to the start, forward two, set the mark there, on two more, back to the mark.
    await tui.keys('r');
    await tui.waitFor(new RegExp(`Turn 0 of ${n}`));
    await tui.keys('x', 'x');
    await tui.waitFor(new RegExp(`Turn 2 of ${n}, last`));
    await tui.keys('m');
    await tui.waitFor(/mark set at turn 2/);
    await tui.keys('x', 'x');
    await tui.waitFor(new RegExp(`Turn 4 of ${n}`));
    await tui.keys("'");
    screen = await tui.waitFor(/back at the mark/);
    assert.match(screen, new RegExp(`Turn 2 of ${n}`));
    assert.match(screen, /Mark: turn 2/);
    // Replay plays every move from the start and ends with the lock open again.
    await tui.keys('p');
    await tui.waitFor(/Replaying/);
    await tui.waitFor(new RegExp(`OPEN after ${n} turns!`));
    await tui.keys('q');
    await tui.waitFor(/Enter play {2}q quit/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
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
