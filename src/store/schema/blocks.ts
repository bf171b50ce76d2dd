/** The schema of blocks between accounts (../ports/blocks.ts). */

/** Migration 19: who has blocked whom; the second index answers "blocked by anyone of these?". */
export const BLOCKS_MIGRATION = {
  version: 19,
  statements: [
    `CREATE TABLE blocks (blocker TEXT NOT NULL, blocked TEXT NOT NULL, blocked_at {time} NOT NULL,
      PRIMARY KEY (blocker, blocked))`,
    'CREATE INDEX blocks_blocked ON blocks (blocked, blocker)',
  ],
};
