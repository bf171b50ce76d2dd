import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMarks, isMarkName, nextFreeMark } from './marks.ts';
import { current, goTo, playMoves, setMark, solution, startPicking, toMark } from './picking.ts';
import { collectionLock, moveList as moves } from './test-fixtures.ts';

// The hanging lock: the bolt hangs on a spring from block A.
const lock = collectionLock('tutorial/05-hook');

describe('picking history', () => {
  it('records the solution, and undo keeps the future for redo until a new move', () => {
    let p = playMoves(startPicking(lock), moves('hE hE hNE hNE hNE h+ hW')).picking;
    assert.equal(current(p).opened, true);
    assert.equal(solution(p)?.length, 7);
    p = goTo(p, 3);
    assert.equal(solution(p), null);
    assert.equal(p.states.length, 8);
    p = playMoves(p, moves('.')).picking;
    assert.equal(p.states.length, 5, 'a new move drops the redo history');
  });
});

describe('named marks', () => {
  it('sets marks by name, jumps to each keeping the redo list, and names an unknown one', () => {
    let p = playMoves(startPicking(lock), moves('hE hE')).picking;
    p = setMark(p, 'a');
    p = playMoves(p, moves('hNE hNE')).picking;
    p = setMark(p, 'b');
    p = playMoves(p, moves('hNE')).picking;
    assert.equal(formatMarks(p.marks), 'a@2 b@4');
    const a = toMark(p, 'a');
    assert.ok(a.ok);
    assert.equal(a.value.at, 2);
    assert.equal(a.value.states.length, 6, 'the redo list is kept');
    const b = toMark(a.value, 'b');
    assert.ok(b.ok);
    assert.equal(b.value.at, 4);
    assert.equal(current(b.value), p.states[4]);
    assert.deepEqual(toMark(p, 'x'), { ok: false, error: 'no mark x' });
    // Setting a mark again moves it.
    assert.equal(formatMarks(setMark(goTo(p, 1), 'a').marks), 'a@1 b@4');
  });

  it('drops the marks beyond the turn on screen when a new move replaces the rest', () => {
    let p = playMoves(startPicking(lock), moves('hE')).picking;
    p = setMark(p, 'a');
    p = setMark(playMoves(p, moves('hE hNE')).picking, 'b');
    p = playMoves(goTo(p, 2), moves('.')).picking;
    assert.equal(formatMarks(p.marks), 'a@1');
    assert.equal(toMark(p, 'b').ok, false);
  });

  it('names marks by one letter or digit, and offers the next free letter', () => {
    assert.ok(isMarkName('a') && isMarkName('Z') && isMarkName('7'));
    assert.ok(!isMarkName('Escape') && !isMarkName("'") && !isMarkName(''));
    let p = startPicking(lock);
    assert.equal(nextFreeMark(p.marks), 'a');
    p = setMark(setMark(p, 'a'), 'c');
    assert.equal(nextFreeMark(p.marks), 'b');
  });
});
