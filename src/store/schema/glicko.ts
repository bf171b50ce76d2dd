/** The schema of Glicko-2 ratings (src/engine/ratings/rules.ts): each rating's deviation and volatility. */
import type { Db } from '../db/index.ts';
import { replayRatings } from '../sql/index.ts';

/**
 * Migration 20: ratings move from Elo to Glicko-2. Every finished rated game is replayed in the
 * order the games ended, from everyone at 1500 ± 350, which gives each player their Glicko-2
 * rating, deviation and volatility, and the rating history the values the games would have
 * given (so a profile's chart ends where its rating is).
 */
export const GLICKO_MIGRATION = {
  version: 20,
  statements: [
    'ALTER TABLE ratings ADD COLUMN deviation {real} NOT NULL DEFAULT 350',
    'ALTER TABLE ratings ADD COLUMN volatility {real} NOT NULL DEFAULT 0.06',
  ],
  after: (q: Db) => replayRatings(q, true),
};
