/**
 * The lock critic: the solver's verdict on a lock, for its designer. Does it open within the
 * solver's bounds, in how few moves (one shortest solution, to step through), by how many distinct
 * shortest solutions, and how many lock states the breadth-first search visited before it found
 * the first (a difficulty hint: the positions a player could reach in fewer moves).
 *
 * "Distinct" shortest solutions are distinct sequences of lock positions, not of keys: two
 * solutions differ when after some turn the lock (its pieces, the tools, the hook's and pivots'
 * turns, the wrench's momentum) is in a different position. Moves that leave the lock in the same
 * position, say pushing the hook into a wall and waiting, count as one way. The count is exact
 * (counted along the search, never by listing solutions) up to `COUNT_UP_TO`, then "at least".
 */
import { type IntricacyState, intricacy } from './game.ts';
import type { Lock } from './lock.ts';
import type { ToolMove } from './physics.ts';
import { solve } from './solver.ts';

/** The solver's bounds for a critic's verdict: those of `tessera intricacy solve` by default. */
export const CRITIC_MAX_MOVES = 1000;
export const CRITIC_MAX_STATES = 2_000_000;
/** Distinct shortest solutions are counted exactly up to this many. */
export const COUNT_UP_TO = 1_000_000_000;
/** A lock that opens in this many moves or fewer is easy enough that placing it asks first. */
export const EASY_MOVES = 6;

export type Verdict =
  | {
      readonly kind: 'opens';
      /** One shortest solution. */
      readonly moves: readonly ToolMove[];
      /** Distinct shortest solutions (position sequences); at least this many when `atLeast`. */
      readonly solutions: number;
      readonly atLeast: boolean;
      readonly states: number;
    }
  /** Every reachable position was visited and none is open. */
  | { readonly kind: 'never'; readonly states: number }
  /** No solution of `depth` moves or fewer; the bound named stopped the search. */
  | {
      readonly kind: 'unknown';
      readonly limit: 'moves' | 'states' | 'time';
      readonly depth: number;
      readonly states: number;
    };

export interface CriticBounds {
  readonly maxMoves?: number;
  readonly maxStates?: number;
  readonly timeUp?: () => boolean;
}

export function criticise(lock: Lock, bounds: CriticBounds = {}): Verdict {
  const result = solve(lock, {
    maxMoves: bounds.maxMoves ?? CRITIC_MAX_MOVES,
    maxStates: bounds.maxStates ?? CRITIC_MAX_STATES,
    countUpTo: COUNT_UP_TO,
    ...(bounds.timeUp ? { timeUp: bounds.timeUp } : {}),
  });
  if (result.kind === 'solved')
    return {
      kind: 'opens',
      moves: result.moves,
      solutions: result.solutions ?? 1,
      atLeast: result.solutionsCut ?? false,
      states: result.states,
    };
  if (result.kind === 'unsolvable') return { kind: 'never', states: result.states };
  return { kind: 'unknown', limit: result.limit, depth: result.depth, states: result.states };
}

const counted = (n: number, what: string) => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

const LIMIT_NAMES = { moves: 'move limit', states: 'state limit', time: 'time limit' } as const;

/** The verdict in one sentence, as every client and locks/README.md show it. */
export function verdictText(v: Verdict): string {
  if (v.kind === 'opens') {
    const ways = `${v.atLeast ? 'at least ' : ''}${counted(v.solutions, 'distinct shortest solution')}`;
    return `Opens in ${counted(v.moves.length, 'move')}; ${ways}; ${counted(v.states, 'state')} explored.`;
  }
  if (v.kind === 'never')
    return `Never opens: all ${counted(v.states, 'reachable state')} explored, none open.`;
  return `Does not open in ${counted(v.depth, 'move')} or fewer: the search stopped at its ${LIMIT_NAMES[v.limit]} after ${counted(v.states, 'state')}.`;
}

/** The question to ask before placing a lock the critic finds easy, or null if it is not. */
export function easyLockQuestion(v: Verdict): string | null {
  if (v.kind !== 'opens' || v.moves.length > EASY_MOVES) return null;
  return `This lock opens in ${counted(v.moves.length, 'move')} (${counted(v.solutions, 'distinct way')}${v.atLeast ? ' or more' : ''}). Place it anyway?`;
}

/** The positions of the verdict's shortest solution, from the lock as drawn to the open lock. */
export function solutionPositions(lock: Lock, verdict: Verdict | null): IntricacyState[] {
  let state = intricacy.setup(lock, 0);
  const states = [state];
  if (verdict?.kind !== 'opens') return states;
  for (const move of verdict.moves) {
    const next = intricacy.play(state, move);
    if (!next.ok) break;
    state = next.value;
    states.push(state);
  }
  return states;
}
