import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INITIATION, TUTORIAL } from './curriculum.ts';
import {
  firstUnsolved,
  initiationComplete,
  initiationSolved,
  readProgress,
  solvedCount,
  withSolve,
} from './progress.ts';

describe('progress through the tutorial and the initiation', () => {
  it('reads only well-formed entries from what was stored', () => {
    assert.deepEqual(readProgress({ a: 5, b: '5', c: -1, d: 2.5, e: 0 }), { a: 5, e: 0 });
    assert.deepEqual(readProgress(null), {});
    assert.deepEqual(readProgress('{"a":1}'), {});
  });

  it('keeps the fewest turns a lock was opened in', () => {
    const once = withSolve({}, 'tutorial/01-winning', 9);
    assert.deepEqual(once, { 'tutorial/01-winning': 9 });
    assert.deepEqual(withSolve(once, 'tutorial/01-winning', 12), once);
    assert.deepEqual(withSolve(once, 'tutorial/01-winning', 6), { 'tutorial/01-winning': 6 });
  });

  it('counts the initiation done when every initiation lock is open, or when it is skipped', () => {
    const all = Object.fromEntries(INITIATION.map((l) => [l.name, 30]));
    const allButOne = Object.fromEntries(INITIATION.slice(1).map((l) => [l.name, 30]));
    assert.equal(initiationSolved(allButOne), INITIATION.length - 1);
    assert.ok(initiationComplete(all, false));
    assert.ok(!initiationComplete(allButOne, false));
    assert.ok(initiationComplete({}, true));
  });

  it('starts a course at its first lock not yet opened, and counts those opened', () => {
    const firstTwo = Object.fromEntries(TUTORIAL.slice(0, 2).map((l) => [l.name, 9]));
    assert.equal(firstUnsolved(TUTORIAL, {}), 0);
    assert.equal(firstUnsolved(TUTORIAL, firstTwo), 2);
    assert.equal(firstUnsolved(TUTORIAL, Object.fromEntries(TUTORIAL.map((l) => [l.name, 9]))), 0);
    assert.equal(solvedCount(TUTORIAL, firstTwo), 2);
  });
});
