/**
 * The Sigmar's Garden board: a hexagon of side 6 (radius 5, 91 cells) from src/grid/hex.ts, its
 * marbles, the free rule, the 91-character board text and the cell notation.
 *
 * Cells are numbered 0..90 in reading order (top row first, left to right), which is the order of
 * `hexRegion(5)` and of the reference board files. Marble kinds are small integers so the solver
 * and generator can keep a board in a Uint8Array.
 */
import {
  HEX_DIRECTIONS,
  type Hex,
  hexAdd,
  hexKey,
  hexMirror,
  hexRegion,
  hexRotate,
} from '../../grid/index.ts';
import { fail, ok, type Result } from '../game.ts';

export const RADIUS = 5;
export const CELL_COUNT = 91;
/** Index of the centre cell (0, 0), where gold always sits on a generated board. */
export const CENTRE = 45;

export const EMPTY = 0;
export const AIR = 1;
export const WATER = 2;
export const FIRE = 3;
export const EARTH = 4;
export const SALT = 5;
export const VITAE = 6;
export const MORS = 7;
export const MERCURY = 8;
export const LEAD = 9;
export const TIN = 10;
export const IRON = 11;
export const COPPER = 12;
export const SILVER = 13;
export const GOLD = 14;
export const KIND_COUNT = 15;

/** The letter of each kind in board text, indexed by kind (the reference files' alphabet). */
export const KIND_LETTERS = '_awfesvmq012345';
export const KIND_NAMES: readonly string[] = [
  'empty',
  'air',
  'water',
  'fire',
  'earth',
  'salt',
  'vitae',
  'mors',
  'mercury',
  'lead',
  'tin',
  'iron',
  'copper',
  'silver',
  'gold',
];

export const isElement = (kind: number): boolean => kind >= AIR && kind <= EARTH;
/** The five metals that pair with mercury (gold is removed alone). */
export const isBaseMetal = (kind: number): boolean => kind >= LEAD && kind <= SILVER;

/** How many marbles of each kind a full board holds: 55 in all. */
export const STANDARD_COUNTS: readonly number[] = [0, 8, 8, 8, 8, 4, 4, 4, 5, 1, 1, 1, 1, 1, 1];
export const MARBLE_COUNT = 55;

export const CELLS: readonly Hex[] = hexRegion(RADIUS);
const indexByKey = new Map(CELLS.map((h, i) => [hexKey(h), i]));

/** The cell index of a hex, or -1 when it is off the board. */
export const cellOf = (h: Hex): number => indexByKey.get(hexKey(h)) ?? -1;

/**
 * Neighbours of every cell, six per cell in the direction order of HEX_DIRECTIONS (cyclic, so
 * contiguity wraps). Off-board neighbours point at OFF_BOARD, a sentinel cell that is always
 * empty, so hot loops need no bounds checks: boards used with this table have 92 entries.
 */
export const OFF_BOARD = CELL_COUNT;
export const NEIGHBOURS: Int8Array = Int8Array.from(
  CELLS.flatMap((h) =>
    HEX_DIRECTIONS.map((d) => {
      const n = cellOf(hexAdd(h, d));
      return n < 0 ? OFF_BOARD : n;
    }),
  ),
);

/** FREE_BY_MASK[m] says whether a 6-bit mask of empty neighbours holds three contiguous (cyclic). */
export const FREE_BY_MASK: Uint8Array = Uint8Array.from({ length: 64 }, (_, m) => {
  for (let d = 0; d < 6; d++) {
    if (m & (1 << d) && m & (1 << ((d + 1) % 6)) && m & (1 << ((d + 2) % 6))) return 1;
  }
  return 0;
});

/** A board of 92 entries (the 91 cells and the always-empty OFF_BOARD sentinel). */
export type Cells = Uint8Array;

export const emptyCells = (): Cells => new Uint8Array(CELL_COUNT + 1);

/** Whether the marble at `cell` has three contiguous empty or off-board neighbours. */
export function isFree(board: Cells, cell: number): boolean {
  const base = cell * 6;
  let mask = 0;
  for (let d = 0; d < 6; d++) if (board[NEIGHBOURS[base + d] as number] === EMPTY) mask |= 1 << d;
  return FREE_BY_MASK[mask] === 1;
}

/** Cell permutations: rotation by `steps` × 60° and optional left-right mirror. */
export function cellSymmetry(steps: number, mirrored: boolean): Int8Array {
  return Int8Array.from(CELLS, (h) => cellOf(hexRotate(mirrored ? hexMirror(h) : h, steps)));
}
export const MIRROR: Int8Array = cellSymmetry(0, true);

// ---- board text -----------------------------------------------------------------------------

/** Parse a 91-character board line (see the reference file format). */
export function parseBoard(text: string): Result<Cells> {
  const line = text.trim();
  if (line.length !== CELL_COUNT) {
    return fail(
      `a board has ${CELL_COUNT} characters (one per cell, _ for empty), this one has ${line.length}`,
    );
  }
  const board = emptyCells();
  for (let i = 0; i < CELL_COUNT; i++) {
    const ch = line[i] as string;
    const kind = KIND_LETTERS.indexOf(ch.toLowerCase());
    if (kind < 0) {
      return fail(
        `character ${i + 1} ("${ch}") is not a marble: use _ a w f e s v m q 0 1 2 3 4 5 (empty, air, water, fire, earth, salt, vitae, mors, mercury, lead to gold)`,
      );
    }
    board[i] = kind;
  }
  return ok(board);
}

export function formatBoard(board: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < CELL_COUNT; i++) s += KIND_LETTERS[board[i] as number];
  return s;
}

export function countKinds(board: ArrayLike<number>): number[] {
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (let i = 0; i < CELL_COUNT; i++) counts[board[i] as number]++;
  counts[EMPTY] = 0;
  return counts;
}

/** Null when the board holds exactly the standard 55 marbles, else what is wrong. */
export function compositionError(board: ArrayLike<number>): string | null {
  const counts = countKinds(board);
  for (let k = 1; k < KIND_COUNT; k++) {
    if (counts[k] !== STANDARD_COUNTS[k]) {
      return `a full board holds ${STANDARD_COUNTS[k]} ${KIND_NAMES[k]}, this one ${counts[k]}`;
    }
  }
  return null;
}

// ---- cell notation --------------------------------------------------------------------------

/**
 * Cell notation: a row letter A–K (A is the top row) and the position in that row counted from
 * the left, 1 to the row's length (6 in rows A and K, 11 in row F). The centre is F6.
 */
export const ROW_LENGTHS: readonly number[] = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
const ROW_STARTS: readonly number[] = ROW_LENGTHS.map((_, r) =>
  ROW_LENGTHS.slice(0, r).reduce((a, b) => a + b, 0),
);
export const ROW_LETTERS = 'ABCDEFGHIJK';

export function cellName(cell: number): string {
  let row = 0;
  while (row < 10 && (ROW_STARTS[row + 1] as number) <= cell) row++;
  return `${ROW_LETTERS[row]}${cell - (ROW_STARTS[row] as number) + 1}`;
}

export function parseCell(text: string): Result<number> {
  const m = /^([a-k])(\d{1,2})$/i.exec(text.trim());
  if (!m) return fail(`"${text.trim()}" is not a cell: write a row letter A-K and a position, such as F6`);
  const row = ROW_LETTERS.indexOf((m[1] as string).toUpperCase());
  const pos = Number(m[2]);
  const len = ROW_LENGTHS[row] as number;
  if (pos < 1 || pos > len) return fail(`row ${m[1]?.toUpperCase()} has cells 1 to ${len}, not ${pos}`);
  return ok((ROW_STARTS[row] as number) + pos - 1);
}

/** The row (0 = A) and position in row (0-based) of a cell. */
export function cellRowPos(cell: number): { row: number; pos: number } {
  let row = 0;
  while (row < 10 && (ROW_STARTS[row + 1] as number) <= cell) row++;
  return { row, pos: cell - (ROW_STARTS[row] as number) };
}
