/**
 * The plain text board (game contract `toText`): one line per row, odd rows shifted half a cell
 * right as on the lattice, each cell `.` or its colour letter (`a` black … `h` white, as in the
 * replay format), then the round, the score and whose turn it is.
 */
import { boardRows, COLOUR_NAMES } from './board.ts';
import { type Atom4State, pieceToPlay, playerToMove } from './rules.ts';

export function boardText(state: Atom4State, names?: readonly string[]): string {
  const lines = boardRows(state.cells).map((row, y) => `${y % 2 === 1 ? ' ' : ''}${[...row].join(' ')}`);
  lines.push(
    '',
    `Round ${state.round} of ${state.options.rounds}   score ${state.scores[0]} : ${state.scores[1]}`,
  );
  lines.push(statusLine(state, names));
  return lines.join('\n');
}

/**
 * One line saying how the round stands, in the original's words where it has them, naming the
 * players when their names are given (player 1 is seat 0) and their seats otherwise.
 */
export function statusLine(state: Atom4State, names?: readonly string[]): string {
  const who = (player: number) => names?.[player - 1] ?? `Player ${player}`;
  const r = state.roundResult;
  if (r === 'stalemate') return 'STALEMATE: no more moves left';
  if (r !== null) return `${who(r)} WINS!!`;
  return `${who(playerToMove(state))} to play ${COLOUR_NAMES[pieceToPlay(state)]}`;
}
