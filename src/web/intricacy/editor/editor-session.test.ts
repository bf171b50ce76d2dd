import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lockToText, standardLock } from '../../../games/intricacy/index.ts';
import { collectionLock } from '../../../games/intricacy/test-fixtures.ts';
import { hex } from '../../../grid/index.ts';
import {
  type EditorCommand,
  type EditorSession,
  editorStep,
  springRows,
  startEditor,
  UNDO_DEPTH,
} from './editor-session.ts';

const after = (s: EditorSession, ...commands: EditorCommand[]): EditorSession =>
  commands.reduce(editorStep, s);
const tap = (x: number, y: number): EditorCommand => ({ kind: 'tap', cell: hex(x, y) });
const fresh = () => startEditor(null, 5);
const hookLock = collectionLock('tutorial/05-hook');

describe('the lock editor', () => {
  it('starts on the draft kept from the last visit, or on an empty lock when there is none or it is broken', () => {
    const draft = { name: 'mine', text: lockToText(hookLock), solution: 'hE hE' };
    const s = startEditor(draft, 5);
    assert.equal(s.name, 'mine');
    assert.equal(s.lock.size, 4);
    assert.equal(s.size, 4);
    assert.equal(s.solution?.length, 2);
    const broken = startEditor({ ...draft, text: 'not a lock' }, 5);
    assert.deepEqual(broken.lock, standardLock(5));
    assert.equal(broken.name, 'my-lock');
    assert.equal(broken.solution, null);
  });

  it('places a block with a tap, grows the chosen block with the next, and undoes and redoes each', () => {
    const one = after(fresh(), tap(0, 0));
    assert.equal(one.lock.pieces.length, 5);
    assert.equal(one.selected, 4);
    const grown = after(one, tap(1, 0));
    assert.equal(grown.lock.pieces.length, 5, 'the new cell joins the chosen block');
    assert.equal(grown.past.length, 2);
    const undone = after(grown, { kind: 'undo' });
    assert.equal(undone.lock, one.lock);
    assert.equal(undone.selected, null);
    assert.equal(after(undone, { kind: 'redo' }).lock, grown.lock);
    const start = fresh();
    assert.equal(after(start, { kind: 'undo' }), start, 'nothing to undo');
  });

  it('says why an edit is refused and leaves the lock alone', () => {
    const ball = after(fresh(), { kind: 'tool', tool: 'ball' }, tap(0, 0));
    const again = after(ball, tap(0, 0));
    assert.equal(again.lock, ball.lock);
    assert.notEqual(again.message, '');
  });

  it('makes a spring from two taps, the root then the end', () => {
    const blocks = after(fresh(), tap(-2, 0), { kind: 'tool', tool: 'block' }, tap(2, 0));
    const root = after(blocks, { kind: 'tool', tool: 'spring' }, tap(-2, 0));
    assert.deepEqual(root.first, hex(-2, 0));
    assert.match(root.message, /spring’s end/);
    const sprung = after(root, tap(2, 0));
    assert.equal(sprung.first, null);
    assert.equal(sprung.lock.springs.length, blocks.lock.springs.length + 1, sprung.message);
  });

  it('merges two blocks: the first tap chooses one, the second merges into it', () => {
    const blocks = after(fresh(), tap(-2, 0), { kind: 'tool', tool: 'block' }, tap(-1, 0));
    assert.equal(blocks.lock.pieces.length, 6);
    const chosen = after(blocks, { kind: 'tool', tool: 'merge' }, tap(-2, 0));
    assert.equal(chosen.selected, 4);
    assert.equal(after(chosen, tap(-1, 0)).lock.pieces.length, 5);
    const frame = after(blocks, { kind: 'tool', tool: 'merge' }, tap(5, 0));
    assert.equal(frame.message, 'Tap one of the lock’s blocks first.');
  });

  it('drops the recorded solution when the lock changes, and keeps it otherwise', () => {
    const solved = after(
      fresh(),
      { kind: 'solved', moves: [{ tool: 'wait' }] },
      { kind: 'rename', name: 'x' },
    );
    assert.deepEqual(solved.solution, [{ tool: 'wait' }]);
    assert.equal(after(solved, tap(0, 0)).solution, null);
  });

  it(`keeps ${UNDO_DEPTH} edits to undo`, () => {
    let s = fresh();
    for (let i = 0; i < UNDO_DEPTH + 5; i++) s = after(s, { kind: 'new' });
    assert.equal(s.past.length, UNDO_DEPTH);
  });

  it('starts a new lock of the size chosen, and loads a lock file with its name and solution', () => {
    const s = after(fresh(), tap(0, 0), { kind: 'resize', size: 3 }, { kind: 'new' });
    assert.deepEqual(s.lock, standardLock(3));
    assert.equal(s.message, 'A new lock of size 3.');
    const loaded = after(s, { kind: 'load', text: lockToText(hookLock), name: 'hook.lock', solution: 'hE' });
    assert.equal(loaded.name, 'hook');
    assert.equal(loaded.size, 4);
    assert.equal(loaded.solution?.length, 1);
    assert.equal(loaded.message, 'Loaded hook.lock.');
    assert.equal(after(loaded, { kind: 'undo' }).lock, s.lock);
    const bad = after(s, { kind: 'load', text: 'nonsense', name: 'bad.lock', solution: null });
    assert.equal(bad.lock, s.lock);
    assert.match(bad.message, /^bad\.lock: /);
  });

  it('pre-tensions a spring: its natural length changes, undoably, within what the spring can hold', () => {
    // Block A at -2,0 hung from the frame by a spring placed 3 long.
    const hung = after(fresh(), tap(-2, 0), { kind: 'tool', tool: 'spring' }, tap(-5, 0), tap(-2, 0));
    assert.deepEqual(springRows(hung.lock), [
      { index: 0, joins: 'the frame to block A', length: 3, natural: 3, tension: 'at rest' },
    ]);
    const stretched = after(hung, { kind: 'natural', spring: 0, natural: 2 });
    assert.equal(stretched.lock.springs[0]?.natural, 2);
    assert.equal(springRows(stretched.lock)[0]?.tension, 'stretched: pulls block A towards the frame');
    assert.match(lockToText(stretched.lock), /natural 2/);
    const refused = after(stretched, { kind: 'natural', spring: 0, natural: 1 });
    assert.equal(refused.lock, stretched.lock);
    assert.match(refused.message, /at least 2/);
    const compressed = after(stretched, { kind: 'natural', spring: 0, natural: 4 });
    assert.equal(springRows(compressed.lock)[0]?.tension, 'compressed: pushes block A away from the frame');
    assert.equal(after(compressed, { kind: 'undo' }, { kind: 'undo' }).lock.springs[0]?.natural, 3);
  });
});
