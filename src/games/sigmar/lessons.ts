/**
 * Sigmar's Garden's lessons (see ../lesson.ts): each a small garden (a late position of a real
 * board: never more of a marble than a full board holds, and clearable), and an aim the rules
 * check. Every removal that meets the aim is accepted.
 */
import type { Lesson } from '../lesson.ts';
import {
  CELL_COUNT,
  cellName,
  EMPTY,
  FIRE,
  isFree,
  KIND_LETTERS,
  KIND_NAMES,
  LEAD,
  parseCell,
} from './board.ts';
import { formatMove } from './notation.ts';
import { cellsOf, type SigmarMove, type SigmarState } from './rules.ts';

type SigmarLesson = Lesson<SigmarState, SigmarMove>;

/** A garden from the marbles at named cells: `{ F6: 'a', F7: 'w' }` (letters as in board text). */
function garden(marbles: Readonly<Record<string, string>>): string {
  const board = Array.from({ length: CELL_COUNT }, () => KIND_LETTERS[EMPTY] as string);
  for (const [name, letter] of Object.entries(marbles)) {
    const cell = parseCell(name);
    if (!cell.ok) throw new Error(cell.error);
    board[cell.value] = letter;
  }
  return board.join('');
}

const at = (name: string): number => {
  const cell = parseCell(name);
  if (!cell.ok) throw new Error(cell.error);
  return cell.value;
};

/** The marbles a removal took, in words: "the two waters at E6 and F7". */
function removalSaid(before: SigmarState, move: SigmarMove): string {
  if (move.kind !== 'remove') return `you chose ${formatMove(move)}`;
  const kinds = move.cells.map((c) => KIND_NAMES[cellsOf(before)[c] as number]);
  return `you removed ${kinds.map((k, i) => `${k} at ${cellName(move.cells[i] as number)}`).join(' and ')}`;
}

const FLOWER = { E5: 'e', E6: 'w', F5: 'e', F6: 'a', F7: 'w', G5: 'a' };

export const SIGMAR_LESSONS: readonly SigmarLesson[] = [
  {
    id: 'sigmar/pairs',
    title: 'Pairs',
    teach:
      'The garden is cleared two marbles at a time. Each of the four elements (air, water, fire, earth) pairs with another of the same element; vitae pairs with mors. Pick one marble, then its partner.',
    aim: 'Remove a pair: two of the same element, or vitae with mors.',
    options: { board: garden({ F4: 'f', F6: 'w', F8: 'f', D5: 'v', H5: 'm', D7: 'w' }) },
    moves: [],
    achieves: (_before, _after, move) => move.kind === 'remove',
    miss: () => 'Remove two marbles that react.',
    praise: 'A pair reacts and leaves the garden.',
  },
  {
    id: 'sigmar/free',
    title: 'Free marbles',
    teach:
      'Only a free marble can be taken: one with three empty neighbours in a row around it (the edge of the garden counts as empty). A marble hemmed in by others waits until they go. Blocked marbles are drawn dimmer.',
    aim: 'The air in the middle is not free. Remove a pair that frees it.',
    options: { board: garden(FLOWER) },
    moves: [],
    achieves: (_before, after) => {
      const cells = cellsOf(after);
      return cells[at('F6')] !== EMPTY && isFree(cells, at('F6'));
    },
    miss: (before, _after, move) =>
      `Here ${removalSaid(before, move)}, but the middle air still lacks three empty neighbours in a row. Open the side next to the gap that is already there.`,
    praise: 'The middle air has three empty neighbours in a row now: it is free.',
  },
  {
    id: 'sigmar/salt',
    title: 'Salt',
    teach:
      'Salt pairs with any element, or with another salt. It is precious: a salt spent on an element that had a partner of its own may leave another element with none.',
    aim: 'The fire has no other fire to pair with. Remove it with the salt.',
    options: { board: garden({ E4: 'f', E7: 's', G4: 'w', G7: 'w' }) },
    moves: [],
    achieves: (before, _after, move) =>
      move.kind === 'remove' && move.cells.some((c) => cellsOf(before)[c] === FIRE),
    miss: (before, _after, move) =>
      `Here ${removalSaid(before, move)}, and the fire is still there with nothing left to pair with but salt.`,
    praise: 'Salt took the lonely fire; the two waters pair up next.',
  },
  {
    id: 'sigmar/metals',
    title: 'Metals in order',
    teach:
      'Quicksilver (mercury) takes one metal at a time, always the lowest still in the garden: lead, then tin, iron, copper, silver. Gold goes last, alone, once every other metal is gone.',
    aim: 'Remove the metal that may go first, with a quicksilver.',
    options: { board: garden({ D4: 'q', D6: '1', F3: '0', F8: 'q', H4: '5' }) },
    moves: [],
    achieves: (before, _after, move) =>
      move.kind === 'remove' && move.cells.some((c) => cellsOf(before)[c] === LEAD),
    miss: (before, _after, move) =>
      `Here ${removalSaid(before, move)}: lead is the lowest metal, so it goes first.`,
    praise: 'Lead first; tin is next, and gold goes alone at the end.',
  },
];
