/** The schema of each account's lessons done (../ports/lessons.ts). */

/** Migration 17: each account's lessons done. */
export const LESSONS_MIGRATION = {
  version: 17,
  statements: [
    `CREATE TABLE lessons_done (user_id TEXT NOT NULL, lesson_id TEXT NOT NULL, done_at {time} NOT NULL,
      PRIMARY KEY (user_id, lesson_id))`,
  ],
};
