import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HEX_DIRECTIONS, type Hex, hex, hexAdd, hexScale } from '../../grid/hex.ts';
import {
  addBall,
  addBlockCell,
  addPivot,
  addSpring,
  type Edit,
  eraseAt,
  mergeBlocks,
  naturalRange,
  pieceAt,
  placeBlock,
  placePivot,
  removePiece,
  resize,
  setSpringNatural,
  springAt,
  springLength,
  springOn,
  toggleArm,
} from './editing.ts';
import { BOLT, key, type Lock, MAX_SIZE, openCells, pieceCells, standardLock, WRENCH } from './lock.ts';
import { lockToText, parseLockText, springCells } from './text.ts';
import { lockProblems } from './validity.ts';

type Done = Extract<Edit, { ok: true }>;
const must = (e: Edit): Done => {
  assert.ok(e.ok, JSON.stringify(e));
  return e;
};
const errorOf = (e: Edit): string => {
  assert.ok(!e.ok, 'the edit should have been refused');
  return e.error;
};
const boltCell = (lock: Lock): Hex => pieceCells(lock.pieces[BOLT] as Lock['pieces'][number])[0] as Hex;

describe('lock editing: blocks and balls', () => {
  it('the block tool grows the chosen block, starts a new one elsewhere, refuses taken or outside cells', () => {
    let r = must(placeBlock(standardLock(4), hex(0, 0), null));
    assert.equal(r.selected, 4);
    r = must(placeBlock(r.lock, hex(1, 0), 4));
    assert.deepEqual(r.lock.pieces[4], { kind: 'block', cells: [hex(0, 0), hex(1, 0)] });
    assert.equal(r.selected, 4);
    r = must(placeBlock(r.lock, hex(-2, 0), 4)); // not touching: a new block
    assert.equal(r.lock.pieces.length, 6);
    assert.equal(r.selected, 5);
    assert.match(errorOf(placeBlock(r.lock, hex(4, 0), null)), /outside the lock/);
    assert.match(errorOf(addBall(r.lock, hex(0, 0))), /taken/);
    assert.deepEqual(lockProblems(r.lock), []);
    // On one of the lock's blocks it selects that block and changes nothing.
    const chose = must(placeBlock(r.lock, hex(1, 0), 5));
    assert.equal(chose.selected, 4);
    assert.equal(chose.lock, r.lock);
    assert.match(errorOf(placeBlock(r.lock, boltCell(r.lock), null)), /taken/, 'the bolt is not chosen');
  });

  it('addBlockCell grows the given block wherever the cell is, or starts a new one', () => {
    let lock = standardLock(5);
    const a = must(addBlockCell(lock, hex(0, 0), undefined));
    assert.equal(a.selected, 4);
    lock = must(addBlockCell(a.lock, hex(3, -1), a.selected)).lock; // not adjacent: still grows
    assert.deepEqual(lock.pieces[4], { kind: 'block', cells: [hex(0, 0), hex(3, -1)] });
    const b = must(addBlockCell(lock, hex(-1, 0), BOLT)); // the bolt is not the lock's own
    assert.equal(b.selected, 5);
    assert.equal(b.lock.pieces.length, 6);
  });

  it('refuses edits that make no sense, with a reason', () => {
    const lock = standardLock(4);
    assert.equal(addBall(lock, hex(-4, 0)).ok, false, 'on the wall');
    assert.deepEqual(addBall(lock, boltCell(lock)), {
      ok: false,
      error: 'that cell is taken (erase it first)',
    });
    assert.match(errorOf(eraseAt(lock, boltCell(lock))), /part of every lock/);
    assert.match(errorOf(toggleArm(lock, hex(0, 0), undefined)), /no pivot centre/);
    assert.match(errorOf(addSpring(lock, hex(0, 0), hex(1, 0))), /root/);
    assert.match(errorOf(eraseAt(lock, hex(0, 0))), /nothing to erase/);
  });
});

describe('lock editing: pivots', () => {
  it('the pivot tool places a centre, adds and removes arms, selects at the centre', () => {
    let r = must(placePivot(standardLock(4), hex(0, 0), null));
    assert.equal(r.selected, 4);
    r = must(placePivot(r.lock, hex(1, 0), 4));
    r = must(placePivot(r.lock, hex(0, 1), 4));
    assert.deepEqual(r.lock.pieces[4], { kind: 'pivot', centre: hex(0, 0), arms: [0, 1] });
    assert.equal(must(placePivot(r.lock, hex(0, 0), null)).selected, 4);
    r = must(placePivot(r.lock, hex(0, 1), null)); // on an arm: take it off
    assert.deepEqual(r.lock.pieces[4], { kind: 'pivot', centre: hex(0, 0), arms: [0] });
    // Next to the centre but with nothing selected: a second pivot.
    r = must(placePivot(r.lock, hex(-1, 0), null));
    assert.deepEqual(r.lock.pieces[5], { kind: 'pivot', centre: hex(-1, 0), arms: [] });
  });

  it('toggleArm finds the one pivot next to the cell, or the preferred one of two', () => {
    let lock = must(addPivot(standardLock(5), hex(0, 0))).lock;
    lock = must(toggleArm(lock, hex(1, 0), undefined)).lock;
    assert.deepEqual(lock.pieces[4], { kind: 'pivot', centre: hex(0, 0), arms: [0] });
    lock = must(addPivot(lock, hex(2, -2))).lock;
    // (1,-1) is next to both centres.
    assert.match(errorOf(toggleArm(lock, hex(1, -1), undefined)), /two pivots/);
    const armed = must(toggleArm(lock, hex(1, -1), 5));
    assert.equal(armed.selected, 5);
    assert.deepEqual(armed.lock.pieces[5], { kind: 'pivot', centre: hex(2, -2), arms: [2] });
    assert.match(errorOf(toggleArm(lock, hex(0, 0), undefined)), /empty cell next to a pivot centre/);
    lock = must(toggleArm(armed.lock, hex(1, 0), undefined)).lock; // again: the arm comes off
    assert.deepEqual(lock.pieces[4], { kind: 'pivot', centre: hex(0, 0), arms: [] });
  });

  it('erases arms, whole pivots at their centre, and never the hook', () => {
    let lock = must(placePivot(standardLock(4), hex(0, 0), null)).lock;
    lock = must(placePivot(lock, hex(1, 0), 4)).lock;
    lock = must(placePivot(lock, hex(0, 1), 4)).lock;
    const noArm = must(eraseAt(lock, hex(1, 0)));
    assert.deepEqual(noArm.lock.pieces[4], { kind: 'pivot', centre: hex(0, 0), arms: [1] });
    assert.equal(noArm.selected, undefined, 'erasing an arm leaves the selection alone');
    const gone = must(eraseAt(noArm.lock, hex(0, 0)));
    assert.equal(gone.lock.pieces.length, 4);
    assert.equal(gone.selected, null, 'a removed piece clears the selection');
    assert.equal(eraseAt(gone.lock, hex(-3, -2)).ok, false, 'the hook stays');
  });
});

describe('lock editing: springs', () => {
  it('hangs the bolt on a spring, and keeps spring ends right when pieces go', () => {
    let lock = must(placeBlock(standardLock(4), hex(-1, 2), null)).lock;
    lock = must(addSpring(lock, hex(-4, 2), hex(-1, 2))).lock;
    lock = must(addSpring(lock, hex(-1, 2), hex(1, 2))).lock;
    assert.deepEqual(lockProblems(lock), []);
    assert.match(lockToText(lock), /spring -4,2 -> -1,2 natural 3\nspring -1,2 -> 1,2 natural 2/);
    assert.match(errorOf(addSpring(lock, hex(-1, 2), hex(0, 0))), /end must be a cell of a block/);
    const withBall = must(addBall(lock, hex(0, 0))).lock;
    assert.equal(addSpring(withBall, hex(-1, 2), hex(1, 1)).ok, false, 'no block at the end');
    // Removing a piece before the block renumbers the springs' ends.
    const ball = must(addBall(standardLock(4), hex(0, 0))).lock;
    let two = must(placeBlock(ball, hex(-1, 2), null)).lock;
    two = must(addSpring(two, hex(-1, 2), hex(1, 2))).lock;
    const gone = removePiece(two, 4);
    assert.equal(gone.springs[0]?.root, 4);
    assert.deepEqual(lockProblems(gone), []);
  });

  it('refuses springs off an axis, through pieces, onto the frame, from a pivot arm, or within a piece', () => {
    let lock = must(addBlockCell(standardLock(5), hex(0, 0), undefined)).lock;
    lock = must(addBlockCell(lock, hex(2, 1), undefined)).lock;
    assert.match(errorOf(addSpring(lock, hex(0, 0), hex(2, 1))), /straight along one of the three hex axes/);
    lock = must(addBlockCell(lock, hex(3, 0), undefined)).lock;
    lock = must(addBall(lock, hex(1, 0))).lock;
    assert.match(errorOf(addSpring(lock, hex(0, 0), hex(3, 0))), /through another piece/);
    assert.match(errorOf(addSpring(lock, hex(0, 0), hex(-5, 0))), /other than the frame/);
    lock = must(addBlockCell(lock, hex(0, -1), 4)).lock;
    assert.match(errorOf(addSpring(lock, hex(0, 0), hex(0, -1))), /two different pieces/);
    lock = must(addPivot(lock, hex(-2, 2))).lock;
    lock = must(toggleArm(lock, hex(-1, 2), undefined)).lock;
    assert.match(errorOf(addSpring(lock, hex(-1, 2), hex(-1, 0))), /pivot's centre/);
    const fromCentre = must(addSpring(lock, hex(-2, 2), hex(0, 0)));
    assert.deepEqual(fromCentre.lock.springs.at(-1), {
      root: 8,
      rootAnchor: hex(-2, 2),
      end: 4,
      endAnchor: hex(0, 0),
      natural: 2,
    });
  });

  it('erases a spring through an empty cell, and those anchored on an erased block cell', () => {
    let lock = standardLock(5);
    lock = must(addBlockCell(lock, hex(-2, 0), undefined)).lock;
    lock = must(addSpring(lock, hex(-5, 0), hex(-2, 0))).lock;
    assert.equal(springAt(lock, hex(-3, 0)), 0);
    assert.equal(springAt(lock, hex(-2, 0)), undefined, 'an anchor is not on the spring');
    assert.equal(must(eraseAt(lock, hex(-3, 0))).lock.springs.length, 0);
    lock = must(addBlockCell(lock, hex(-2, 1), 4)).lock;
    const cut = must(eraseAt(lock, hex(-2, 0)));
    assert.deepEqual(cut.lock.pieces[4], { kind: 'block', cells: [hex(-2, 1)] });
    assert.equal(cut.lock.springs.length, 0, 'its anchor went with the cell');
  });
});

describe('lock editing: pre-tensioned springs', () => {
  // Block A at -2,0 hangs from the frame by a spring placed 3 long.
  const hung = () => {
    const lock = must(addBlockCell(standardLock(5), hex(-2, 0), undefined)).lock;
    return must(addSpring(lock, hex(-5, 0), hex(-2, 0))).lock;
  };

  it('stretches a spring (natural length shorter than placed): it pulls, so the lock needs something to hold it', () => {
    const lock = hung();
    assert.deepEqual(naturalRange(lock, 0), { min: 2, max: 50 });
    const stretched = must(setSpringNatural(lock, 0, 2)).lock;
    assert.equal(stretched.springs[0]?.natural, 2);
    assert.equal(
      springLength(stretched.springs[0] as Lock['springs'][number]),
      3,
      'the spring stays where it is',
    );
    assert.match(lockProblems(stretched).join('\n'), /not at rest: an idle turn moves piece 4 \(block A\)/);
    // Two balls between A and the frame hold it: at rest, valid, and the file keeps the tension.
    let held = must(addBall(stretched, hex(-3, 0))).lock;
    held = must(addBall(held, hex(-4, 0))).lock;
    assert.deepEqual(lockProblems(held), []);
    assert.match(lockToText(held), /spring -5,0 -> -2,0 natural 2/);
    const back = parseLockText(lockToText(held));
    assert.ok(back.ok);
    assert.equal(lockToText(back.value), lockToText(held));
    assert.equal(back.value.springs[0]?.natural, 2);
  });

  it('compresses a spring (natural length longer than placed): it pushes its end away', () => {
    const compressed = must(setSpringNatural(hung(), 0, 5)).lock;
    assert.equal(compressed.springs[0]?.natural, 5);
    assert.match(lockProblems(compressed).join('\n'), /not at rest/);
  });

  it('refuses natural lengths the spring model cannot hold, saying which are possible', () => {
    const lock = hung();
    assert.match(errorOf(setSpringNatural(lock, 0, 1)), /placed 3 long .* at least 2/);
    assert.match(errorOf(setSpringNatural(lock, 0, 0)), /whole number/);
    assert.match(errorOf(setSpringNatural(lock, 0, 2.5)), /whole number/);
    assert.match(errorOf(setSpringNatural(lock, 0, 51)), /at most 50/);
    assert.match(errorOf(setSpringNatural(lock, 1, 3)), /no such spring/);
  });

  it('finds the spring at a cell: one running through it, else one anchored there', () => {
    const lock = hung();
    assert.equal(springOn(lock, hex(-3, 0)), 0);
    assert.equal(springOn(lock, hex(-2, 0)), 0);
    assert.equal(springOn(lock, hex(0, 0)), undefined);
  });
});

describe('lock editing: merging, resizing, and a whole lock', () => {
  it('merges two blocks into one, dropping the springs between them', () => {
    let lock = must(placeBlock(standardLock(4), hex(0, -1), null)).lock;
    lock = must(placeBlock(lock, hex(2, -1), null)).lock;
    lock = must(addSpring(lock, hex(0, -1), hex(2, -1))).lock;
    const merged = must(mergeBlocks(lock, 4, 5));
    assert.deepEqual(merged.lock.pieces[4], { kind: 'block', cells: [hex(0, -1), hex(2, -1)] });
    assert.equal(merged.lock.springs.length, 0);
    assert.equal(merged.selected, 4);
    assert.match(errorOf(mergeBlocks(lock, 4, 4)), /itself/);
    assert.match(errorOf(mergeBlocks(lock, 1, 4)), /frame and the bolt/, 'not the bolt');
    assert.match(errorOf(mergeBlocks(lock, undefined, 4)), /selected block/);
  });

  it('merging keeps the other springs of the merged-in block, renumbered', () => {
    let lock = standardLock(5);
    lock = must(addBlockCell(lock, hex(0, 0), undefined)).lock; // 4
    lock = must(addBlockCell(lock, hex(1, 0), undefined)).lock; // 5
    lock = must(addBlockCell(lock, hex(-2, 0), undefined)).lock; // 6
    lock = must(addSpring(lock, hex(-5, 0), hex(-2, 0))).lock;
    const merged = must(mergeBlocks(lock, 6, 4));
    assert.equal(merged.selected, 5, 'the merged block moved down one place');
    assert.equal(merged.lock.pieces.length, 6);
    assert.equal(pieceAt(merged.lock, hex(0, 0)), 5);
    assert.equal(pieceAt(merged.lock, hex(1, 0)), 4);
    assert.deepEqual(
      merged.lock.springs.map((s) => [s.root, s.end]),
      [[0, 5]],
    );
  });

  it('merges two blocks into one and erases cells, pieces and springs', () => {
    let lock = standardLock(5);
    lock = must(addBlockCell(lock, hex(0, 0), undefined)).lock;
    lock = must(addBlockCell(lock, hex(1, 0), undefined)).lock;
    assert.equal(lock.pieces.length, 6);
    lock = must(mergeBlocks(lock, 4, 5)).lock;
    assert.equal(lock.pieces.length, 5);
    assert.equal(pieceAt(lock, hex(1, 0)), 4);
    lock = must(eraseAt(lock, hex(1, 0))).lock;
    assert.equal(pieceAt(lock, hex(1, 0)), undefined);
    assert.equal(pieceAt(lock, hex(0, 0)), 4);
    lock = must(addBlockCell(lock, hex(-2, 0), undefined)).lock;
    lock = must(addSpring(lock, hex(-5, 0), hex(-2, 0))).lock;
    assert.equal(lock.springs.length, 1);
    lock = must(eraseAt(lock, hex(-3, 0))).lock;
    assert.equal(lock.springs.length, 0, 'erasing a cell the spring runs through removes the spring');
  });

  it('resizes, keeping the pieces and springs that still fit', () => {
    let lock = standardLock(6);
    lock = must(addBall(lock, hex(0, 0))).lock;
    lock = must(addBall(lock, hex(4, -4))).lock;
    const smaller = must(resize(lock, 4));
    assert.equal(smaller.lock.size, 4);
    assert.equal(smaller.lock.pieces.length, 5);
    assert.deepEqual(lockProblems(smaller.lock), []);
    assert.match(errorOf(resize(lock, 0)), /size 1 to 11/);
    assert.match(errorOf(resize(lock, MAX_SIZE + 1)), /size 1 to 11/);
    // A block hung from the west wall: the wall cell stays part of the frame at size 5 and 6.
    let hung = must(addBlockCell(standardLock(5), hex(-2, 0), undefined)).lock;
    hung = must(addSpring(hung, hex(-5, 0), hex(-2, 0))).lock;
    assert.equal(must(resize(hung, 6)).lock.springs.length, 0, 'the wall moved out: the spring goes');
    const grown = must(resize(hung, 5));
    assert.deepEqual(grown.lock, hung);
  });

  it('builds a valid lock from blocks, a pivot with arms, a ball and a spring, and it round-trips', () => {
    let lock = standardLock(5);
    const a = must(addBlockCell(lock, hex(0, 0), undefined));
    lock = must(addBlockCell(a.lock, hex(1, 0), a.selected)).lock;
    assert.equal(lock.pieces.length, 5);
    lock = must(addPivot(lock, hex(-1, 2))).lock;
    lock = must(toggleArm(lock, hex(0, 2), undefined)).lock;
    lock = must(addBall(lock, hex(2, -2))).lock;
    // A block sprung from the frame on its west side, at its natural length so the lock is at rest.
    lock = must(addBlockCell(lock, hex(-2, -1), undefined)).lock;
    lock = must(addSpring(lock, hex(-5, -1), hex(-2, -1))).lock;
    assert.deepEqual(lockProblems(lock), []);
    const back = parseLockText(lockToText(lock));
    assert.ok(back.ok);
    assert.equal(lockToText(back.value), lockToText(lock));
  });
});

// ---------------------------------------------------------------------------------------------
// Property: whatever a user does in either editor, the lock stays one the text format writes and
// reads back, and structurally sound (no overlaps, standard frame and tools, springs on their
// pieces). Only whole-lock problems (a spring cycle, not at rest) may remain for validity.ts.

/**
 * Where a step acts, resolved against the lock of the moment so that most steps hit something:
 * an open cell, a cell of the bolt or the lock's own pieces or springs, or any cell (mostly refused).
 */
interface Where {
  readonly kind: 'open' | 'used' | 'anywhere';
  readonly pick: number;
  readonly x: number;
  readonly y: number;
}
type CellOp = 'block' | 'newBlock' | 'ball' | 'pivot' | 'arm' | 'erase' | 'tapBlock' | 'tapPivot';
type Step =
  | { readonly op: CellOp; readonly where: Where }
  | { readonly op: 'spring'; readonly where: Where; readonly dir: number; readonly length: number }
  | { readonly op: 'merge'; readonly into: number; readonly from: number }
  | { readonly op: 'natural'; readonly spring: number; readonly natural: number }
  | { readonly op: 'resize'; readonly by: number }
  | { readonly op: 'select'; readonly piece: number | null };

const where: fc.Arbitrary<Where> = fc.record({
  kind: fc.constantFrom('open', 'open', 'open', 'used', 'used', 'anywhere'),
  pick: fc.nat(),
  x: fc.integer({ min: -8, max: 8 }),
  y: fc.integer({ min: -8, max: 8 }),
});
const CELL_OPS: readonly CellOp[] = [
  'block',
  'newBlock',
  'ball',
  'pivot',
  'arm',
  'erase',
  'tapBlock',
  'tapPivot',
];
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ op: fc.constantFrom(...CELL_OPS), where }) },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('spring' as const),
      where,
      dir: fc.integer({ min: 0, max: 5 }),
      length: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('merge' as const), into: fc.nat(), from: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('natural' as const),
      spring: fc.nat(),
      natural: fc.integer({ min: 0, max: 9 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('resize' as const), by: fc.constantFrom(-1, 1) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('select' as const), piece: fc.option(fc.nat()) }) },
);

function cellOf(lock: Lock, w: Where): Hex {
  const cells =
    w.kind === 'open'
      ? openCells(lock.size)
      : w.kind === 'used'
        ? [
            ...lock.pieces.filter((_, i) => i === BOLT || i > WRENCH).flatMap(pieceCells),
            ...lock.springs.flatMap(springCells),
          ]
        : [];
  return cells[w.pick % cells.length] ?? hex(w.x, w.y);
}

function run(lock: Lock, selected: number | null, s: Step): Edit | null {
  switch (s.op) {
    case 'block':
      return addBlockCell(lock, cellOf(lock, s.where), selected);
    case 'newBlock':
      return addBlockCell(lock, cellOf(lock, s.where), undefined);
    case 'tapBlock':
      return placeBlock(lock, cellOf(lock, s.where), selected);
    case 'ball':
      return addBall(lock, cellOf(lock, s.where));
    case 'pivot':
      return addPivot(lock, cellOf(lock, s.where));
    case 'arm':
      return toggleArm(lock, cellOf(lock, s.where), selected);
    case 'tapPivot':
      return placePivot(lock, cellOf(lock, s.where), selected);
    case 'erase':
      return eraseAt(lock, cellOf(lock, s.where));
    case 'spring': {
      // Back from a cell in use (most likely a block's) to a root that may be a wall or a piece.
      const to = cellOf(lock, s.where);
      return addSpring(lock, hexAdd(to, hexScale(HEX_DIRECTIONS[s.dir] as Hex, -s.length)), to);
    }
    case 'merge': {
      const blocks = lock.pieces.flatMap((p, i) => (p.kind === 'block' ? [i] : []));
      return mergeBlocks(lock, blocks[s.into % blocks.length], blocks[s.from % blocks.length]);
    }
    case 'natural':
      return setSpringNatural(lock, s.spring % Math.max(1, lock.springs.length), s.natural);
    case 'resize':
      return resize(lock, Math.max(1, Math.min(7, lock.size + s.by)));
    case 'select':
      return null;
  }
}

function assertSound(lock: Lock): void {
  const text = lockToText(lock);
  const back = parseLockText(text);
  assert.ok(back.ok, `${back.ok ? '' : back.error}\n${text}`);
  assert.equal(lockToText(back.value), text);
  const standard = standardLock(lock.size);
  assert.deepEqual(lock.pieces.slice(0, 4), standard.pieces);
  const cells = lock.pieces.flatMap(pieceCells).map(key);
  assert.equal(new Set(cells).size, cells.length, 'no two pieces share a cell');
  for (const p of lockProblems(lock)) assert.match(p, /form a cycle|not at rest/, text);
}

describe('lock editing: any sequence of edits', () => {
  it('keeps a sound lock that round-trips through its text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.array(step, { minLength: 20, maxLength: 60 }),
        (size, steps) => {
          let lock = standardLock(size);
          let selected: number | null = null;
          for (const s of steps) {
            if (s.op === 'select') {
              selected = s.piece === null ? null : s.piece % lock.pieces.length;
              continue;
            }
            const e = run(lock, selected, s);
            if (!e) continue;
            if (!e.ok) {
              assert.ok(e.error.length > 0);
              continue;
            }
            lock = e.lock;
            if (e.selected !== undefined) selected = e.selected;
            assertSound(lock);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
