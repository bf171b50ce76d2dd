import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hex } from '../../grid/hex.ts';
import { createRng } from '../../grid/rng.ts';
import { turnLock } from './game.ts';
import { type Lock, type Piece, type Spring, standardLock } from './lock.ts';
import { ALL_MOVES } from './notation.ts';
import type { ToolMove } from './physics.ts';
import { randomLock } from './random.ts';
import { lockFromJson, lockProblems } from './validity.ts';

const base = standardLock(4);
const withPieces = (pieces: Piece[], springs: Spring[] = []): Lock => ({
  ...base,
  pieces: [...base.pieces, ...pieces],
  springs,
});

describe('lock validity', () => {
  const cases: [string, Lock, RegExp][] = [
    [
      'overlapping pieces',
      withPieces([
        { kind: 'ball', at: hex(0, 0) },
        { kind: 'ball', at: hex(0, 0) },
      ]),
      /^piece 5 \(ball at 0,0\): cell 0,0 overlaps piece 4 \(ball at 0,0\)$/,
    ],
    [
      'a piece outside the frame',
      withPieces([{ kind: 'ball', at: hex(9, 0) }]),
      /^piece 4 \(ball at 9,0\): cell 9,0 is outside the lock$/,
    ],
    [
      'a piece on the frame',
      withPieces([{ kind: 'ball', at: hex(-4, 0) }]),
      /^piece 4 \(ball at -4,0\): cell -4,0 is outside the lock$/,
    ],
    [
      'a bent spring',
      withPieces(
        [{ kind: 'block', cells: [hex(1, 1)] }],
        [{ root: 0, rootAnchor: hex(-4, 0), end: 4, endAnchor: hex(1, 1), natural: 3 }],
      ),
      /^spring 1 \(-4,0 -> 1,1\): not straight along a hex axis$/,
    ],
    [
      'a spring beyond its range',
      withPieces(
        [{ kind: 'block', cells: [hex(0, 0)] }],
        [{ root: 0, rootAnchor: hex(-4, 0), end: 4, endAnchor: hex(0, 0), natural: 1 }],
      ),
      /^spring 1 \(-4,0 -> 0,0\): length 4 is outside its range 1 to 2$/,
    ],
    [
      'a spring anchored off its piece',
      withPieces(
        [{ kind: 'block', cells: [hex(0, 0)] }],
        [{ root: 0, rootAnchor: hex(-3, 0), end: 4, endAnchor: hex(0, 0), natural: 3 }],
      ),
      /^spring 1 \(-3,0 -> 0,0\): cell -3,0 is not a cell of its root the frame$/,
    ],
    [
      'a spring ending on a ball',
      withPieces(
        [{ kind: 'ball', at: hex(0, 0) }],
        [{ root: 0, rootAnchor: hex(-4, 0), end: 4, endAnchor: hex(0, 0), natural: 4 }],
      ),
      /its end must be a block/,
    ],
    [
      'a cycle of springs',
      withPieces(
        [
          { kind: 'block', cells: [hex(0, 0)] },
          { kind: 'block', cells: [hex(2, 0)] },
        ],
        [
          { root: 4, rootAnchor: hex(0, 0), end: 5, endAnchor: hex(2, 0), natural: 2 },
          { root: 5, rootAnchor: hex(2, 0), end: 4, endAnchor: hex(0, 0), natural: 2 },
        ],
      ),
      /the springs form a cycle/,
    ],
    [
      'a lock not at rest',
      withPieces(
        [{ kind: 'block', cells: [hex(0, 0)] }],
        [{ root: 0, rootAnchor: hex(-4, 0), end: 4, endAnchor: hex(0, 0), natural: 3 }],
      ),
      /^the lock is not at rest: an idle turn moves piece 4 \(block A\)$/,
    ],
    [
      'a non-standard frame',
      { ...base, pieces: [{ kind: 'block', cells: [hex(5, 5)] }, ...base.pieces.slice(1)] },
      /the frame is not the standard frame of a size 4 lock/,
    ],
    [
      'a displaced bolt',
      {
        ...base,
        pieces: [base.pieces[0] as Piece, { kind: 'block', cells: [hex(0, 0)] }, ...base.pieces.slice(2)],
      },
      /^the bolt must cover 1,2 2,2 3,2$/,
    ],
    [
      'a moving wrench',
      { ...base, pieces: [...base.pieces.slice(0, 3), { kind: 'wrench', at: hex(-2, -3), momentum: 0 }] },
      /the wrench must start still/,
    ],
  ];
  for (const [what, lock, message] of cases) {
    it(`reports ${what}`, () => {
      const problems = lockProblems(lock);
      assert.ok(
        problems.some((p) => message.test(p)),
        problems.join('\n'),
      );
    });
  }

  it('accepts states with tools anywhere inside but still checks them', () => {
    const moved: Lock = {
      ...base,
      pieces: [...base.pieces.slice(0, 3), { kind: 'wrench', at: hex(0, 0), momentum: 2 }],
    };
    assert.deepEqual(lockProblems(moved, { as: 'state' }), []);
    assert.notDeepEqual(lockProblems(moved), []);
  });

  it('reads the JSON form strictly', () => {
    assert.deepEqual(lockFromJson(JSON.parse(JSON.stringify(base))), { ok: true, value: base });
    const bad = lockFromJson({ ...base, pieces: [{ kind: 'teapot' }] });
    assert.deepEqual(bad, {
      ok: false,
      error: 'lock JSON: pieces[0].kind must be block, pivot, ball, hook or wrench',
    });
    assert.equal(lockFromJson({ ...base, size: 40 }).ok, false);
    assert.equal(lockFromJson('lock').ok, false);
  });
});

describe('random play never breaks a lock (property)', () => {
  const play = (lock: Lock, moves: number[]) => {
    let state = lock;
    for (const m of moves) {
      state = turnLock(state, ALL_MOVES[m] as ToolMove).lock;
      assert.deepEqual(lockProblems(state, { as: 'state' }), []);
    }
  };
  const moves = fc.array(fc.integer({ min: 0, max: ALL_MOVES.length - 1 }), { maxLength: 60 });

  it('random moves on random valid locks only reach valid states', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 3, max: 6 }),
        moves,
        (seed, size, list) => {
          const lock = randomLock(createRng(seed), { size, pieces: 3 * size });
          assert.deepEqual(lockProblems(lock), [], 'the random lock is valid');
          play(lock, list);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('random moves from random states (tools inside, wrench maybe moving) only reach valid states', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 3, max: 6 }),
        moves,
        (seed, size, list) => {
          const lock = randomLock(createRng(seed), { size, pieces: 2 * size, toolsInside: true });
          assert.deepEqual(lockProblems(lock, { as: 'state' }), [], 'the random state is valid');
          play(lock, list);
        },
      ),
      { numRuns: 150 },
    );
  });
});
