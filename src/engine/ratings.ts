/**
 * Ratings per game type in the style of the PBeM server (ICS style): everyone starts at 1500;
 * a player with fewer than 20 rated games is provisional. Established players use Elo with
 * K = 32. A provisional player's rating moves faster, K = max(32, 800 / (games + 10)), so the
 * first results place a newcomer quickly and the factor falls smoothly to 32 by game 15.
 * Void (declined) games are never rated; a draw scores ½.
 *
 * Two guards keep results from being farmed with alternate accounts: a game counts only once
 * every player has made a move (resigning earlier voids it, like a decline), and only the first
 * few rated games between the same two players within a day count; later ones are played unrated.
 */
export const INITIAL_RATING = 1500;
/** Rated games between the same two players (of one game type) that count within the window. */
export const RATED_GAMES_PER_PAIR = 3;
export const RATED_PAIR_WINDOW_MS = 24 * 3_600_000;
export const PROVISIONAL_GAMES = 20;
export const K_ESTABLISHED = 32;

export interface Rating {
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export const NEW_RATING: Rating = { rating: INITIAL_RATING, games: 0, wins: 0, losses: 0, draws: 0 };

export const isProvisional = (r: Rating): boolean => r.games < PROVISIONAL_GAMES;

export function kFactor(r: Rating): number {
  return isProvisional(r) ? Math.max(K_ESTABLISHED, 800 / (r.games + 10)) : K_ESTABLISHED;
}

export const expectedScore = (a: number, b: number): number => 1 / (1 + 10 ** ((b - a) / 400));

/** Both players' ratings after a game; `score` is the first player's: 1 win, ½ draw, 0 loss. */
export function rateGame(a: Rating, b: Rating, score: 0 | 0.5 | 1): [Rating, Rating] {
  const ea = expectedScore(a.rating, b.rating);
  const next = (r: Rating, s: number, e: number): Rating => ({
    rating: r.rating + kFactor(r) * (s - e),
    games: r.games + 1,
    wins: r.wins + (s === 1 ? 1 : 0),
    losses: r.losses + (s === 0 ? 1 : 0),
    draws: r.draws + (s === 0.5 ? 1 : 0),
  });
  return [next(a, score, ea), next(b, 1 - score, 1 - ea)];
}
