/**
 * A position judged for post-game analysis: a move that wins at once is found exactly; otherwise
 * the tree search runs a fixed number of playouts from one seed, and the share of all of them that
 * the side to move won is its chance (steadier than the chosen move's share alone, which a few
 * dozen playouts decide on a big board). No clock, so always the same answer.
 */
import type { Evaluation } from '../game.ts';
import { search } from './ai.ts';
import { legalMoves, play, seatOfSide, type WarpWeftMove, type WarpWeftState } from './rules.ts';

/** Playouts per position: enough that a position's chance varies by two or three points with the
 * seed, so that noise alone seldom makes a mistake (10 points) of a move. */
export const ANALYSIS_PLAYOUTS = 400;

export function evaluate(state: WarpWeftState): Evaluation<WarpWeftMove> {
  if (state.result)
    return { chance: seatOfSide(state, state.result.winner) === 0 ? 1 : 0, best: null, certain: true };
  const moverIsSeat0 = seatOfSide(state, state.turn) === 0;
  const forSeat0 = (own: number) => (moverIsSeat0 ? own : 1 - own);
  const moves = legalMoves(state);
  for (const move of moves) {
    const next = play(state, move);
    if (next.ok && next.value.result?.winner === state.turn)
      return { chance: forSeat0(1), best: move, certain: true };
  }
  if (moves.length === 1) {
    const move = moves[0] as WarpWeftMove;
    const next = play(state, move);
    const after = next.ok ? evaluate(next.value) : { chance: forSeat0(0.5), certain: false };
    return { chance: after.chance, best: move, certain: after.certain === true };
  }
  const found = search(state, { playouts: ANALYSIS_PLAYOUTS, seed: 1 });
  return { chance: forSeat0(found.winRate ?? 0.5), best: found.move };
}
