/** An Atom-4 position in words, for the board's text alternative. */
import { type Atom4State, COLOUR_NAMES, EMPTY, pieceToPlay } from '../../games/atom4/index.ts';

/** The round and score, the pieces by colour (points as x,y, as moves are typed), the next piece. */
export function describeAtom4(state: Atom4State): string {
  const byColour = COLOUR_NAMES.map((): string[] => []);
  state.cells.forEach((colour, i) => {
    if (colour !== EMPTY) byColour[colour]?.push(`${i % 16},${(i - (i % 16)) / 16}`);
  });
  const pieces = COLOUR_NAMES.flatMap((name, colour) => {
    const points = byColour[colour] ?? [];
    return points.length === 0 ? [] : [`${name} at ${points.join(' ')}`];
  });
  const next =
    state.roundResult === null
      ? ` Next piece: ${COLOUR_NAMES[pieceToPlay(state)]}, for player ${state.colourIndex % 2 === 0 ? 1 : 2}.`
      : '';
  return `Round ${state.round} of ${state.options.rounds}, score ${state.scores[0]} to ${state.scores[1]}. ${
    pieces.length === 0 ? 'No pieces.' : `Pieces: ${pieces.join('; ')}.`
  }${next}`;
}
