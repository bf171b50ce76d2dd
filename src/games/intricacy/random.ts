/**
 * Random valid locks, for property tests and benchmarks (not a puzzle generator: nothing here
 * tries to make a lock interesting or solvable). Pieces are dropped on free interior cells;
 * sprung blocks hang at their natural length from the first piece found along a random axis, so
 * the lock is at rest, and a spring's root always precedes its end, so the graph is acyclic.
 */

import type { Rng } from '../../grid/index.ts';
import { HEX_DIRECTIONS, type Hex, hexAdd, hexDistance, hexLength } from '../../grid/index.ts';
import {
  entrance,
  key,
  type Lock,
  openCells,
  type Piece,
  pieceCells,
  type Spring,
  standardLock,
} from './lock.ts';

export interface RandomLockOptions {
  readonly size: number;
  /** Pieces to try to add (some attempts fail for lack of room). */
  readonly pieces: number;
  /** Put the hook and the wrench on random free cells inside: a state, not a lock to pick. */
  readonly toolsInside?: boolean;
}

export function randomLock(rng: Rng, { size, pieces: wanted, toolsInside }: RandomLockOptions): Lock {
  const base = standardLock(size);
  const pieces: Piece[] = [...base.pieces];
  const springs: Spring[] = [];
  const owner = new Map<string, number>();
  const claim = (p: Piece) => {
    for (const c of pieceCells(p)) owner.set(key(c), pieces.length);
    pieces.push(p);
  };
  base.pieces.forEach((p, i) => {
    for (const c of pieceCells(p)) owner.set(key(c), i);
  });
  // Keep the tools' way in clear: nothing on the cells next to the entrance.
  const door = entrance(size);
  const interior = openCells(size).filter((h) => hexLength(h) < size && hexDistance(h, door) > 1);
  if (interior.length === 0) return base; // sizes 1 and 2 have no room
  const free = (h: Hex) => interior.some((c) => c.x === h.x && c.y === h.y) && !owner.has(key(h));
  for (let attempt = 0; attempt < wanted; attempt++) {
    const at = rng.pick(interior);
    if (!free(at)) continue;
    const kind = rng.nextInt(5);
    if (kind === 0) claim({ kind: 'ball', at });
    else if (kind === 1) {
      const second = hexAdd(at, HEX_DIRECTIONS[rng.nextInt(6)] as Hex);
      claim({ kind: 'block', cells: free(second) && rng.nextInt(2) === 0 ? [at, second] : [at] });
    } else if (kind === 2) {
      const arms = [0, 1, 2, 3, 4, 5].filter(
        (d) => rng.nextInt(3) === 0 && free(hexAdd(at, HEX_DIRECTIONS[d] as Hex)),
      );
      if (arms.length > 0) claim({ kind: 'pivot', centre: at, arms });
    } else {
      // A sprung block: look back along a random axis for a root (a block, or a pivot's centre).
      const axis = rng.nextInt(6);
      const back = HEX_DIRECTIONS[(axis + 3) % 6] as Hex;
      let cell = hexAdd(at, back);
      let length = 1;
      while (!owner.has(key(cell)) && length < 2 * size) {
        cell = hexAdd(cell, back);
        length++;
      }
      const root = owner.get(key(cell));
      if (root === undefined || root === 1 || root === 2 || root === 3) continue;
      const rootPiece = pieces[root] as Piece;
      if (rootPiece.kind === 'ball' || (rootPiece.kind === 'pivot' && key(rootPiece.centre) !== key(cell)))
        continue;
      const end = pieces.length;
      claim({ kind: 'block', cells: [at] });
      springs.push({ root, rootAnchor: cell, end, endAnchor: at, natural: length });
    }
  }
  if (toolsInside) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const centre = rng.pick(interior);
      const arm = rng.nextInt(6);
      const armCell = hexAdd(centre, HEX_DIRECTIONS[arm] as Hex);
      if (!free(centre) || !free(armCell)) continue;
      for (const c of pieceCells(pieces[2] as Piece)) owner.delete(key(c));
      pieces[2] = { kind: 'hook', centre, arm };
      owner.set(key(centre), 2);
      owner.set(key(armCell), 2);
      break;
    }
    for (let attempt = 0; attempt < 50; attempt++) {
      const at = rng.pick(interior);
      if (!free(at)) continue;
      owner.delete(key((pieces[3] as Piece & { kind: 'wrench' }).at));
      pieces[3] = { kind: 'wrench', at, momentum: rng.nextInt(2) === 0 ? null : rng.nextInt(6) };
      owner.set(key(at), 3);
      break;
    }
  }
  return { size, pieces, springs };
}
