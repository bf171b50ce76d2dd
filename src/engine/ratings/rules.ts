/**
 * Ratings per game type, Glicko-2 (./glicko.ts computes them with the `glicko2` library):
 * a rating, its deviation (how sure the rating is: 350 for a newcomer, shrinking as results come
 * in) and a volatility. Everyone starts at 1500 ± 350, volatility 0.06. Each rated game is one
 * rating period for each of its two players, rated from both players' values before the game, as
 * Lichess updates after every game: a correspondence player plays too few games a day for
 * periods of a fixed length. A rating is provisional while its deviation is above 110, as on
 * Lichess; one shared function writes a rating for people (`formatRating`). Void (declined)
 * games are never rated; a draw scores ½.
 *
 * Two guards keep results from being farmed with alternate accounts: a game counts only once
 * every player has made a move (resigning earlier voids it, like a decline), and only the first
 * few rated games between the same two players within a day count; later ones are played unrated.
 */
export const INITIAL_RATING = 1500;
export const INITIAL_DEVIATION = 350;
export const INITIAL_VOLATILITY = 0.06;
/**
 * Glicko-2's system constant: how far a volatility may move in one period (Glickman suggests
 * 0.3 to 1.2). 0.5, his own example's value, is low in that range: with a period per game, a player's
 * volatility is revised after every result, so a larger value would chase single upsets.
 */
export const GLICKO_TAU = 0.5;
/** A rating whose deviation is above this is provisional (shown with "?"). */
export const PROVISIONAL_DEVIATION = 110;
/** Rated games between the same two players (of one game type) that count within the window. */
export const RATED_GAMES_PER_PAIR = 3;
export const RATED_PAIR_WINDOW_MS = 24 * 3_600_000;

export interface Rating {
  readonly rating: number;
  /** Glicko-2's rating deviation (RD): the rating is within ±2 RD of the truth 95% of the time. */
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export const NEW_RATING: Rating = {
  rating: INITIAL_RATING,
  deviation: INITIAL_DEVIATION,
  volatility: INITIAL_VOLATILITY,
  games: 0,
  wins: 0,
  losses: 0,
  draws: 0,
};

export const isProvisional = (r: { readonly deviation: number }): boolean =>
  r.deviation > PROVISIONAL_DEVIATION;

/**
 * A rating as every client writes it: "1623?" while provisional, "1623 ±45" once established
 * (± the deviation, rounded).
 */
export const formatRating = (r: { readonly rating: number; readonly deviation: number }): string =>
  isProvisional(r) ? `${Math.round(r.rating)}?` : `${Math.round(r.rating)} ±${Math.round(r.deviation)}`;

/** A player's counts after one more result (`score` theirs: 1 win, ½ draw, 0 loss). */
export const withResult = (
  r: Rating,
  score: number,
): Pick<Rating, 'games' | 'wins' | 'losses' | 'draws'> => ({
  games: r.games + 1,
  wins: r.wins + (score === 1 ? 1 : 0),
  losses: r.losses + (score === 0 ? 1 : 0),
  draws: r.draws + (score === 0.5 ? 1 : 0),
});
