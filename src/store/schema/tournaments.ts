/** The schema of tournaments (../ports/tournaments.ts). */

/**
 * Migration 21: tournaments, their entrants, their rounds and each round's boards. A round's row
 * is written in the transaction that creates its games, and its key lets only one pairing of a
 * round commit.
 */
export const TOURNAMENT_MIGRATION = {
  version: 21,
  statements: [
    `CREATE TABLE tournaments (id {id}, name TEXT NOT NULL, creator TEXT NOT NULL, game_type TEXT NOT NULL,
      options TEXT NOT NULL, time_control TEXT, rated INTEGER NOT NULL, format TEXT NOT NULL,
      rounds INTEGER NOT NULL, max_players INTEGER NOT NULL, starts_at {time}, round_days INTEGER,
      state TEXT NOT NULL, rounds_paired INTEGER NOT NULL, created_at {time} NOT NULL,
      started_at {time}, finished_at {time})`,
    'CREATE INDEX tournaments_state ON tournaments (state, id)',
    `CREATE TABLE tournament_entrants (tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
      user_id TEXT NOT NULL, joined_at {time} NOT NULL, PRIMARY KEY (tournament_id, user_id))`,
    'CREATE INDEX tournament_entrants_user ON tournament_entrants (user_id, tournament_id)',
    `CREATE TABLE tournament_rounds (tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
      round INTEGER NOT NULL, paired_at {time} NOT NULL, deadline {time}, PRIMARY KEY (tournament_id, round))`,
    `CREATE TABLE tournament_games (tournament_id INTEGER NOT NULL, round INTEGER NOT NULL, board INTEGER NOT NULL,
      first_player TEXT NOT NULL, second_player TEXT, game_id INTEGER REFERENCES games (id),
      PRIMARY KEY (tournament_id, round, board),
      FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round))`,
    'CREATE UNIQUE INDEX tournament_games_game ON tournament_games (game_id)',
  ],
};
