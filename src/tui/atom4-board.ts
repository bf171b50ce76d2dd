/**
 * The Atom-4 board as the original's text mode draws it (`()` per piece, a 35-column frame), for
 * the local screen and online play alike, with what the player must see in colour and without:
 * the cursor, the last move and a won round's line. In plain mode (NO_COLOR) pieces are their
 * letters, the cursor is in brackets `[c]`, the last move is a capital letter, and the winning
 * line's pieces are followed by `*`; in colour the cursor is inverse, the last move underlined and
 * everything but the winning line dimmed. The legend says so, with the letters of the text board.
 */
import {
  type Atom4State,
  COLOUR_LETTERS,
  COLOUR_NAMES,
  cellIndex,
  EMPTY,
  winningLine,
} from '../games/atom4/index.ts';
import type { Segment } from './segments.ts';
import type { Theme } from './theme.ts';

// Terminal colours of the eight colour bit sets (black … white).
export const ATOM4_INK = ['gray', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'whiteBright'];

const FRAME = `+${'-'.repeat(34)}+`;

/** The board, 18 lines of 36 columns. */
export function atom4BoardLines(
  state: Atom4State,
  cursor: { readonly x: number; readonly y: number } | null,
  theme: Theme,
): Segment[][] {
  const last = state.lastMove ? cellIndex(state.lastMove.x, state.lastMove.y) : -1;
  const winning = new Set(winningLine(state));
  const rows = Array.from({ length: 16 }, (_, y) =>
    theme.ascii ? plainRow(state, y, cursor, last, winning) : colourRow(state, y, cursor, last, winning),
  );
  return [[{ text: FRAME }], ...rows, [{ text: FRAME }]];
}

function colourRow(
  state: Atom4State,
  y: number,
  cursor: { readonly x: number; readonly y: number } | null,
  last: number,
  winning: ReadonlySet<number>,
): Segment[] {
  const line: Segment[] = [{ text: `|${y % 2 === 1 ? ' ' : ''}` }];
  for (let x = 0; x < 16; x++) {
    const i = cellIndex(x, y);
    const colour = state.cells[i] as number;
    line.push({
      text: colour === EMPTY ? '· ' : '()',
      colour: colour === EMPTY ? undefined : ATOM4_INK[colour],
      bold: colour !== EMPTY && (winning.size === 0 || winning.has(i)),
      dim: colour === EMPTY || (winning.size > 0 && !winning.has(i)),
      inverse: cursor !== null && cursor.x === x && cursor.y === y,
      underline: i === last,
    });
  }
  line.push({ text: `${y % 2 === 1 ? '' : ' '}|` });
  return line;
}

/** A row in letters: each cell has a character either side, where its marks go. */
function plainRow(
  state: Atom4State,
  y: number,
  cursor: { readonly x: number; readonly y: number } | null,
  last: number,
  winning: ReadonlySet<number>,
): Segment[] {
  // sides[x] is left of cell x and right of cell x - 1; on even rows the frame is left of cell 0.
  const sides: string[] = Array.from({ length: 17 }, (_, x) => (x === 0 && y % 2 === 0 ? '|' : ' '));
  const glyphs: string[] = [];
  for (let x = 0; x < 16; x++) {
    const i = cellIndex(x, y);
    const colour = state.cells[i] as number;
    const letter = colour === EMPTY ? '.' : (COLOUR_LETTERS[colour] as string);
    glyphs.push(i === last ? letter.toUpperCase() : letter);
    if (winning.has(i)) sides[x + 1] = '*';
  }
  if (cursor !== null && cursor.y === y) {
    sides[cursor.x] = '[';
    sides[cursor.x + 1] = ']';
  }
  let text = y % 2 === 1 ? '|' : '';
  for (let x = 0; x < 16; x++) text += `${sides[x]}${glyphs[x]}`;
  text += `${sides[16]}${y % 2 === 1 ? '' : ' '}|`;
  return [{ text }];
}

/** The key to the board, for the panel beside it; in plain mode the letters and the marks. */
export function atom4Legend(theme: Theme): string[] {
  const goals = ['Player 1 lines up whites', 'Player 2 lines up blacks'];
  if (!theme.ascii) return [...goals, 'last move underlined'];
  const key = [...COLOUR_LETTERS].map((letter, c) => `${letter} ${COLOUR_NAMES[c]}`);
  return [
    `Key: ${key.slice(0, 3).join(', ')},`,
    `${key.slice(3, 6).join(', ')},`,
    `${key.slice(6).join(', ')}.`,
    `${goals[0]} (h),`,
    `${goals[1].replace('Player 2', 'player 2')} (a).`,
    '[c] cursor  C last move',
    'c* winning line',
  ];
}
