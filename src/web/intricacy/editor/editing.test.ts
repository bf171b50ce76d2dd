import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lockProblems, lockToText } from '../../../games/intricacy/index.ts';
import { hex } from '../../../grid/hex.ts';
import {
  emptyLock,
  erase,
  mergeBlocks,
  placeBall,
  placeBlock,
  placePivot,
  placeSpring,
  removePiece,
} from './editing.ts';

const must = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => {
  assert.ok(r.ok, JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

describe('lock editor operations', () => {
  it('grows the chosen block, starts a new one elsewhere, and refuses taken or outside cells', () => {
    let r = must(placeBlock(emptyLock(4), hex(0, 0), null));
    assert.equal(r.selected, 4);
    r = must(placeBlock(r.lock, hex(1, 0), 4));
    assert.deepEqual(r.lock.pieces[4], { kind: 'block', cells: [hex(0, 0), hex(1, 0)] });
    r = must(placeBlock(r.lock, hex(-2, 0), 4)); // not touching: a new block
    assert.equal(r.lock.pieces.length, 6);
    assert.equal(placeBlock(r.lock, hex(4, 0), null).ok, false);
    assert.match((placeBall(r.lock, hex(0, 0)) as { error: string }).error, /taken/);
    assert.deepEqual(lockProblems(r.lock), []);
  });

  it('places a pivot, adds and removes arms; erases cells, arms, pieces and springs', () => {
    let lock = must(placePivot(emptyLock(4), hex(0, 0), null)).lock;
    lock = must(placePivot(lock, hex(1, 0), 4)).lock;
    lock = must(placePivot(lock, hex(0, 1), 4)).lock;
    assert.deepEqual(lock.pieces[4], { kind: 'pivot', centre: hex(0, 0), arms: [0, 1] });
    lock = must(erase(lock, hex(1, 0))).lock;
    assert.deepEqual(lock.pieces[4], { kind: 'pivot', centre: hex(0, 0), arms: [1] });
    lock = must(erase(lock, hex(0, 0))).lock;
    assert.equal(lock.pieces.length, 4);
    assert.equal(erase(lock, hex(-3, -2)).ok, false, 'the hook stays');
  });

  it('hangs the bolt on a spring, and keeps spring ends right when pieces go', () => {
    let lock = must(placeBlock(emptyLock(4), hex(-1, 2), null)).lock;
    lock = must(placeSpring(lock, hex(-4, 2), hex(-1, 2))).lock;
    lock = must(placeSpring(lock, hex(-1, 2), hex(1, 2))).lock;
    assert.deepEqual(lockProblems(lock), []);
    assert.match(lockToText(lock), /spring -4,2 -> -1,2 natural 3\nspring -1,2 -> 1,2 natural 2/);
    assert.equal(placeSpring(lock, hex(-1, 2), hex(0, 0)).ok, false, 'no block at the end');
    const withBall = must(placeBall(lock, hex(0, 0))).lock;
    assert.equal(placeSpring(withBall, hex(-1, 2), hex(1, 1)).ok, false, 'not along an axis');
    // Removing a piece before the block renumbers the springs' ends.
    const ball = must(placeBall(emptyLock(4), hex(0, 0))).lock;
    let two = must(placeBlock(ball, hex(-1, 2), null)).lock;
    two = must(placeSpring(two, hex(-1, 2), hex(1, 2))).lock;
    const gone = removePiece(two, 4);
    assert.equal(gone.springs[0]?.root, 4);
    assert.deepEqual(lockProblems(gone), []);
  });

  it('merges two blocks into one, dropping the springs between them', () => {
    let lock = must(placeBlock(emptyLock(4), hex(0, -1), null)).lock;
    lock = must(placeBlock(lock, hex(2, -1), null)).lock;
    lock = must(placeSpring(lock, hex(0, -1), hex(2, -1))).lock;
    const merged = must(mergeBlocks(lock, 4, 5));
    assert.deepEqual(merged.lock.pieces[4], { kind: 'block', cells: [hex(0, -1), hex(2, -1)] });
    assert.equal(merged.lock.springs.length, 0);
    assert.equal(mergeBlocks(lock, 4, 4).ok, false);
    assert.equal(mergeBlocks(lock, 1, 4).ok, false, 'not the bolt');
  });
});
