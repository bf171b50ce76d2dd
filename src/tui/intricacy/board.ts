/**
 * A lock drawn as the original's curses client drew it, which is also its lock file's picture:
 * each hex two columns wide, alternate rows offset by one column (row = −y, column = 2x + y).
 * Pieces are coloured by the chosen colouring; with no colour (NO_COLOR) the glyphs alone tell
 * the pieces apart, exactly as in the file.
 */

import { frameCells, type Lock, lockToText } from '../../games/intricacy/index.ts';
import { type Hex, hexToText } from '../../grid/index.ts';
import type { Segment } from '../segments.ts';

// Colour indices of src/games/intricacy/colouring.ts: 0 the lock body, 1–5 colours, 6 pivots,
// 7 balls, 8 the hook, 9 the wrench.
const COLOURS = [
  'gray',
  'red',
  'blue',
  'green',
  'magenta',
  'yellow',
  'cyan',
  'magentaBright',
  'whiteBright',
  'yellowBright',
];
const MARK = '\u0000';

export interface BoardOptions {
  /** Colour index of each piece (colourByNature / colourAdjacentDiffer). */
  readonly colours: readonly number[];
  /** The editor's cursor: drawn as [X] around the cell. */
  readonly cursor?: Hex;
  /** Pieces to highlight (blockage annotations): piece index → colour. */
  readonly highlight?: ReadonlyMap<number, string>;
}

/** Where the picture's first line and column sit in text coordinates. */
function origin(size: number): { row: number; column: number } {
  const pos = frameCells(size).map(hexToText);
  return { row: Math.min(...pos.map((p) => p.row)), column: Math.min(...pos.map((p) => p.column)) };
}

/** The width of a lock's picture in columns (for laying out the screen beside it). */
export function boardWidth(size: number): number {
  const pos = frameCells(size).map(hexToText);
  return Math.max(...pos.map((p) => p.column)) - Math.min(...pos.map((p) => p.column)) + 1;
}

interface Cell {
  glyph: string;
  piece: number;
}

export function boardLines(lock: Lock, options: BoardOptions): Segment[][] {
  const picture = lockToText(lock, (piece, glyph) => `${MARK}${String.fromCharCode(48 + piece)}${glyph}`)
    .split('\n')
    .slice(1)
    .filter((line) => line !== '' && !/^(spring|wrench|arm) /.test(line));
  // Unpack the marked picture into a grid of cells (piece −1: no piece).
  const grid: Cell[][] = picture.map((line) => {
    const row: Cell[] = [];
    for (let i = 0; i < line.length; i++) {
      if (line[i] === MARK) {
        row.push({ glyph: line[i + 2] as string, piece: (line.charCodeAt(i + 1) as number) - 48 });
        i += 2;
      } else row.push({ glyph: line[i] as string, piece: -1 });
    }
    return row;
  });
  let cursorAt: { line: number; column: number } | undefined;
  if (options.cursor) {
    const o = origin(lock.size);
    const p = hexToText(options.cursor);
    cursorAt = { line: p.row - o.row, column: p.column - o.column };
    const row = grid[cursorAt.line];
    if (row) {
      while (row.length < cursorAt.column + 2) row.push({ glyph: ' ', piece: -1 });
      if (cursorAt.column > 0) row[cursorAt.column - 1] = { glyph: '[', piece: -2 };
      row[cursorAt.column + 1] = { glyph: ']', piece: -2 };
    }
  }
  return grid.map((row, line) =>
    row.map((cell, column): Segment => {
      const isCursor = cursorAt?.line === line && cursorAt.column === column;
      if (cell.piece === -2) return { text: cell.glyph, colour: 'whiteBright', bold: true };
      if (cell.piece < 0) return { text: cell.glyph, dim: !isCursor, inverse: isCursor };
      const highlight = options.highlight?.get(cell.piece);
      const colour = highlight ?? (cell.piece === 1 ? 'yellow' : COLOURS[options.colours[cell.piece] ?? 0]);
      return { text: cell.glyph, colour, bold: cell.piece > 0, inverse: isCursor || highlight !== undefined };
    }),
  );
}
