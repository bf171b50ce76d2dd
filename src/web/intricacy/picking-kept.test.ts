import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { goTo, playMoves, setMark, startPicking } from '../../games/intricacy/index.ts';
import { collectionLock, moveList } from '../../games/intricacy/test-fixtures.ts';
import { halfPicked, keepPicking, resumePicking } from './picking-kept.ts';

const HOOK = collectionLock('tutorial/05-hook');
const OTHER = collectionLock('tutorial/01-winning');

describe('a half-picked lock kept across a reload', () => {
  const played = playMoves(startPicking(HOOK), moveList('hE hE hNE hNE')).picking;
  const undone = setMark(goTo(played, 3), 'a');

  it('comes back with its moves, the turn on screen (redo list kept) and the marks', () => {
    const stored = JSON.parse(JSON.stringify(keepPicking(HOOK, undone)));
    const back = resumePicking(HOOK, stored);
    assert.ok(back);
    assert.equal(back.at, 3);
    assert.equal(back.moves.length, 4);
    assert.deepEqual(back.marks, { a: 3 });
    assert.deepEqual(back.states[4]?.lock, played.states[4]?.lock);
  });

  it('is not used for another lock, and a damaged record is ignored', () => {
    const stored = keepPicking(HOOK, undone);
    assert.equal(resumePicking(OTHER, stored), null);
    assert.equal(resumePicking(HOOK, { ...stored, moves: 'hE zz' }), null);
    assert.equal(resumePicking(HOOK, { ...stored, moves: '' }), null);
    assert.equal(resumePicking(HOOK, 'nonsense'), null);
    const odd = resumePicking(HOOK, { ...stored, at: 99, marks: { a: 2, '!': 1, b: 40 } });
    assert.equal(odd?.at, 4);
    assert.deepEqual(odd?.marks, { a: 2 });
  });
});

describe('the half-picked lock the welcome page offers to carry on', () => {
  const text = 'intricacy lock size 1\n';
  it('is the kept lock when its history has moves', () => {
    const history = { lock: text, moves: 'hE hE', at: 1, marks: {} };
    assert.deepEqual(halfPicked({ name: 'tutorial/05-hook', text }, history), {
      name: 'tutorial/05-hook',
      turn: 1,
    });
  });
  it('is nothing without moves, or when the history is of another lock', () => {
    assert.equal(halfPicked({ name: 'x', text }, { lock: text, moves: '', at: 0 }), null);
    assert.equal(halfPicked({ name: 'x', text }, { lock: 'other', moves: 'hE', at: 1 }), null);
    assert.equal(halfPicked(undefined, undefined), null);
  });
});
