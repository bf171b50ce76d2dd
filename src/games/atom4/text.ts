/**
 * The plain text board (game contract `toText`), for mail, PBeM and the terminal's plain mode:
 * column numbers (x) above, row numbers (y) at the left, so a move `x,y` can be read off; one line
 * per row, odd rows shifted half a cell right as on the lattice, each cell `.` or its colour letter
 * (`a` black … `h` white, as in the replay format); then a key to the letters, the round, the
 * score and whose turn it is. At most 66 columns wide.
 */
import type { Seat } from '../game.ts';
import { boardRows, COLOUR_LETTERS, COLOUR_NAMES, SIZE } from './board.ts';
import { type Atom4State, legalMoves, pieceToPlay, playerToMove } from './rules.ts';

/** The two header lines: the tens digits of the column numbers, then the units. */
function columnNumbers(): string[] {
  const xs = Array.from({ length: SIZE }, (_, x) => x);
  return [
    `   ${xs.map((x) => (x >= 10 ? String(Math.floor(x / 10)) : ' ')).join(' ')}`.trimEnd(),
    `   ${xs.map((x) => String(x % 10)).join(' ')}`,
  ];
}

/** Which letter is which colour, and what each player plays and lines up (`seat`: the reader's). */
function legend(seat: Seat | null | undefined): string[] {
  const key = [...COLOUR_LETTERS].map((letter, c) => `${letter} ${COLOUR_NAMES[c]}`);
  const you = (s: Seat) => (seat === s ? ' (you)' : '');
  return [
    `Key: ${key.slice(0, 4).join(', ')},`,
    `     ${key.slice(4).join(', ')}.`,
    `Player 1${you(0)} plays red, green, blue: four whites (h) in a line win.`,
    `Player 2${you(1)} plays yellow, cyan, purple: four blacks (a) win.`,
    'A move is x,y: the column number above, the row number at the left.',
  ];
}

export function boardText(state: Atom4State, seat?: Seat | null): string {
  const rows = boardRows(state.cells).map(
    (row, y) => `${String(y).padStart(2)} ${y % 2 === 1 ? ' ' : ''}${[...row].join(' ')}`,
  );
  return [
    ...columnNumbers(),
    ...rows,
    '',
    ...legend(seat),
    `Round ${state.round} of ${state.options.rounds}   score ${state.scores[0]} : ${state.scores[1]}`,
    statusLine(state),
    ...nextLine(state),
  ].join('\n');
}

/** Between rounds: the one move there is. */
function nextLine(state: Atom4State): string[] {
  if (!legalMoves(state).some((m) => m.kind === 'next')) return [];
  return [`Round ${state.round} is over: the only move is "next", which starts round ${state.round + 1}.`];
}

/** One line saying how the round stands, in the original's words where it has them. */
export function statusLine(state: Atom4State): string {
  const r = state.roundResult;
  if (r === 'stalemate') return 'STALEMATE: no more moves left';
  if (r !== null) return `Player ${r} WINS!!`;
  return `Player ${playerToMove(state)} to play ${COLOUR_NAMES[pieceToPlay(state)]}`;
}
