/**
 * The lock editor's edits: pure functions from a lock (as designed) to a new lock or a message
 * saying why not. Validity as a whole (at rest, springs in range …) is left to validity.ts, which
 * the editor shows live; these only refuse edits that make no sense (a ball on a wall).
 */

import {
  BOLT,
  FRAME,
  HOOK,
  key,
  type Lock,
  openCells,
  type Piece,
  pieceCells,
  type Spring,
  standardLock,
  WRENCH,
} from '../../games/intricacy/index.ts';
import { HEX_DIRECTIONS, type Hex, hexAdd, hexDirectionOf, hexEquals, hexSub } from '../../grid/hex.ts';

export type Edit = { ok: true; lock: Lock } | { ok: false; error: string };

const done = (lock: Lock): Edit => ({ ok: true, lock });
const no = (error: string): Edit => ({ ok: false, error });

/** The piece covering a cell, if any. */
export function pieceAt(lock: Lock, at: Hex): number | undefined {
  const i = lock.pieces.findIndex((p) => pieceCells(p).some((c) => hexEquals(c, at)));
  return i < 0 ? undefined : i;
}

const isOpen = (lock: Lock, at: Hex) => openCells(lock.size).some((c) => hexEquals(c, at));

function needEmpty(lock: Lock, at: Hex): string | null {
  if (!isOpen(lock, at)) return 'that cell is outside the lock';
  if (pieceAt(lock, at) !== undefined) return 'that cell is taken (erase it first)';
  return null;
}

const withPieces = (lock: Lock, pieces: Piece[], springs: readonly Spring[] = lock.springs): Lock => ({
  size: lock.size,
  pieces,
  springs: [...springs],
});

/** Add a cell to a block, or start a new block when `block` is not a movable block. */
export function addBlockCell(lock: Lock, at: Hex, block: number | undefined): Edit & { block?: number } {
  const why = needEmpty(lock, at);
  if (why) return no(why);
  const target =
    block !== undefined && block > WRENCH && lock.pieces[block]?.kind === 'block' ? block : undefined;
  if (target === undefined) {
    return {
      ...done(withPieces(lock, [...lock.pieces, { kind: 'block', cells: [at] }])),
      block: lock.pieces.length,
    };
  }
  const pieces = lock.pieces.map((p, i) =>
    i === target && p.kind === 'block' ? { kind: 'block' as const, cells: [...p.cells, at] } : p,
  );
  return { ...done(withPieces(lock, pieces)), block: target };
}

export function addBall(lock: Lock, at: Hex): Edit {
  const why = needEmpty(lock, at);
  return why ? no(why) : done(withPieces(lock, [...lock.pieces, { kind: 'ball', at }]));
}

export function addPivot(lock: Lock, at: Hex): Edit {
  const why = needEmpty(lock, at);
  return why ? no(why) : done(withPieces(lock, [...lock.pieces, { kind: 'pivot', centre: at, arms: [] }]));
}

/**
 * Give a pivot an arm reaching the cursor's cell, or take that arm away again. With pivot
 * centres on two sides of the cell, `preferred` (the selected piece) decides.
 */
export function toggleArm(lock: Lock, at: Hex, preferred: number | undefined): Edit {
  const owner = pieceAt(lock, at);
  if (owner !== undefined) {
    const p = lock.pieces[owner];
    if (p?.kind !== 'pivot' || hexEquals(p.centre, at))
      return no('put an arm on an empty cell next to a pivot centre');
    const d = hexDirectionOf(hexSub(at, p.centre));
    const pieces = lock.pieces.map((q, i) =>
      i === owner && q.kind === 'pivot' ? { ...q, arms: q.arms.filter((a) => a !== d) } : q,
    );
    return done(withPieces(lock, pieces));
  }
  const why = needEmpty(lock, at);
  if (why) return no(why);
  const pivots = lock.pieces
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.kind === 'pivot' && hexDirectionOf(hexSub(at, p.centre)) >= 0);
  const chosen = pivots.find(({ i }) => i === preferred) ?? (pivots.length === 1 ? pivots[0] : undefined);
  if (!chosen) {
    return no(
      pivots.length === 0
        ? 'no pivot centre next to this cell (place one with o)'
        : 'two pivots could own this arm: select one with Enter first',
    );
  }
  const p = chosen.p as Piece & { kind: 'pivot' };
  const d = hexDirectionOf(hexSub(at, p.centre));
  const pieces = lock.pieces.map((q, i) =>
    i === chosen.i ? { ...p, arms: [...p.arms, d].sort((a, b) => a - b) } : q,
  );
  return done(withPieces(lock, pieces));
}

/** Remove a piece, dropping its springs and renumbering the others. */
export function removePiece(lock: Lock, index: number): Lock {
  const renumber = (i: number) => (i > index ? i - 1 : i);
  return withPieces(
    lock,
    lock.pieces.filter((_, i) => i !== index),
    lock.springs
      .filter((s) => s.root !== index && s.end !== index)
      .map((s) => ({ ...s, root: renumber(s.root), end: renumber(s.end) })),
  );
}

/** Erase what is at a cell: a block's cell, a pivot arm, a whole pivot, a ball or a spring. */
export function eraseAt(lock: Lock, at: Hex): Edit {
  const i = pieceAt(lock, at);
  if (i === undefined) {
    const s = lock.springs.findIndex((sp) => springPath(sp).some((c) => hexEquals(c, at)));
    if (s < 0) return no('nothing to erase here');
    return done(
      withPieces(
        lock,
        [...lock.pieces],
        lock.springs.filter((_, j) => j !== s),
      ),
    );
  }
  if (i === FRAME || i === BOLT || i === HOOK || i === WRENCH)
    return no('the frame, the bolt and the tools are part of every lock');
  const p = lock.pieces[i] as Piece;
  if (p.kind === 'pivot' && !hexEquals(p.centre, at)) return toggleArm(lock, at, i);
  if (p.kind === 'block' && p.cells.length > 1) {
    const cells = p.cells.filter((c) => !hexEquals(c, at));
    const pieces = lock.pieces.map((q, j) => (j === i ? { kind: 'block' as const, cells } : q));
    // Springs anchored on the erased cell go with it.
    const springs = lock.springs.filter(
      (s) => !((s.root === i && hexEquals(s.rootAnchor, at)) || (s.end === i && hexEquals(s.endAnchor, at))),
    );
    return done(withPieces(lock, pieces, springs));
  }
  return done(removePiece(lock, i));
}

/** Merge block `from` into block `into` (one piece from then on). */
export function mergeBlocks(lock: Lock, into: number | undefined, from: number | undefined): Edit {
  const a = into === undefined ? undefined : lock.pieces[into];
  const b = from === undefined ? undefined : lock.pieces[from];
  if (into === undefined || from === undefined || a?.kind !== 'block' || b?.kind !== 'block')
    return no('select a block (Enter), then merge another block into it with the cursor on it');
  if (into <= WRENCH || from <= WRENCH) return no('the frame and the bolt cannot be merged');
  if (into === from) return no('that is the selected block itself');
  const pieces = lock.pieces.map((p, i) =>
    i === into ? { kind: 'block' as const, cells: [...a.cells, ...b.cells] } : p,
  );
  const springs = lock.springs
    .map((s) => ({ ...s, root: s.root === from ? into : s.root, end: s.end === from ? into : s.end }))
    .filter((s) => s.root !== s.end);
  return done(removePiece(withPieces(lock, pieces, springs), from));
}

/**
 * A spring from a root anchor (a block's cell or a pivot's centre) to an end anchor (a cell of
 * another block), along a hex axis; its natural length is the distance now, so it starts at rest.
 */
export function addSpring(lock: Lock, from: Hex, to: Hex): Edit {
  const root = pieceAt(lock, from);
  const end = pieceAt(lock, to);
  const r = root === undefined ? undefined : lock.pieces[root];
  if (root === undefined || !(r?.kind === 'block' || (r?.kind === 'pivot' && hexEquals(r.centre, from))))
    return no("a spring's root must be a block's cell or a pivot's centre");
  if (end === undefined || end === FRAME || lock.pieces[end]?.kind !== 'block')
    return no("a spring's end must be a cell of a block other than the frame");
  if (root === end) return no('a spring joins two different pieces');
  const d = hexSub(to, from);
  const length = Math.max(Math.abs(d.x), Math.abs(d.y), Math.abs(d.x + d.y));
  if (!(d.x === 0 || d.y === 0 || d.x === -d.y))
    return no('a spring runs straight along one of the three hex axes');
  const spring: Spring = { root, rootAnchor: from, end, endAnchor: to, natural: length };
  return done(withPieces(lock, [...lock.pieces], [...lock.springs, spring]));
}

/** The cells a spring runs through, strictly between its anchors. */
export function springPath(s: Spring): Hex[] {
  const d = hexSub(s.endAnchor, s.rootAnchor);
  const length = Math.max(Math.abs(d.x), Math.abs(d.y), Math.abs(d.x + d.y));
  const step = HEX_DIRECTIONS.find((v) => v.x * length === d.x && v.y * length === d.y);
  if (!step) return [];
  const out: Hex[] = [];
  let c = s.rootAnchor;
  for (let i = 1; i < length; i++) {
    c = hexAdd(c, step);
    out.push(c);
  }
  return out;
}

/**
 * The same lock at another size: the standard frame, bolt and tools of that size, and the other
 * pieces and springs that still fit inside it.
 */
export function resize(lock: Lock, size: number): Edit {
  if (size < 1 || size > 11) return no('a lock is size 1 to 11');
  const fresh = standardLock(size);
  const inside = new Set(openCells(size).map(key));
  const taken = new Set(fresh.pieces.flatMap(pieceCells).map(key));
  const frame = new Set(pieceCells(fresh.pieces[FRAME] as Piece).map(key));
  let out: Lock = fresh;
  const kept = new Map<number, number>();
  lock.pieces.forEach((p, i) => {
    if (i <= WRENCH) return;
    const cells = pieceCells(p).map(key);
    if (cells.every((c) => inside.has(c) && !taken.has(c))) {
      kept.set(i, out.pieces.length);
      out = withPieces(out, [...out.pieces, p]);
      for (const c of cells) taken.add(c);
    }
  });
  const springs = lock.springs.flatMap((s) => {
    // A spring rooted in the frame stays only if its anchor is still part of the new frame.
    const onFrame = s.root === FRAME && frame.has(key(s.rootAnchor));
    const root = s.root <= WRENCH ? (onFrame ? FRAME : undefined) : kept.get(s.root);
    const end = kept.get(s.end);
    return root === undefined || end === undefined ? [] : [{ ...s, root, end }];
  });
  return done(withPieces(out, [...out.pieces], springs));
}
