/**
 * The plain text board (game contract `toText`): one line per row, odd rows shifted half a cell
 * right as on the lattice, each cell `.` or its colour letter (`a` black … `h` white, as in the
 * replay format), then the round, the score and whose turn it is.
 */
import { boardRows, COLOUR_NAMES } from './board.ts';
import { type Atom4State, pieceToPlay, playerToMove } from './rules.ts';

export function boardText(state: Atom4State): string {
  const lines = boardRows(state.cells).map((row, y) => `${y % 2 === 1 ? ' ' : ''}${[...row].join(' ')}`);
  lines.push(
    '',
    `Round ${state.round} of ${state.options.rounds}   score ${state.scores[0]} : ${state.scores[1]}`,
  );
  lines.push(statusLine(state));
  return lines.join('\n');
}

/** One line saying how the round stands, in the original's words where it has them. */
export function statusLine(state: Atom4State): string {
  const r = state.roundResult;
  if (r === 'stalemate') return 'STALEMATE: no more moves left';
  if (r !== null) return `Player ${r} WINS!!`;
  return `Player ${playerToMove(state)} to play ${COLOUR_NAMES[pieceToPlay(state)]}`;
}
