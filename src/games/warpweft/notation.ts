/**
 * Move notation, as on the PBeM server: a cell coordinate such as `L11` (column letter, row
 * number; it names the thread or patch covering that cell), or `threads`, `patches`, `swap`.
 * Case-insensitive. A move is written back with the piece's canonical cell (a thread's middle).
 */
import { weaveBoard, weaveColumnName } from '../../grid/index.ts';
import { fail, ok, type Result } from '../game.ts';
import type { WarpWeftMove, WarpWeftOptions } from './rules.ts';

export const HELP = 'write a coordinate such as L11, or threads, patches or swap';

export function parseMove(text: string, options: WarpWeftOptions): Result<WarpWeftMove> {
  const word = text.trim().toLowerCase();
  if (word === '') return fail(`empty move: ${HELP}`);
  if (word === 'threads' || word === 'patches') return ok({ kind: 'switch', to: word });
  if (word === 'swap') return ok({ kind: 'swap' });
  const match = /^([a-z])\s*(\d{1,3})$/.exec(word);
  if (!match) return fail(`"${text.trim()}" is not a move: ${HELP}`);
  const board = weaveBoard(options.size);
  const col = (match[1] as string).charCodeAt(0) - 97;
  const row = Number(match[2]);
  const lastColumn = weaveColumnName(board.span - 1);
  if (col >= board.span) {
    return fail(
      `there is no column ${match[1]?.toUpperCase()} on a size ${options.size} board (columns A to ${lastColumn})`,
    );
  }
  if (row < 1 || row > board.span) {
    return fail(`there is no row ${row} on a size ${options.size} board (rows 1 to ${board.span})`);
  }
  return ok({ kind: 'place', piece: board.pieceAt(col, row) });
}

export function formatMove(move: WarpWeftMove, options: WarpWeftOptions): string {
  switch (move.kind) {
    case 'switch':
      return move.to;
    case 'swap':
      return 'swap';
    case 'place':
      return pieceName(move.piece, options.size);
  }
}

/** A piece's canonical coordinate, e.g. `C15`. */
export function pieceName(piece: number, size: number): string {
  const p = weaveBoard(size).pieces[piece];
  if (!p) throw new RangeError(`no piece ${piece} on a size ${size} board`);
  return `${weaveColumnName(p.centre.col)}${p.centre.row}`;
}
