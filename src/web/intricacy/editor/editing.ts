/**
 * The lock editor's operations, pure functions from lock to lock: place and erase blocks,
 * pivots and their arms, balls and springs, and merge two blocks. The frame, the bolt and the
 * tools are the standard ones and are not edited. An operation that cannot be done returns an
 * error naming why, and the lock is left as it was.
 */
import {
  BOLT,
  FRAME,
  type Lock,
  type Piece,
  pieceCells,
  type Spring,
  springCells,
  standardLock,
  WRENCH,
} from '../../../games/intricacy/index.ts';
import {
  HEX_DIRECTIONS,
  type Hex,
  hexAdd,
  hexDirectionOf,
  hexEquals,
  hexLength,
  hexSub,
} from '../../../grid/hex.ts';

export type EditResult = { ok: true; lock: Lock; selected?: number | null } | { ok: false; error: string };

const fail = (error: string): EditResult => ({ ok: false, error });
const same = (a: Hex, b: Hex) => hexEquals(a, b);

/** Cells a lock's own pieces may be placed on: the interior of the ring. */
export const isInterior = (lock: Lock, h: Hex): boolean => hexLength(h) < lock.size;

/** The piece covering a cell, or -1. */
export function pieceAt(lock: Lock, h: Hex): number {
  return lock.pieces.findIndex((p) => pieceCells(p).some((c) => same(c, h)));
}

/** The spring running through or anchored at a cell, or -1. */
export function springAt(lock: Lock, h: Hex): number {
  return lock.springs.findIndex(
    (s) => same(s.rootAnchor, h) || same(s.endAnchor, h) || springCells(s).some((c) => same(c, h)),
  );
}

export const emptyLock = (size: number): Lock => standardLock(size);

function freeCell(lock: Lock, h: Hex): string | null {
  if (!isInterior(lock, h)) return 'pieces go inside the ring';
  if (pieceAt(lock, h) >= 0) return 'that cell is taken';
  return null;
}

const withPieces = (lock: Lock, pieces: Piece[], springs: readonly Spring[] = lock.springs): Lock => ({
  ...lock,
  pieces,
  springs,
});

/**
 * Block tool: on an empty cell next to the selected block, grow it; on another empty cell, start
 * a new block; on a block's cell, select that block.
 */
export function placeBlock(lock: Lock, h: Hex, selected: number | null): EditResult {
  const at = pieceAt(lock, h);
  if (at > BOLT && lock.pieces[at]?.kind === 'block') return { ok: true, lock, selected: at };
  const why = freeCell(lock, h);
  if (why) return fail(why);
  const sel = selected === null ? undefined : lock.pieces[selected];
  if (sel?.kind === 'block' && selected !== null && selected > BOLT) {
    const touches = sel.cells.some((c) => hexDirectionOf(hexSub(c, h)) >= 0);
    if (touches) {
      const pieces = [...lock.pieces];
      pieces[selected] = { kind: 'block', cells: [...sel.cells, h] };
      return { ok: true, lock: withPieces(lock, pieces), selected };
    }
  }
  return {
    ok: true,
    lock: withPieces(lock, [...lock.pieces, { kind: 'block', cells: [h] }]),
    selected: lock.pieces.length,
  };
}

export function placeBall(lock: Lock, h: Hex): EditResult {
  const why = freeCell(lock, h);
  if (why) return fail(why);
  return { ok: true, lock: withPieces(lock, [...lock.pieces, { kind: 'ball', at: h }]), selected: null };
}

/**
 * Pivot tool: on an empty cell, place a pivot centre (no arms yet), or, next to the selected
 * pivot's centre, add an arm there; on an arm, remove it; on a centre, select that pivot.
 */
export function placePivot(lock: Lock, h: Hex, selected: number | null): EditResult {
  const at = pieceAt(lock, h);
  const piece = lock.pieces[at];
  if (piece?.kind === 'pivot') {
    if (same(piece.centre, h)) return { ok: true, lock, selected: at };
    const dir = hexDirectionOf(hexSub(h, piece.centre));
    const pieces = [...lock.pieces];
    pieces[at] = { ...piece, arms: piece.arms.filter((a) => a !== dir) };
    return { ok: true, lock: withPieces(lock, pieces), selected: at };
  }
  const why = freeCell(lock, h);
  if (why) return fail(why);
  const sel = selected === null ? undefined : lock.pieces[selected];
  if (sel?.kind === 'pivot' && selected !== null) {
    const dir = hexDirectionOf(hexSub(h, sel.centre));
    if (dir >= 0) {
      const pieces = [...lock.pieces];
      pieces[selected] = { ...sel, arms: [...sel.arms, dir].sort((a, b) => a - b) };
      return { ok: true, lock: withPieces(lock, pieces), selected };
    }
  }
  return {
    ok: true,
    lock: withPieces(lock, [...lock.pieces, { kind: 'pivot', centre: h, arms: [] }]),
    selected: lock.pieces.length,
  };
}

/** Remove piece `index`, its springs, and renumber the springs of the pieces after it. */
export function removePiece(lock: Lock, index: number): Lock {
  const renumber = (i: number) => (i > index ? i - 1 : i);
  return {
    ...lock,
    pieces: lock.pieces.filter((_, i) => i !== index),
    springs: lock.springs
      .filter((s) => s.root !== index && s.end !== index)
      .map((s) => ({ ...s, root: renumber(s.root), end: renumber(s.end) })),
  };
}

/** Eraser: one block cell, one arm, a ball, a whole pivot (at its centre), or else a spring. */
export function erase(lock: Lock, h: Hex): EditResult {
  const at = pieceAt(lock, h);
  const piece = lock.pieces[at];
  if (piece && at <= WRENCH) return fail('the frame, the bolt and the tools stay');
  if (piece?.kind === 'ball') return { ok: true, lock: removePiece(lock, at), selected: null };
  if (piece?.kind === 'pivot') {
    if (same(piece.centre, h)) return { ok: true, lock: removePiece(lock, at), selected: null };
    const dir = hexDirectionOf(hexSub(h, piece.centre));
    const pieces = [...lock.pieces];
    pieces[at] = { ...piece, arms: piece.arms.filter((a) => a !== dir) };
    return { ok: true, lock: withPieces(lock, pieces) };
  }
  if (piece?.kind === 'block') {
    if (piece.cells.length === 1) return { ok: true, lock: removePiece(lock, at), selected: null };
    const pieces = [...lock.pieces];
    pieces[at] = { kind: 'block', cells: piece.cells.filter((c) => !same(c, h)) };
    const springs = lock.springs.filter(
      (s) => !((s.root === at && same(s.rootAnchor, h)) || (s.end === at && same(s.endAnchor, h))),
    );
    return { ok: true, lock: withPieces(lock, pieces, springs) };
  }
  const s = springAt(lock, h);
  if (s >= 0) return { ok: true, lock: { ...lock, springs: lock.springs.filter((_, i) => i !== s) } };
  return fail('nothing to erase there');
}

/**
 * Spring tool, second click: a spring from `from` (a cell of a block or a pivot's centre, the
 * root) to `to` (a cell of another block, the end) along a hex axis; its natural length is the
 * distance between them as placed.
 */
export function placeSpring(lock: Lock, from: Hex, to: Hex): EditResult {
  const root = pieceAt(lock, from);
  const end = pieceAt(lock, to);
  const r = lock.pieces[root];
  const e = lock.pieces[end];
  if (!r || (r.kind !== 'block' && r.kind !== 'pivot'))
    return fail('a spring starts on a block or a pivot centre');
  if (r.kind === 'pivot' && !same(r.centre, from))
    return fail("a spring on a pivot starts at the pivot's centre");
  if (e?.kind !== 'block' || end === FRAME) return fail('a spring ends on a block (not the frame)');
  if (root === end) return fail('a spring joins two different pieces');
  const d = hexSub(to, from);
  const length = hexLength(d);
  const step = HEX_DIRECTIONS.find((v) => v.x * length === d.x && v.y * length === d.y);
  if (!step) return fail('a spring runs straight along one of the six directions');
  for (let i = 1; i < length; i++) {
    const c = hexAdd(from, { x: step.x * i, y: step.y * i });
    if (pieceAt(lock, c) >= 0) return fail('a spring needs empty cells between its ends');
  }
  const spring: Spring = { root, rootAnchor: from, end, endAnchor: to, natural: length };
  return { ok: true, lock: { ...lock, springs: [...lock.springs, spring] } };
}

/** Merge block `b` into block `a`: one block with both sets of cells; springs between them go. */
export function mergeBlocks(lock: Lock, a: number, b: number): EditResult {
  const pa = lock.pieces[a];
  const pb = lock.pieces[b];
  if (pa?.kind !== 'block' || pb?.kind !== 'block' || a <= BOLT || b <= BOLT)
    return fail('merge joins two of the lock’s own blocks');
  if (a === b) return fail('choose a second, different block');
  const pieces = [...lock.pieces];
  pieces[a] = { kind: 'block', cells: [...pa.cells, ...pb.cells] };
  const springs = lock.springs
    .filter((s) => !((s.root === a && s.end === b) || (s.root === b && s.end === a)))
    .map((s) => ({ ...s, root: s.root === b ? a : s.root, end: s.end === b ? a : s.end }));
  const merged = removePiece({ ...lock, pieces, springs }, b);
  return { ok: true, lock: merged, selected: b < a ? a - 1 : a };
}
