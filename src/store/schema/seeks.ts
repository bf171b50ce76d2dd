/** The schema of open challenges (../ports/seeks.ts). */

/** Migration 18: open challenges anyone may take, until they expire. */
export const SEEK_MIGRATION = {
  version: 18,
  statements: [
    `CREATE TABLE seeks (id {id}, user_id TEXT NOT NULL, game_type TEXT NOT NULL, options TEXT NOT NULL,
      compact INTEGER NOT NULL, time_control TEXT NOT NULL, rated INTEGER NOT NULL, seat TEXT NOT NULL,
      min_rating INTEGER, max_rating INTEGER, created_at {time} NOT NULL, expires_at {time} NOT NULL)`,
    // The open list is read in this order (each is open for the same time, so oldest first) and
    // stops at its limit.
    'CREATE INDEX seeks_open ON seeks (expires_at, id)',
    'CREATE INDEX seeks_user ON seeks (user_id, expires_at)',
    'CREATE INDEX seeks_type ON seeks (game_type, time_control, expires_at)',
  ],
};
