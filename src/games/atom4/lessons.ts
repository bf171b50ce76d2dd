/**
 * Atom-4's lessons (see ../lesson.ts): each a position reached by real moves from round 1's
 * opening, and an aim the rules check. Every move that meets the aim is accepted.
 */
import type { Lesson } from '../lesson.ts';
import { COLOUR_NAMES, cellX, cellY, type Player } from './board.ts';
import { type Atom4Move, type Atom4State, legalMoves, play, playerToMove } from './rules.ts';

type Atom4Lesson = Lesson<Atom4State, Atom4Move>;

const count = (state: Atom4State, colour: number): number => state.cells.filter((c) => c === colour).length;
const at = (i: number): string => `${cellX(i)},${cellY(i)}`;

/** What the move changed, in words: "it turned 8,7 from red to yellow", or that it changed nothing. */
function changesSaid(before: Atom4State, after: Atom4State): string {
  if (after.changed.length === 0) return 'it touched no piece it could change';
  const said = after.changed.map(
    (i) =>
      `${at(i)} from ${COLOUR_NAMES[before.cells[i] as number]} to ${COLOUR_NAMES[after.cells[i] as number]}`,
  );
  return `it turned ${said.join(' and ')}`;
}

/** A move for `player` that wins at once from `state`, in notation, or null. */
function winningReply(state: Atom4State, player: Player): string | null {
  if (state.roundResult !== null || playerToMove(state) !== player) return null;
  for (const move of legalMoves(state)) {
    const next = play(state, move);
    if (next.ok && next.value.roundResult === player && move.kind === 'place') return `${move.x},${move.y}`;
  }
  return null;
}

/** Some cell was `from` before the move and is `to` after it. */
const turned = (before: Atom4State, after: Atom4State, from: number, to: number): boolean =>
  after.changed.some((i) => before.cells[i] === from && after.cells[i] === to);

export const ATOM4_LESSONS: readonly Atom4Lesson[] = [
  {
    id: 'atom4/placing',
    title: 'Where a piece may go',
    teach:
      'A new piece must complete a triangle: the empty point you choose has to touch two pieces that touch each other. The game starts with two pieces in the middle, so only two points can take the first piece.',
    aim: 'You are player 1 and play red. Place it on a point that touches both opening pieces.',
    options: { rounds: 1 },
    moves: [],
    achieves: (_before, after) => after.lastMove !== null,
    miss: () => 'Place a piece on a point that touches two pieces that touch each other.',
    praise: 'Right: the piece completes a triangle with the two opening pieces.',
  },
  {
    id: 'atom4/mixing',
    title: 'Mixing colours',
    teach:
      'Player 1 plays red, green and blue light, in turn. A piece adds its colour to every piece it touches: red and green make yellow, green and blue make cyan, red and blue make purple, and all three make white. The panel shows which colour you place next.',
    aim: 'You play green. Place it so that it turns a red piece yellow.',
    options: { rounds: 1 },
    moves: ['8,8', '8,6'],
    achieves: (before, after) => turned(before, after, 1, 3),
    miss: (before, after) =>
      `That piece is legal, but ${changesSaid(before, after)}. Put the green next to a red piece.`,
    praise: 'Red light and green light make yellow.',
  },
  {
    id: 'atom4/white',
    title: 'Making white',
    teach:
      'Player 1 wins with white pieces, and white is all three lights: cyan (green and blue) needs red, purple (red and blue) needs green, yellow (red and green) needs blue.',
    aim: 'You play red. Make a white piece.',
    options: { rounds: 1 },
    moves: ['8,8', '8,6', '9,6', '9,8', '9,7', '8,5'],
    achieves: (before, after) => count(after, 7) > count(before, 7),
    miss: (before, after) =>
      `No white yet: ${changesSaid(before, after)}. Red turns white only a cyan piece (green and blue).`,
    praise: 'Red added to cyan makes white, the colour player 1 lines up.',
  },
  {
    id: 'atom4/black',
    title: 'Player 2 takes light away',
    teach:
      'Player 2 plays yellow, cyan and purple, and wins with black. Their pieces keep only the light they share with what they touch: purple (red and blue) turns green to black, cyan (green and blue) turns red to black, yellow (red and green) turns blue to black.',
    aim: 'Now you are player 2 and play purple. Make a black piece.',
    options: { rounds: 1 },
    moves: ['8,8', '8,6', '9,6', '9,8', '9,7', '8,5', '10,6', '9,5', '8,9', '7,6', '7,8'],
    achieves: (before, after) => count(after, 0) > count(before, 0),
    miss: (before, after) =>
      `No new black: ${changesSaid(before, after)}. Purple and green share no light, so purple turns green black.`,
    praise: 'Purple and green share no light: the green piece turned black.',
  },
  {
    id: 'atom4/four',
    title: 'Four in a row',
    teach:
      'A round is won by four or more of your colour in a line along any of the three directions, made by your move. A piece changes every piece it touches, and its light passes straight through your own white pieces to the next piece beyond.',
    aim: 'You are player 1 and play blue. Win the round: make four whites in a line.',
    options: { rounds: 1 },
    moves:
      '8,8 8,6 9,8 7,6 9,7 9,6 7,5 6,5 8,5 7,4 6,6 6,7 6,4 7,8 9,5 10,6 8,4 6,3 5,5 5,7 7,3 5,6 6,8 9,4 10,8 6,9 7,2 10,4'.split(
        ' ',
      ),
    achieves: (_before, after) => after.roundResult === 1,
    miss: (before, after) =>
      `No line of four whites: ${changesSaid(before, after)}. Blue turns yellow white; find the yellow that completes a line.`,
    praise: 'Four whites in a line: you win the round.',
  },
  {
    id: 'atom4/blocking',
    title: 'Blocking',
    teach:
      'Before you move, look at what your opponent could do next. Player 2 needs one more black to complete a line; your piece can take that chance away by changing the pieces around it, or by filling the point.',
    aim: 'You are player 1 and play green. Move so that player 2 cannot win with their next piece.',
    options: { rounds: 1 },
    moves:
      '8,6 7,6 9,6 8,8 7,5 8,5 7,8 8,4 6,7 6,6 7,4 6,5 9,7 5,5 9,8 9,5 9,4 10,6 7,9 10,8 10,7 8,9 8,3 6,8 9,9 9,3'.split(
        ' ',
      ),
    achieves: (_before, after) =>
      after.roundResult === 1 || (after.roundResult === null && winningReply(after, 2) === null),
    miss: (_before, after) => {
      const reply = winningReply(after, 2);
      return reply === null
        ? 'That does not stop player 2.'
        : `After that, player 2 wins by playing ${reply}.`;
    },
    praise: 'Player 2 has no winning move now.',
  },
];
