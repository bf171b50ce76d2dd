/**
 * Hints: "is this move safe?" and "what is a good next move?", answered by the exact solver
 * under a budget. Proving a position lost can take many expansions, so either answer may be
 * "unknown" when the budget runs out. The caller passes the budget (a clock lives outside the
 * rules).
 */
import { fail, ok, type Result } from '../game.ts';
import { type Cells, cellName } from './board.ts';
import { type Removal, removalError } from './reactions.ts';
import { type SolveBudget, solve } from './solver.ts';

export type Safety = 'safe' | 'losing' | 'unknown';

/**
 * Whether a removal keeps the board solvable: `safe` (it does), `losing` (the board can no longer
 * be cleared after it), or `unknown` (the budget ran out). An illegal removal is an error.
 */
export function moveSafety(board: Cells, cells: readonly number[], budget: SolveBudget = {}): Result<Safety> {
  const error = removalError(board, cells, cellName);
  if (error) return fail(error);
  const after = board.slice();
  for (const c of cells) after[c] = 0;
  const result = solve(after, budget);
  return ok(result.status === 'solvable' ? 'safe' : result.status === 'unsolvable' ? 'losing' : 'unknown');
}

export type Suggestion =
  | { readonly kind: 'move'; readonly cells: Removal }
  | { readonly kind: 'clear' }
  | { readonly kind: 'lost' }
  | { readonly kind: 'unknown' };

/** A move that keeps the board solvable, or `lost` when none does, or `unknown`. */
export function suggestMove(board: Cells, budget: SolveBudget = {}): Suggestion {
  if (!board.some((k) => k !== 0)) return { kind: 'clear' };
  const result = solve(board, budget);
  if (result.status === 'unknown') return { kind: 'unknown' };
  const first = result.solution[0];
  return first ? { kind: 'move', cells: first } : { kind: 'lost' };
}
