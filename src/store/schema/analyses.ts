/** The schema of post-game analyses (../ports/analyses.ts). */

/** Migration 16: one analysis per game. */
export const ANALYSIS_MIGRATION = {
  version: 16,
  statements: [
    `CREATE TABLE analyses (game_id INTEGER PRIMARY KEY REFERENCES games (id), move_count INTEGER NOT NULL,
      body TEXT NOT NULL, at {time} NOT NULL)`,
  ],
};
