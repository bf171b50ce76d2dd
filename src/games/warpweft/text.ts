/**
 * The text board, as the PBeM server draws it. The standard form gives each cell three columns
 * and a border column; the compact form (`-compact` on the server) gives each cell one, so a size
 * 6 board fits in 80 columns.
 *
 * Borders are drawn between cells of different pieces. Where a border runs straight through a
 * junction and another one meets it from the side, the server draws the weave: the through-line
 * continues over the junction ('|' or '-') on alternate junctions and a '+' on the others, the
 * rule below reproducing the seed's picture exactly.
 *
 * Claimed pieces are filled: Warp's with '#', Weft's with '='.
 */
import { weaveBoard, weaveColumnName } from '../../grid/index.ts';
import { ownerAt, type WarpWeftState } from './rules.ts';

export const CLAIM_MARKS = ['', '#', '='] as const;

export interface BoardTextOptions {
  readonly compact?: boolean;
}

export function boardText(state: WarpWeftState, options: BoardTextOptions = {}): string {
  const board = weaveBoard(state.options.size);
  const span = board.span;
  const width = options.compact ? 1 : 3; // interior characters per cell
  const pitch = width + 1;
  const margin = 3; // "15 " before the board
  // Cell columns run from -1 (left stub) to span (right stub); rows from 0 to span + 1.
  const borderX = (col: number) => margin + pitch * (col + 1);
  const lineOfRow = (row: number) => 2 * (span + 1 - row) + 1;
  const piece = (col: number, row: number) => board.pieceAt(col, row);
  const fillOf = (id: number) => (id < 0 ? ' ' : CLAIM_MARKS[ownerAt(state, id)] || ' ');

  const lineCount = 2 * (span + 2) + 1;
  const lineWidth = borderX(span + 1) + 1;
  const grid = Array.from({ length: lineCount }, () => Array<string>(lineWidth).fill(' '));
  const put = (y: number, x: number, ch: string) => {
    (grid[y] as string[])[x] = ch;
  };

  // Lines holding cells: each cell's left border, then its interior.
  for (let row = 0; row <= span + 1; row++) {
    const y = lineOfRow(row);
    for (let col = -1; col <= span + 1; col++) {
      const here = piece(col, row);
      put(y, borderX(col), piece(col - 1, row) !== here ? '|' : fillOf(here));
      if (col <= span) for (let i = 1; i <= width; i++) put(y, borderX(col) + i, fillOf(here));
    }
  }
  // Border lines, each between row `above` and the row under it: junctions and segments.
  for (let above = 0; above <= span + 2; above++) {
    const y = lineOfRow(above) + 1;
    for (let col = -1; col <= span + 1; col++) {
      const ul = piece(col - 1, above);
      const ur = piece(col, above);
      put(
        y,
        borderX(col),
        junction(ul, ur, piece(col - 1, above - 1), piece(col, above - 1), col, above - 1),
      );
      if (col <= span) {
        const split = ur !== piece(col, above - 1);
        for (let i = 1; i <= width; i++) put(y, borderX(col) + i, split ? '-' : fillOf(ur));
      }
    }
  }

  const lines = grid.map((chars) => chars.join(''));
  for (let row = 1; row <= span; row++) {
    const y = lineOfRow(row);
    const label = String(row);
    lines[y] = `${label.padStart(2)}${(lines[y] as string).slice(2)} ${label}`;
  }
  const letters = Array<string>(lineWidth).fill(' ');
  for (let col = 0; col < span; col++) letters[borderX(col) + 1 + (width >> 1)] = weaveColumnName(col);
  const letterLine = letters.join('');
  return [letterLine, '', ...lines, '', letterLine].map((l) => l.trimEnd()).join('\n');
}

/**
 * The character at a junction of four cells (piece ids, -1 outside), given the column of the
 * cell to its right and the row of the cells below it.
 */
function junction(ul: number, ur: number, dl: number, dr: number, col: number, row: number): string {
  const up = ul !== ur;
  const down = dl !== dr;
  const left = ul !== dl;
  const right = ur !== dr;
  const vertical = up && down;
  const horizontal = left && right;
  if (!up && !down && !left && !right) return ' ';
  if (vertical && !left && !right) return '|';
  if (horizontal && !up && !down) return '-';
  if (vertical && left !== right) return right === (row % 2 === 1) ? '+' : '|';
  if (horizontal && up !== down) return down === (col % 2 === 0) ? '+' : '-';
  return '+';
}
