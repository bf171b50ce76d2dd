/**
 * The Warp and Weft board for the terminal: one line per board row and three columns per cell,
 * so a size-6 board fits 80 × 24. (The PBeM picture, with border lines, is twice as tall; it is
 * what `tessera board` and the PBeM commands print.) Threads are bars along their direction,
 * patches small squares; claimed pieces take their side's colour, and in plain ASCII Warp's
 * cells become '#' and Weft's '='.
 */

import { claimRefusal, ownerAt, type WarpWeftState, warpweft } from '../games/warpweft/index.ts';
import { weaveBoard, weaveColumnName } from '../grid/index.ts';
import type { Segment } from './segments.ts';
import { SEAT_COLOURS, type Theme } from './theme.ts';

export interface BoardCursor {
  readonly col: number;
  readonly row: number;
}

const SIDE_COLOUR = { 1: SEAT_COLOURS[0], 2: SEAT_COLOURS[1] } as const;

export function weaveLines(
  state: WarpWeftState,
  cursor: BoardCursor | null,
  claimable: ReadonlySet<number>,
  theme: Theme,
  withHeader: boolean,
): Segment[][] {
  const board = weaveBoard(state.options.size);
  const span = board.span;
  const lines: Segment[][] = [];
  const letters = (): Segment[] => [
    { text: '   ' },
    ...Array.from({ length: span }, (_, col) => ({
      text: ` ${weaveColumnName(col)} `,
      colour: SEAT_COLOURS[0],
    })),
  ];
  if (withHeader) lines.push(letters());
  for (let row = span; row >= 1; row--) {
    const label = String(row).padStart(2);
    const line: Segment[] = [{ text: `${label} `, colour: SEAT_COLOURS[1] }];
    for (let col = 0; col < span; col++) line.push(...cell(col, row));
    line.push({ text: ` ${row}`, colour: SEAT_COLOURS[1] });
    lines.push(line);
  }
  return lines;

  function cell(col: number, row: number): Segment[] {
    const id = board.pieceAt(col, row);
    const piece = board.pieces[id];
    if (!piece) return [{ text: '   ' }];
    const owner = ownerAt(state, id);
    const same = (c: number) => board.pieceAt(c, row) === id;
    let glyph: string;
    let fill: string;
    if (piece.kind === 'patch') {
      glyph = owner === 0 ? (theme.ascii ? '.' : '□') : theme.ascii ? (owner === 1 ? '#' : '=') : '■';
      fill = ' ';
    } else if (piece.direction === 'vertical') {
      glyph = owner === 0 ? (theme.ascii ? '|' : '┃') : theme.ascii ? '#' : '┃';
      fill = ' ';
    } else {
      glyph = owner === 0 ? (theme.ascii ? '-' : '━') : theme.ascii ? '=' : '━';
      fill = glyph;
    }
    const isCursor = cursor !== null && cursor.col === col && cursor.row === row;
    const style = {
      colour: owner === 0 ? undefined : SIDE_COLOUR[owner],
      bold: owner !== 0 || claimable.has(id),
      dim: owner === 0 && !claimable.has(id),
    };
    const left = isCursor && theme.ascii ? '[' : same(col - 1) ? fill : ' ';
    const right = isCursor && theme.ascii ? ']' : same(col + 1) ? fill : ' ';
    return [
      { text: left, ...style },
      { text: glyph, ...style, inverse: isCursor },
      { text: right, ...style },
    ];
  }
}

/** Why the piece at the cursor cannot be claimed, as a line, with the key that switches; or null. */
export function claimRefusalLine(state: WarpWeftState, piece: number): string | null {
  const refused = claimRefusal(state, state.turn, state.modes[state.turn], piece);
  if (!refused) return null;
  const key = refused.switchTo ? ` (press ${refused.switchTo === 'threads' ? 't' : 'p'} to switch)` : '';
  return `${warpweft.formatMove({ kind: 'place', piece }, state)}: ${refused.reason}${key}.`;
}

/**
 * The cursor's cell in words: its name, and the piece it is on when that piece is named by
 * another of its cells (a thread spans several): `E6 (E7)`.
 */
export function cursorWords(state: WarpWeftState, col: number, row: number): string {
  const cell = `${weaveColumnName(col)}${row}`;
  const piece = warpweft.formatMove(
    { kind: 'place', piece: weaveBoard(state.options.size).pieceAt(col, row) },
    state,
  );
  return piece === cell ? cell : `${cell} (${piece})`;
}
