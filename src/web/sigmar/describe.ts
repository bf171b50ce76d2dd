/** A Sigmar's Garden position in words, for the board's text alternative. */
import { cellName, cellsOf, isFree, type SigmarState } from '../../games/sigmar/index.ts';
import { MARBLES } from './marbles.ts';

const CELLS = 91;

/** How many marbles are left, then the free ones (those that can be played) with their cells. */
export function describeSigmar(state: SigmarState): string {
  const cells = cellsOf(state);
  const marbles = [];
  for (let cell = 0; cell < CELLS; cell++) if (cells[cell] !== 0) marbles.push(cell);
  if (marbles.length === 0) return 'The garden is empty.';
  const free = marbles.filter((cell) => isFree(cells, cell));
  const named = free.map((cell) => `${MARBLES[cells[cell] as number]?.name} ${cellName(cell)}`);
  return `${marbles.length} marbles, ${free.length} free: ${named.join(', ')}.`;
}
