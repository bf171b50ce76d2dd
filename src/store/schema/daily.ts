/** The schema of the daily Sigmar board's races (../ports/daily.ts). */

/** Migration 22: one row per player and day, finished once. */
export const DAILY_MIGRATION = {
  version: 22,
  statements: [
    `CREATE TABLE daily_results (user_id TEXT NOT NULL, day TEXT NOT NULL, started_at {time} NOT NULL,
      hints INTEGER NOT NULL DEFAULT 0, finished_at {time}, time_ms {time}, moves TEXT NOT NULL DEFAULT '',
      PRIMARY KEY (user_id, day))`,
    'CREATE INDEX daily_results_day ON daily_results (day, hints, time_ms)',
  ],
};
