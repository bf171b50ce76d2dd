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

/** A player by number (1 or 2): their name when the names are given, their seat otherwise. */
const playerName = (player: number, names?: readonly string[]) => names?.[player - 1] ?? `Player ${player}`;

/** Which letter is which colour, and what each player plays and lines up (`seat`: the reader's). */
function legend(seat: Seat | null | undefined, names?: readonly string[]): string[] {
  const key = [...COLOUR_LETTERS].map((letter, c) => `${letter} ${COLOUR_NAMES[c]}`);
  const you = (s: Seat) => (seat === s ? ' (you)' : '');
  return [
    `Key: ${key.slice(0, 4).join(', ')},`,
    `     ${key.slice(4).join(', ')}.`,
    `${playerName(1, names)}${you(0)} plays red, green, blue: four whites (h) in a line win.`,
    `${playerName(2, names)}${you(1)} plays yellow, cyan, purple: four blacks (a) win.`,
    'A move is x,y: the column number above, the row number at the left.',
  ];
}

/** The board; `seat` is the reader's (for the key), `names` the players' by seat. */
export function boardText(
  state: Atom4State,
  options: { readonly seat?: Seat | null; readonly names?: readonly string[] } = {},
): string {
  const rows = boardRows(state.cells).map(
    (row, y) => `${String(y).padStart(2)} ${y % 2 === 1 ? ' ' : ''}${[...row].join(' ')}`,
  );
  return [
    ...columnNumbers(),
    ...rows,
    '',
    ...legend(options.seat, options.names),
    `Round ${state.round} of ${state.options.rounds}   score ${state.scores[0]} : ${state.scores[1]}`,
    statusLine(state, options.names),
    ...nextLine(state),
  ].join('\n');
}

/** Between rounds: the one move there is. */
function nextLine(state: Atom4State): string[] {
  if (!legalMoves(state).some((m) => m.kind === 'next')) return [];
  return [`Round ${state.round} is over: the only move is "next", which starts round ${state.round + 1}.`];
}

/**
 * One line saying how the round stands, in the original's words where it has them, naming the
 * players when their names are given (player 1 is seat 0) and their seats otherwise.
 */
export function statusLine(state: Atom4State, names?: readonly string[]): string {
  const who = (player: number) => playerName(player, names);
  const r = state.roundResult;
  if (r === 'stalemate') return 'STALEMATE: no more moves left';
  if (r !== null) return `${who(r)} WINS!!`;
  return `${who(playerToMove(state))} to play ${COLOUR_NAMES[pieceToPlay(state)]}`;
}
