/** The schema of the clocks part of the store (../ports/clocks.ts): its tables and the trigger that sets a turn's next look. */
import { trigger } from './mail.ts';

/** A move starts the next player's turn: look at it no later than its days allow. */
export const CLOCK_ON_MOVE = `UPDATE game_clocks SET turn = NEW.move_no, check_at = NEW.at + first_look
        WHERE game_id = NEW.game_id
          AND EXISTS (SELECT 1 FROM games g WHERE g.id = NEW.game_id AND g.status = 'active')`;

/** Migration 9: time controls and the next look of each timed game; players' vacations. */
export const CLOCK_MIGRATION = {
  version: 9,
  statements: [
    `CREATE TABLE game_clocks (game_id INTEGER PRIMARY KEY REFERENCES games (id), days_per_move INTEGER NOT NULL,
      bank_days INTEGER NOT NULL, first_look {time} NOT NULL, turn INTEGER NOT NULL, reminded INTEGER NOT NULL,
      check_at {time})`,
    'CREATE INDEX game_clocks_due ON game_clocks (check_at)',
    `CREATE TABLE vacations (id {id}, user_id TEXT NOT NULL, starts_at {time} NOT NULL, ends_at {time} NOT NULL)`,
    'CREATE INDEX vacations_user ON vacations (user_id, ends_at)',
    // On PostgreSQL, since migration 25, the commit function does this itself (./commit-function.ts).
    ...trigger('clock_on_move', 'AFTER INSERT ON moves', null, CLOCK_ON_MOVE),
    // A game that ended (won, drawn, resigned, declined, lost on time) needs no more looks.
    ...trigger(
      'clock_on_end',
      'AFTER UPDATE OF status ON games',
      "OLD.status = 'active' AND NEW.status <> 'active'",
      'UPDATE game_clocks SET check_at = NULL WHERE game_id = NEW.id',
    ),
  ],
};
