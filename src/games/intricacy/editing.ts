/**
 * The lock editor's edits, shared by the web and terminal editors: pure functions from a lock (as
 * designed) to a new lock, or an error saying why not (the lock is then left as it was). They
 * place and erase blocks, pivots and their arms, balls and springs, merge blocks and resize the
 * lock. The frame, the bolt and the tools are the standard ones and are never edited.
 *
 * These refuse only edits that make no sense (a ball on a wall, a spring off its axis); validity
 * as a whole (at rest, springs in range, no cycles …) is validity.ts's, which both editors show
 * live, so a half-built lock may well be invalid.
 *
 * Two families: the primitives (`addBlockCell`, `addPivot`, `toggleArm`, `addBall`, `addSpring`,
 * `setSpringNatural`, `eraseAt`, `mergeBlocks`, `resize`) the terminal's keys map to, and the tap tools
 * (`placeBlock`, `placePivot`) the web's one-tap-per-cell tools map to, built from them.
 */
import { type Hex, hexDirectionOf, hexEquals, hexLength, hexSub } from '../../grid/index.ts';
import {
  BOLT,
  FRAME,
  HOOK,
  key,
  type Lock,
  MAX_SIZE,
  MIN_SIZE,
  openCells,
  type Piece,
  type Pivot,
  pieceCells,
  SPRING_MAX_NATURAL,
  type Spring,
  standardLock,
  WRENCH,
} from './lock.ts';
import { springCells } from './text.ts';

/**
 * An edit's outcome. `selected` is the piece to carry on with (the block just grown, the pivot
 * just armed, the merged block), for the editor to select; `null` means pieces were renumbered,
 * so an index the editor holds may now name another piece; absent means "as you were".
 */
export type Edit =
  | { readonly ok: true; readonly lock: Lock; readonly selected?: number | null }
  | { readonly ok: false; readonly error: string };

/** A piece index the editor may hold: none is `undefined` (terminal) or `null` (web). */
type Index = number | null | undefined;

const no = (error: string): Edit => ({ ok: false, error });
const done = (lock: Lock, selected?: number | null): Edit =>
  selected === undefined ? { ok: true, lock } : { ok: true, lock, selected };

const withPieces = (
  lock: Lock,
  pieces: readonly Piece[],
  springs: readonly Spring[] = lock.springs,
): Lock => ({
  size: lock.size,
  pieces: [...pieces],
  springs: [...springs],
});
const replacePiece = (lock: Lock, index: number, piece: Piece, springs?: readonly Spring[]): Lock =>
  withPieces(
    lock,
    lock.pieces.map((p, i) => (i === index ? piece : p)),
    springs,
  );

/** The piece covering a cell, if any. */
export function pieceAt(lock: Lock, at: Hex): number | undefined {
  const i = lock.pieces.findIndex((p) => pieceCells(p).some((c) => hexEquals(c, at)));
  return i < 0 ? undefined : i;
}

/** The spring running through a cell (strictly between its anchors), if any. */
export function springAt(lock: Lock, at: Hex): number | undefined {
  const i = lock.springs.findIndex((s) => springCells(s).some((c) => hexEquals(c, at)));
  return i < 0 ? undefined : i;
}

/** Cells a movable piece may occupy (the interior, the bolt area, the tools' pocket). */
export const isOpenCell = (lock: Lock, at: Hex): boolean =>
  openCells(lock.size).some((c) => hexEquals(c, at));

function needEmpty(lock: Lock, at: Hex): string | null {
  if (!isOpenCell(lock, at)) return 'that cell is outside the lock';
  if (pieceAt(lock, at) !== undefined) return 'that cell is taken (erase it first)';
  return null;
}

/** One of the lock's own blocks (not the frame or the bolt). */
const isOwnBlock = (lock: Lock, i: Index): i is number =>
  i !== null && i !== undefined && i > WRENCH && lock.pieces[i]?.kind === 'block';

const touches = (cells: readonly Hex[], at: Hex) => cells.some((c) => hexDirectionOf(hexSub(at, c)) >= 0);

// ---------------------------------------------------------------------------------------------
// Blocks and balls

/** Add a cell to block `block`, or start a new block when `block` is not one of the lock's own. */
export function addBlockCell(lock: Lock, at: Hex, block: Index): Edit {
  const why = needEmpty(lock, at);
  if (why) return no(why);
  if (!isOwnBlock(lock, block))
    return done(withPieces(lock, [...lock.pieces, { kind: 'block', cells: [at] }]), lock.pieces.length);
  const cells = (lock.pieces[block] as Piece & { kind: 'block' }).cells;
  return done(replacePiece(lock, block, { kind: 'block', cells: [...cells, at] }), block);
}

/**
 * The block tap tool: on one of the lock's blocks, select it; on an empty cell next to the
 * selected block, grow it; on another empty cell, start a new block.
 */
export function placeBlock(lock: Lock, at: Hex, selected: Index): Edit {
  const here = pieceAt(lock, at);
  if (isOwnBlock(lock, here)) return done(lock, here);
  const grow =
    isOwnBlock(lock, selected) && touches((lock.pieces[selected] as Piece & { kind: 'block' }).cells, at);
  return addBlockCell(lock, at, grow ? selected : undefined);
}

export function addBall(lock: Lock, at: Hex): Edit {
  const why = needEmpty(lock, at);
  return why ? no(why) : done(withPieces(lock, [...lock.pieces, { kind: 'ball', at }]));
}

// ---------------------------------------------------------------------------------------------
// Pivots

/** A pivot centre with no arms yet. */
export function addPivot(lock: Lock, at: Hex): Edit {
  const why = needEmpty(lock, at);
  if (why) return no(why);
  return done(
    withPieces(lock, [...lock.pieces, { kind: 'pivot', centre: at, arms: [] }]),
    lock.pieces.length,
  );
}

/** Pivot `index` without its arm covering `at`. */
function withoutArm(lock: Lock, index: number, at: Hex): Lock {
  const p = lock.pieces[index] as Pivot;
  const d = hexDirectionOf(hexSub(at, p.centre));
  return replacePiece(lock, index, { ...p, arms: p.arms.filter((a) => a !== d) });
}

/**
 * Give a pivot an arm reaching the cell, or take that arm away again. With pivot centres on two
 * sides of the cell, `preferred` (the selected piece) decides.
 */
export function toggleArm(lock: Lock, at: Hex, preferred: Index): Edit {
  const owner = pieceAt(lock, at);
  if (owner !== undefined) {
    const p = lock.pieces[owner];
    if (p?.kind !== 'pivot' || hexEquals(p.centre, at))
      return no('an arm goes on an empty cell next to a pivot centre');
    return done(withoutArm(lock, owner, at), owner);
  }
  const why = needEmpty(lock, at);
  if (why) return no(why);
  const pivots = lock.pieces.flatMap((p, i) =>
    p.kind === 'pivot' && hexDirectionOf(hexSub(at, p.centre)) >= 0 ? [i] : [],
  );
  const chosen = pivots.find((i) => i === preferred) ?? (pivots.length === 1 ? pivots[0] : undefined);
  if (chosen === undefined) {
    return no(
      pivots.length === 0
        ? 'no pivot centre next to this cell: place a pivot first'
        : 'two pivots could own this arm: select one first',
    );
  }
  const p = lock.pieces[chosen] as Pivot;
  const d = hexDirectionOf(hexSub(at, p.centre));
  return done(replacePiece(lock, chosen, { ...p, arms: [...p.arms, d].sort((a, b) => a - b) }), chosen);
}

/**
 * The pivot tap tool: on a pivot's centre, select it; on its arm, take the arm away; on an empty
 * cell next to the selected pivot's centre, add an arm there; on another empty cell, place a new
 * pivot centre.
 */
export function placePivot(lock: Lock, at: Hex, selected: Index): Edit {
  const here = pieceAt(lock, at);
  const p = here === undefined ? undefined : lock.pieces[here];
  if (here !== undefined && p?.kind === 'pivot')
    return hexEquals(p.centre, at) ? done(lock, here) : toggleArm(lock, at, here);
  const sel = selected === null || selected === undefined ? undefined : lock.pieces[selected];
  if (here === undefined && sel?.kind === 'pivot' && hexDirectionOf(hexSub(at, sel.centre)) >= 0)
    return toggleArm(lock, at, selected);
  return addPivot(lock, at);
}

// ---------------------------------------------------------------------------------------------
// Springs

/**
 * A spring from a root anchor (a block's cell or a pivot's centre) to an end anchor (a cell of
 * another block, not the frame), straight along a hex axis and not through a third piece; its
 * natural length is the distance as placed, so it starts at rest (`setSpringNatural` tensions it).
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
  if (!(d.x === 0 || d.y === 0 || d.x === -d.y))
    return no('a spring runs straight along one of the three hex axes');
  const spring: Spring = { root, rootAnchor: from, end, endAnchor: to, natural: hexLength(d) };
  // Through its own pieces is fine (a spring hung from a pocket wall crosses the ring), but a
  // spring under a third piece would be hidden in the picture and is almost surely a slip.
  const crossed = springCells(spring).map((c) => pieceAt(lock, c));
  if (crossed.some((i) => i !== undefined && i !== root && i !== end))
    return no('a spring cannot run through another piece');
  return done(withPieces(lock, lock.pieces, [...lock.springs, spring]));
}

/** The spring at a cell: one running through it, else the latest one anchored there. */
export function springOn(lock: Lock, at: Hex): number | undefined {
  const through = springAt(lock, at);
  if (through !== undefined) return through;
  const i = lock.springs.findLastIndex((s) => hexEquals(s.rootAnchor, at) || hexEquals(s.endAnchor, at));
  return i < 0 ? undefined : i;
}

/** A spring's length as placed: the steps between its anchors. */
export const springLength = (s: Spring): number => hexLength(hexSub(s.endAnchor, s.rootAnchor));

/**
 * The natural lengths spring `index` may have as placed: it stretches to at most twice its
 * natural length (lock.ts), so no shorter than half its length; any longer one compresses it.
 */
export function naturalRange(lock: Lock, index: number): { readonly min: number; readonly max: number } {
  const s = lock.springs[index];
  return { min: s ? Math.max(1, Math.ceil(springLength(s) / 2)) : 1, max: SPRING_MAX_NATURAL };
}

/**
 * Give spring `index` another natural length, leaving it where it is: shorter than placed, it
 * starts stretched and pulls its end towards its root; longer, it starts compressed and pushes
 * its end away. Something must then hold the end (a ball, a wall) for the lock to be at rest.
 */
export function setSpringNatural(lock: Lock, index: number, natural: number): Edit {
  const s = lock.springs[index];
  if (!s) return no('there is no such spring');
  const { min, max } = naturalRange(lock, index);
  if (!Number.isInteger(natural) || natural < 1)
    return no("a spring's natural length is a whole number of cells");
  if (natural < min)
    return no(
      `a spring placed ${springLength(s)} long stretches to at most twice its natural length, so its natural length is at least ${min}`,
    );
  if (natural > max) return no(`a spring's natural length is at most ${max}`);
  return done(
    withPieces(
      lock,
      lock.pieces,
      lock.springs.map((t, j) => (j === index ? { ...t, natural } : t)),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Erasing, merging, resizing

/** Remove piece `index`, dropping its springs and renumbering the pieces after it. */
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

/**
 * Erase what is at a cell: one cell of a block (with the springs anchored there), a pivot's arm,
 * a whole pivot (at its centre), a ball, a one-cell block, or else the spring running through it.
 */
export function eraseAt(lock: Lock, at: Hex): Edit {
  const i = pieceAt(lock, at);
  if (i === undefined) {
    const s = springAt(lock, at);
    if (s === undefined) return no('nothing to erase here');
    return done(
      withPieces(
        lock,
        lock.pieces,
        lock.springs.filter((_, j) => j !== s),
      ),
    );
  }
  if (i === FRAME || i === BOLT || i === HOOK || i === WRENCH)
    return no('the frame, the bolt and the tools are part of every lock');
  const p = lock.pieces[i] as Piece;
  if (p.kind === 'pivot' && !hexEquals(p.centre, at)) return done(withoutArm(lock, i, at));
  if (p.kind === 'block' && p.cells.length > 1) {
    const springs = lock.springs.filter(
      (s) => !((s.root === i && hexEquals(s.rootAnchor, at)) || (s.end === i && hexEquals(s.endAnchor, at))),
    );
    return done(
      replacePiece(lock, i, { kind: 'block', cells: p.cells.filter((c) => !hexEquals(c, at)) }, springs),
    );
  }
  return done(removePiece(lock, i), null);
}

/**
 * Merge block `from` into block `into`: one block with both sets of cells (`into`'s first); the
 * springs between the two go, the others of `from` now belong to the merged block.
 */
export function mergeBlocks(lock: Lock, into: Index, from: Index): Edit {
  if (!isOwnBlock(lock, into) || !isOwnBlock(lock, from)) {
    const frameOrBolt = [into, from].some((i) => i === FRAME || i === BOLT);
    return no(
      frameOrBolt
        ? 'the frame and the bolt cannot be merged'
        : "merging needs a selected block and another of the lock's blocks",
    );
  }
  if (into === from) return no('a block cannot be merged into itself: choose another block');
  const a = lock.pieces[into] as Piece & { kind: 'block' };
  const b = lock.pieces[from] as Piece & { kind: 'block' };
  const springs = lock.springs
    .map((s) => ({ ...s, root: s.root === from ? into : s.root, end: s.end === from ? into : s.end }))
    .filter((s) => s.root !== s.end);
  const merged = replacePiece(lock, into, { kind: 'block', cells: [...a.cells, ...b.cells] }, springs);
  return done(removePiece(merged, from), from < into ? into - 1 : into);
}

/**
 * The same lock at another size: the standard frame, bolt and tools of that size, and the other
 * pieces and springs that still fit inside it.
 */
export function resize(lock: Lock, size: number): Edit {
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE)
    return no(`a lock is size ${MIN_SIZE} to ${MAX_SIZE}`);
  const fresh = standardLock(size);
  const inside = new Set(openCells(size).map(key));
  const taken = new Set(fresh.pieces.flatMap(pieceCells).map(key));
  const frame = new Set(pieceCells(fresh.pieces[FRAME] as Piece).map(key));
  const pieces = [...fresh.pieces];
  const kept = new Map<number, number>();
  lock.pieces.forEach((p, i) => {
    if (i <= WRENCH) return;
    const cells = pieceCells(p).map(key);
    if (cells.every((c) => inside.has(c) && !taken.has(c))) {
      kept.set(i, pieces.length);
      pieces.push(p);
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
  return done(withPieces(fresh, pieces, springs), null);
}
