/**
 * The Atom-4 board and its colour chemistry (those of the original program, Atom-4 4.1) as small
 * pure functions over a row-major array of 256 cells: EMPTY or a colour 0..7. Both the rules and the
 * AI's search board use these, so they cannot disagree.
 *
 * A colour is a red/green/blue bit set: black 000, red 001, green 010, yellow 011, blue 100,
 * purple 101, cyan 110, white 111. An additive piece (one bit) ORs itself into what it touches;
 * a subtractive piece (two bits) ANDs itself in. White is player 1's goal and the additive
 * propagator; black is player 2's goal and the subtractive propagator.
 */
import { ATOM4_LATTICE, triIndex, triNeighbourTable, triOnBoard } from '../../grid/index.ts';

export const SIZE = 16;
export const CELLS = SIZE * SIZE;
export const EMPTY = -1;

export const BLACK = 0;
export const RED = 1;
export const GREEN = 2;
export const YELLOW = 3;
export const BLUE = 4;
export const PURPLE = 5;
export const CYAN = 6;
export const WHITE = 7;

export const COLOUR_NAMES = ['black', 'red', 'green', 'yellow', 'blue', 'purple', 'cyan', 'white'] as const;
/** The letters of the replay format: `a` for colour bits 0 (black) … `h` for 7 (white). */
export const COLOUR_LETTERS = 'abcdefgh';

/** The order pieces are played in; it advances every ply. Even places are additive (player 1). */
export const COLOUR_SEQUENCE: readonly number[] = [RED, YELLOW, GREEN, CYAN, BLUE, PURPLE];

export type Player = 1 | 2;

/** Neighbour of cell i in direction d is NEIGHBOURS[i * 6 + d], or -1 off the board. */
export const NEIGHBOURS: Int16Array = triNeighbourTable(ATOM4_LATTICE);

export const cellIndex = (x: number, y: number): number => triIndex(ATOM4_LATTICE, x, y);
export const cellX = (i: number): number => i % SIZE;
export const cellY = (i: number): number => Math.floor(i / SIZE);
export const onBoard = (x: number, y: number): boolean => triOnBoard(ATOM4_LATTICE, x, y);

export const isAdditive = (piece: number): boolean => piece === RED || piece === GREEN || piece === BLUE;
/** The colour the player of `piece` is trying to line up. */
export const goalOf = (player: Player): number => (player === 1 ? WHITE : BLACK);
export const playerOfPiece = (piece: number): Player => (isAdditive(piece) ? 1 : 2);

/** What a neighbour of colour c becomes when `piece` is placed next to it (seed rules 1–4). */
export const mix = (piece: number, c: number): number => (isAdditive(piece) ? c | piece : c & piece);

/**
 * Legal placement: an empty cell with two cyclically consecutive neighbour directions (0–1, 1–2,
 * …, 5–0) both occupied. Off-board neighbours count as empty.
 */
export function isLegalCell(cells: ArrayLike<number>, i: number): boolean {
  if (cells[i] !== EMPTY) return false;
  const base = i * 6;
  let first = false;
  let previous = false;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[base + d] as number;
    const full = n >= 0 && cells[n] !== EMPTY;
    if (full && previous) return true;
    if (d === 0) first = full;
    previous = full;
  }
  return previous && first;
}

export interface Change {
  readonly cell: number;
  readonly from: number;
  readonly to: number;
}

/**
 * The colour changes caused by placing `piece` on empty cell i, computed on the board before the
 * move. In each direction the effect passes over the mover's own propagator (white for additive,
 * black for subtractive) and changes the first other piece; an empty or off-board cell ends it.
 * The six rays from one cell never meet, so applying the changes in any order is simultaneous.
 */
export function colourChanges(cells: ArrayLike<number>, i: number, piece: number): Change[] {
  const additive = isAdditive(piece);
  const propagator = additive ? WHITE : BLACK;
  const out: Change[] = [];
  for (let d = 0; d < 6; d++) {
    let n = NEIGHBOURS[i * 6 + d] as number;
    while (n >= 0 && cells[n] === propagator) n = NEIGHBOURS[n * 6 + d] as number;
    if (n < 0) continue;
    const from = cells[n] as number;
    if (from === EMPTY) continue;
    const to = additive ? from | piece : from & piece;
    if (to !== from) out.push({ cell: n, from, to });
  }
  return out;
}

/** The length of the line of `colour` through cell i along the axis of directions d and d + 3. */
export function lineLength(cells: ArrayLike<number>, i: number, d: number, colour: number): number {
  let length = 1;
  for (const dir of [d, d + 3]) {
    let n = NEIGHBOURS[i * 6 + dir] as number;
    while (n >= 0 && cells[n] === colour) {
      length++;
      n = NEIGHBOURS[n * 6 + dir] as number;
    }
  }
  return length;
}

/**
 * The cells of every line of 4 or more `goal` pieces through a changed cell, each cell once, in
 * board order: the line (or lines) a winning move made.
 */
export function lineCells(cells: ArrayLike<number>, changed: readonly number[], goal: number): number[] {
  const found = new Set<number>();
  for (const i of changed) {
    if (cells[i] !== goal) continue;
    for (let d = 0; d < 3; d++) {
      if (lineLength(cells, i, d, goal) < 4) continue;
      found.add(i);
      for (const dir of [d, d + 3]) {
        let n = NEIGHBOURS[i * 6 + dir] as number;
        while (n >= 0 && cells[n] === goal) {
          found.add(n);
          n = NEIGHBOURS[n * 6 + dir] as number;
        }
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** Whether one of the changed cells now has `goal` colour in a line of 4 or more on some axis. */
export function makesLine(cells: ArrayLike<number>, changed: readonly number[], goal: number): boolean {
  for (const i of changed) {
    if (cells[i] !== goal) continue;
    for (let d = 0; d < 3; d++) if (lineLength(cells, i, d, goal) >= 4) return true;
  }
  return false;
}

/** Round r (from 1): where the colour sequence starts and who opens. */
export const roundStartIndex = (round: number): number => (round - 1) % 6;
export const roundStarter = (round: number): Player => (round % 2 === 1 ? 1 : 2);

/** The standard opening of round r: two pieces touching in the middle of the board. */
export function openingCells(round: number): number[] {
  const cells = new Array<number>(CELLS).fill(EMPTY);
  const index = roundStartIndex(round);
  cells[cellIndex(7, 7)] = COLOUR_SEQUENCE[(index + 2) % 6] as number;
  cells[cellIndex(8, 7)] = COLOUR_SEQUENCE[(index + 5) % 6] as number;
  return cells;
}

/** The board as 16 strings, row y = 0 first, `.` empty, else the colour's letter. */
export function boardRows(cells: ArrayLike<number>): string[] {
  const rows: string[] = [];
  for (let y = 0; y < SIZE; y++) {
    let row = '';
    for (let x = 0; x < SIZE; x++) {
      const c = cells[cellIndex(x, y)] as number;
      row += c === EMPTY ? '.' : COLOUR_LETTERS[c];
    }
    rows.push(row);
  }
  return rows;
}

/** The inverse of boardRows, for tests and positions written by hand. */
export function parseRows(rows: readonly string[]): number[] {
  if (rows.length !== SIZE) throw new RangeError(`a board has ${SIZE} rows, got ${rows.length}`);
  const cells: number[] = [];
  for (const row of rows) {
    if (row.length !== SIZE) throw new RangeError(`a row has ${SIZE} cells: "${row}"`);
    for (const ch of row) cells.push(ch === '.' ? EMPTY : COLOUR_LETTERS.indexOf(ch));
  }
  if (cells.some((c) => c < EMPTY)) throw new RangeError('cells are "." or a letter a to h');
  return cells;
}
