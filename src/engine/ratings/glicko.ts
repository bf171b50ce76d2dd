/** Glicko-2 rating of one game with the `glicko2` library (the rules are in ./rules.ts). */
import { Glicko2 } from 'glicko2';
import {
  GLICKO_TAU,
  INITIAL_DEVIATION,
  INITIAL_RATING,
  INITIAL_VOLATILITY,
  type Rating,
  withResult,
} from './rules.ts';

const SETTINGS = { tau: GLICKO_TAU, rating: INITIAL_RATING, rd: INITIAL_DEVIATION, vol: INITIAL_VOLATILITY };

/**
 * Both players' ratings after a game, the game being one rating period for each (rated from both
 * players' values before it); `score` is the first player's: 1 win, ½ draw, 0 loss.
 */
export function rateGame(a: Rating, b: Rating, score: 0 | 0.5 | 1): [Rating, Rating] {
  const system = new Glicko2(SETTINGS);
  const pa = system.makePlayer(a.rating, a.deviation, a.volatility);
  const pb = system.makePlayer(b.rating, b.deviation, b.volatility);
  system.updateRatings([[pa, pb, score]]);
  const next = (r: Rating, p: typeof pa, s: number): Rating => ({
    rating: p.getRating(),
    deviation: p.getRd(),
    volatility: p.getVol(),
    ...withResult(r, s),
  });
  return [next(a, pa, score), next(b, pb, 1 - score)];
}
