import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INITIATION } from './curriculum.ts';
import { initiationComplete, initiationSolved, readProgress, withSolve } from './progress.ts';

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
});
