/**
 * The text board: the hexagon row by row, each cell four columns wide so that the rows interleave
 * like the hexes do. Free marbles are bracketed, [f]; blocked ones are bare; empty cells are dots.
 * Row letters stand at both ends of each row; positions count from the left of the row (F6 is the
 * centre). Plain ASCII, no colour.
 */
import {
  CELL_COUNT,
  type Cells,
  cellName,
  cellRowPos,
  EMPTY,
  isFree,
  KIND_LETTERS,
  KIND_NAMES,
  ROW_LENGTHS,
  ROW_LETTERS,
} from './board.ts';
import { activeMetal } from './reactions.ts';

export const LEGEND =
  'a air  w water  f fire  e earth  s salt  v vitae  m mors  q mercury  0 lead 1 tin 2 iron 3 copper 4 silver 5 gold';

export function drawBoard(board: Cells): string {
  const rows: string[] = ROW_LENGTHS.map((len, r) => `${ROW_LETTERS[r]} ${' '.repeat((11 - len) * 2)}`);
  for (let i = 0; i < CELL_COUNT; i++) {
    const { row } = cellRowPos(i);
    const k = board[i] as number;
    const letter = KIND_LETTERS[k] as string;
    rows[row] += k === EMPTY ? ' .  ' : isFree(board, i) ? `[${letter}] ` : ` ${letter}  `;
  }
  const width = Math.max(...rows.map((r) => r.length));
  return [
    ...rows.map((r, i) => `${r.padEnd(width)} ${ROW_LETTERS[i]}`),
    `${' '.repeat(10)}(positions count from the left of each row; F6 is the centre)`,
  ].join('\n');
}

/** The map of cell names, drawn like the board: where each coordinate is. */
export function drawCoordinates(): string {
  const rows: string[] = ROW_LENGTHS.map((len) => ' '.repeat((11 - len) * 2));
  for (let i = 0; i < CELL_COUNT; i++) rows[cellRowPos(i).row] += cellName(i).padEnd(4);
  return rows.map((r) => `  ${r.trimEnd()}`).join('\n');
}

/** A one-line summary: marbles left and which metal is next. */
export function statusLine(board: Cells): string {
  let left = 0;
  for (let i = 0; i < CELL_COUNT; i++) if (board[i] !== EMPTY) left++;
  const active = activeMetal(board);
  const metal = active === EMPTY ? 'no metal left' : `next metal: ${KIND_NAMES[active]}`;
  return `${left} marble${left === 1 ? '' : 's'} left, ${metal}.`;
}
