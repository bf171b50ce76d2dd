/** The schema of the takebacks part of the store (../ports/takebacks.ts). */

/** Migration 11: pending takebacks, one per game, and those made. */
export const TAKEBACK_MIGRATION = {
  version: 11,
  statements: [
    `CREATE TABLE takeback_proposals (game_id INTEGER PRIMARY KEY REFERENCES games (id),
      seat INTEGER NOT NULL, user_id TEXT NOT NULL, move_count INTEGER NOT NULL, at {time} NOT NULL)`,
    `CREATE TABLE takebacks (id {id}, game_id INTEGER NOT NULL REFERENCES games (id),
      from_move INTEGER NOT NULL, moves TEXT NOT NULL, proposer TEXT NOT NULL, accepted_by TEXT NOT NULL,
      at {time} NOT NULL)`,
    'CREATE INDEX takebacks_game ON takebacks (game_id, id)',
  ],
};
