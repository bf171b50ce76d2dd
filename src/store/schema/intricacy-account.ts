/** The schema of the Intricacy account part of the store (../ports/intricacy-account.ts). */

/** Migration 12: each account's Intricacy progress and saved locks. */
export const INTRICACY_ACCOUNT_MIGRATION = {
  version: 12,
  statements: [
    `CREATE TABLE intricacy_solved (user_id TEXT NOT NULL, lock_name TEXT NOT NULL, turns INTEGER NOT NULL,
      PRIMARY KEY (user_id, lock_name))`,
    'CREATE TABLE intricacy_skips (user_id TEXT PRIMARY KEY)',
    `CREATE TABLE intricacy_saved_locks (user_id TEXT NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL,
      solution TEXT, saved_at {time} NOT NULL, PRIMARY KEY (user_id, name))`,
  ],
};
