import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Lock,
  lockProblems,
  lockToText,
  parseLockText,
  standardLock,
} from '../../games/intricacy/index.ts';
import { hex } from '../../grid/hex.ts';
import {
  addBall,
  addBlockCell,
  addPivot,
  addSpring,
  eraseAt,
  mergeBlocks,
  pieceAt,
  resize,
  toggleArm,
} from './editor.ts';

const must = (e: { ok: true; lock: Lock } | { ok: false; error: string }): Lock => {
  if (!e.ok) throw new Error(e.error);
  return e.lock;
};

describe('lock editor edits', () => {
  it('builds a valid lock from blocks, a pivot with arms, a ball and a spring, and it round-trips', () => {
    let lock = standardLock(5);
    const a = addBlockCell(lock, hex(0, 0), undefined);
    lock = must(a);
    lock = must(addBlockCell(lock, hex(1, 0), a.ok ? a.block : undefined));
    assert.equal(lock.pieces.length, 5);
    lock = must(addPivot(lock, hex(-1, 2)));
    lock = must(toggleArm(lock, hex(0, 2), undefined));
    lock = must(addBall(lock, hex(2, -2)));
    // A block sprung from the frame on its west side, at its natural length so the lock is at rest.
    lock = must(addBlockCell(lock, hex(-2, -1), undefined));
    lock = must(addSpring(lock, hex(-5, -1), hex(-2, -1)));
    assert.deepEqual(lockProblems(lock), []);
    const back = parseLockText(lockToText(lock));
    assert.ok(back.ok);
    assert.equal(lockToText(back.value), lockToText(lock));
  });

  it('refuses edits that make no sense, with a reason', () => {
    const lock = standardLock(4);
    const wall = addBall(lock, hex(-4, 0));
    assert.equal(wall.ok, false);
    const taken = addBall(lock, pieceCellOfBolt(lock));
    assert.deepEqual(taken, { ok: false, error: 'that cell is taken (erase it first)' });
    assert.match((eraseAt(lock, pieceCellOfBolt(lock)) as { error: string }).error, /part of every lock/);
    assert.match((toggleArm(lock, hex(0, 0), undefined) as { error: string }).error, /no pivot centre/);
    assert.match((addSpring(lock, hex(0, 0), hex(1, 0)) as { error: string }).error, /root/);
  });

  it('merges two blocks into one and erases cells, pieces and springs', () => {
    let lock = standardLock(5);
    lock = must(addBlockCell(lock, hex(0, 0), undefined));
    lock = must(addBlockCell(lock, hex(1, 0), undefined));
    assert.equal(lock.pieces.length, 6);
    lock = must(mergeBlocks(lock, 4, 5));
    assert.equal(lock.pieces.length, 5);
    assert.equal(pieceAt(lock, hex(1, 0)), 4);
    lock = must(eraseAt(lock, hex(1, 0)));
    assert.equal(pieceAt(lock, hex(1, 0)), undefined);
    assert.equal(pieceAt(lock, hex(0, 0)), 4);
    lock = must(addBlockCell(lock, hex(-2, 0), undefined));
    lock = must(addSpring(lock, hex(-5, 0), hex(-2, 0)));
    assert.equal(lock.springs.length, 1);
    lock = must(eraseAt(lock, hex(-3, 0)));
    assert.equal(lock.springs.length, 0, 'erasing a cell the spring runs through removes the spring');
  });

  it('resizes, keeping the pieces that still fit', () => {
    let lock = standardLock(6);
    lock = must(addBall(lock, hex(0, 0)));
    lock = must(addBall(lock, hex(4, -4)));
    const smaller = must(resize(lock, 4));
    assert.equal(smaller.size, 4);
    assert.equal(smaller.pieces.length, 5);
    assert.deepEqual(lockProblems(smaller), []);
  });
});

function pieceCellOfBolt(lock: Lock) {
  const bolt = lock.pieces[1];
  if (bolt?.kind !== 'block') throw new Error('no bolt');
  return bolt.cells[0] as ReturnType<typeof hex>;
}
