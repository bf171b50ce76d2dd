/** The schema of the profiles part of the store (../ports/profiles.ts). */
import type { Db } from '../db/index.ts';
import { replayRatings } from '../sql/index.ts';

/**
 * Migration 13: the rating history. Games rated before it are given their history by replaying
 * every finished rated game in the order the games ended, from everyone at the initial rating, as
 * the commits that ended them did. (The replay now follows Glicko-2, and migration 20, ./glicko.ts,
 * replays everything again anyway.)
 */
export const RATING_HISTORY_MIGRATION = {
  version: 13,
  statements: [
    `CREATE TABLE rating_history (id {id}, user_id TEXT NOT NULL, game_type TEXT NOT NULL,
      game_id INTEGER NOT NULL REFERENCES games (id), opponent TEXT NOT NULL, score {real} NOT NULL,
      rating_before {real} NOT NULL, rating_after {real} NOT NULL, at {time} NOT NULL)`,
    'CREATE INDEX rating_history_user ON rating_history (user_id, game_type, id)',
  ],
  after: (q: Db) => replayRatings(q, false),
};
