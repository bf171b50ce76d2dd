/**
 * A position judged for post-game analysis: the search at a fixed depth (no clock, one seed), its
 * score turned into the chance that seat 0 wins the round being played. Atom-4 is judged round by
 * round: a decided round is won (1), lost (0) or a stalemate (0.5) for seat 0.
 */
import type { Evaluation } from '../game.ts';
import { chooseMove, WIN } from './ai.ts';
import type { Atom4Move, Atom4State } from './rules.ts';
import { playerToMove } from './rules.ts';

/** The depth analysis searches every position to (level 4's), a few milliseconds a position. */
export const ANALYSIS_DEPTH = 7;
/**
 * Evaluation points per unit of the logistic that turns a score into a chance: a window one bit
 * from a line (60 points) is worth about 60 %, a typical won-looking middle game (300) about 88 %.
 */
const SCALE = 150;

export function evaluate(state: Atom4State): Evaluation<Atom4Move> {
  if (state.roundResult !== null) {
    const chance = state.roundResult === 1 ? 1 : state.roundResult === 2 ? 0 : 0.5;
    return { chance, best: null, certain: state.roundResult !== 'stalemate' };
  }
  // (Without the stuck-window weighting and threat extensions of the playing levels: the chances,
  // marks and time per position stay those the scale above was set for.)
  const found = chooseMove(state, {
    depth: ANALYSIS_DEPTH,
    seed: 1,
    tableBits: 16,
    weighStuck: false,
    extendThreats: false,
  });
  const own =
    found.winIn !== null
      ? found.winIn > 0
        ? 1
        : 0
      : 1 / (1 + Math.exp(-Math.max(-WIN, Math.min(WIN, found.score)) / SCALE));
  return {
    chance: playerToMove(state) === 1 ? own : 1 - own,
    best: found.move,
    certain: found.winIn !== null,
  };
}
