/**
 * Move notation: a placement is `x,y` (column, row; 0,0 is the top-left vertex, as the original
 * prints "Player 1 moves (8,6)"); parentheses and spaces are allowed. `next` starts the next round.
 */
import { fail, ok, type Result } from '../game.ts';
import type { Atom4Move } from './rules.ts';

export const HELP = 'write a placement as x,y (each 0 to 15), such as 8,6, or "next" between rounds';

export function parseMove(text: string): Result<Atom4Move> {
  const word = text.trim().toLowerCase();
  if (word === '') return fail(`empty move: ${HELP}`);
  if (word === 'next' || word === 'n') return ok({ kind: 'next' });
  const match = /^\(?\s*(-?\d{1,3})\s*[, ]\s*(-?\d{1,3})\s*\)?$/.exec(word);
  if (!match) return fail(`"${text.trim()}" is not a move: ${HELP}`);
  const x = Number(match[1]);
  const y = Number(match[2]);
  if (x < 0 || x > 15 || y < 0 || y > 15) return fail(`(${x},${y}) is off the board: ${HELP}`);
  return ok({ kind: 'place', x, y });
}

export const formatMove = (move: Atom4Move): string =>
  move.kind === 'next' ? 'next' : `${move.x},${move.y}`;
