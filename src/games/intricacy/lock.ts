/**
 * The Intricacy lock model: a lock is a size, a list of pieces and a list of springs. The same
 * shape describes a lock as designed and every state reached while picking it (the physics maps
 * a lock to a lock), so states are plain JSON and draw with the same text picture.
 *
 * Piece order is fixed: 0 the frame, 1 the bolt, 2 the hook, 3 the wrench, then the rest.
 * Geometry, and what is ours: docs/intricacy-physics.md ("Geometry").
 */
import {
  HEX_DIRECTIONS,
  type Hex,
  hex,
  hexAdd,
  hexLength,
  hexNeg,
  hexNeighbours,
  hexScale,
  hu,
  hv,
  hw,
} from '../../grid/index.ts';

export const MIN_SIZE = 1;
export const MAX_SIZE = 11;

export const FRAME = 0;
export const BOLT = 1;
export const HOOK = 2;
export const WRENCH = 3;

/** A block: any set of cells moved as one (the frame and the bolt are blocks). */
export interface Block {
  readonly kind: 'block';
  readonly cells: readonly Hex[];
}
/** A pivot: a centre cell plus arms in some of the six directions (0..5, see grid/hex.ts). */
export interface Pivot {
  readonly kind: 'pivot';
  readonly centre: Hex;
  readonly arms: readonly number[];
}
export interface Ball {
  readonly kind: 'ball';
  readonly at: Hex;
}
/** The hook: a mobile one-armed pivot the player moves and turns. */
export interface Hook {
  readonly kind: 'hook';
  readonly centre: Hex;
  readonly arm: number;
}
/** The wrench: a mobile one-cell block; `momentum` is the direction it keeps moving, or null. */
export interface Wrench {
  readonly kind: 'wrench';
  readonly at: Hex;
  readonly momentum: number | null;
}
export type Piece = Block | Pivot | Ball | Hook | Wrench;

/**
 * A directed spring from an anchor cell of its root (a block, or a pivot's centre) to an anchor
 * cell of its end block. It lies along a hex axis; its length is the number of steps between
 * the anchors. Ours: it may be compressed to length 1 and extended to twice its natural length.
 */
export interface Spring {
  readonly root: number;
  readonly rootAnchor: Hex;
  readonly end: number;
  readonly endAnchor: Hex;
  readonly natural: number;
}

export interface Lock {
  readonly size: number;
  readonly pieces: readonly Piece[];
  readonly springs: readonly Spring[];
}

/** The cells a piece covers. */
export function pieceCells(piece: Piece): Hex[] {
  switch (piece.kind) {
    case 'block':
      return [...piece.cells];
    case 'pivot':
      return [piece.centre, ...piece.arms.map((a) => hexAdd(piece.centre, HEX_DIRECTIONS[a] as Hex))];
    case 'hook':
      return [piece.centre, hexAdd(piece.centre, HEX_DIRECTIONS[piece.arm] as Hex)];
    case 'ball':
    case 'wrench':
      return [piece.at];
  }
}

export const SPRING_MIN_LENGTH = 1;
export const springMaxLength = (natural: number): number => 2 * natural;
/** Ours: a bound on a spring's natural length that no lock of size 11 comes near. */
export const SPRING_MAX_NATURAL = 50;

// ---------------------------------------------------------------------------------------------
// Standard geometry (the original Intricacy program's board and lock geometry).

const k2 = (s: number) => Math.floor(s / 2);
const k4 = (s: number) => Math.floor(s / 4);

/** `s·hu + (s div 2)·hv`: on the ring, up and to the right. */
export const boltHole = (s: number): Hex => hexAdd(hexScale(hu, s), hexScale(hv, k2(s)));
/** The bolt: `bolthole + n·hu` for n = −1 … s div 4. */
export const boltCells = (s: number): Hex[] =>
  range(-1, k4(s)).map((n) => hexAdd(boltHole(s), hexScale(hu, n)));
/** The bolt area that must be emptied: the ring's gap and the housing cavity (n = 0 … s div 4). */
export const boltArea = (s: number): Hex[] =>
  range(0, k4(s)).map((n) => hexAdd(boltHole(s), hexScale(hu, n)));
/** The entrance: opposite the bolthole, a gap in the ring. */
export const entrance = (s: number): Hex => {
  const b = hexNeg(boltHole(s));
  return hex(b.x + 0, b.y + 0); // never -0, so locks compare equal after a JSON round trip
};

/**
 * Ours: the tools' pocket is the entrance gap plus the two cells outside it to the west and the
 * south-west. The hook starts centred west of the gap with its arm pointing east into the gap;
 * the wrench starts south-west of the gap.
 */
export const pocket = (s: number): Hex[] => [entrance(s), hookStart(s), wrenchStart(s)];
export const hookStart = (s: number): Hex => hexAdd(entrance(s), hexNeg(hu));
export const HOOK_START_ARM = 0;
export const wrenchStart = (s: number): Hex => hexAdd(entrance(s), hw);

/**
 * The frame: the ring at distance s without its two gaps, walled around the bolt housing and the
 * tools' pocket (every outside neighbour of those cells), in text reading order.
 */
export function frameCells(s: number): Hex[] {
  const open = new Set([...boltArea(s), ...pocket(s)].map(key));
  const cells = new Map<string, Hex>();
  for (const h of ringCells(s)) if (!open.has(key(h))) cells.set(key(h), h);
  for (const h of [...boltArea(s), ...pocket(s)]) {
    for (const n of hexNeighbours(h)) {
      if (hexLength(n) > s && !open.has(key(n))) cells.set(key(n), n);
    }
  }
  return sortReading([...cells.values()]);
}

/** Cells a movable piece may occupy: the interior (radius s − 1), the bolt area and the pocket. */
export function openCells(s: number): Hex[] {
  const cells: Hex[] = [];
  for (let y = s; y >= -s; y--)
    for (let x = -s; x <= s; x++) if (hexLength(hex(x, y)) < s) cells.push(hex(x, y));
  return sortReading([...cells, ...boltArea(s), ...pocket(s)]);
}

/** The empty lock of a size: standard frame, bolt and tools, nothing else. */
export function standardLock(s: number): Lock {
  return {
    size: s,
    pieces: [
      { kind: 'block', cells: frameCells(s) },
      { kind: 'block', cells: boltCells(s) },
      { kind: 'hook', centre: hookStart(s), arm: HOOK_START_ARM },
      { kind: 'wrench', at: wrenchStart(s), momentum: null },
    ],
    springs: [],
  };
}

function ringCells(s: number): Hex[] {
  const cells: Hex[] = [];
  for (let y = s; y >= -s; y--)
    for (let x = -s; x <= s; x++) if (hexLength(hex(x, y)) === s) cells.push(hex(x, y));
  return cells;
}

/** Text reading order: top row first (largest y), then left to right (text column 2x + y). */
export function sortReading(cells: Hex[]): Hex[] {
  return cells.sort((a, b) => b.y - a.y || a.x - b.x);
}
export const compareReading = (a: Hex, b: Hex): number => b.y - a.y || a.x - b.x;

export const key = (h: Hex): string => `${h.x},${h.y}`;

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Block names in the text format, assigned in piece order to blocks after the frame and bolt. */
export const BLOCK_NAMES = 'ABCDEFGIJKLMNPQRSTUVXYZabcdefghijklmnpqrstuvwxyz123456789';

/** The letter of block `index` in the lock's picture (the frame and the bolt have none: "?"). */
export function blockName(lock: Lock, index: number): string {
  if (index <= BOLT) return '?';
  return BLOCK_NAMES[lock.pieces.slice(BOLT + 1, index).filter((p) => p.kind === 'block').length] ?? '?';
}

/** A piece's name in messages, as the picture shows it: "piece 5 (block C)", "the hook". */
export function pieceLabel(lock: Lock, index: number): string {
  const piece = lock.pieces[index];
  if (index === FRAME) return 'the frame';
  if (index === BOLT) return 'the bolt';
  if (!piece) return `piece ${index}`;
  switch (piece.kind) {
    case 'hook':
      return 'the hook';
    case 'wrench':
      return 'the wrench';
    case 'block':
      return `piece ${index} (block ${blockName(lock, index)})`;
    case 'pivot':
      return `piece ${index} (pivot at ${formatHex(piece.centre)})`;
    case 'ball':
      return `piece ${index} (ball at ${formatHex(piece.at)})`;
  }
}

export const formatHex = (h: Hex): string => `${h.x},${h.y}`;
