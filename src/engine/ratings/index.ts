/**
 * Ratings: the rules and how a rating is written (./rules.ts), and rating a game with Glicko-2
 * (./glicko.ts, on the `glicko2` library). The engine's index.ts exports only the rules, so that
 * the browser, which shows ratings but never computes one, does not bundle the library; the
 * store, which rates games, imports this folder.
 */
export * from './glicko.ts';
export * from './rules.ts';
