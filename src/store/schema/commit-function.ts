/**
 * PostgreSQL's commit function `tessera_commit`: a change to a game in one round trip. The version
 * check, the game's new state, the move, its snapshot (every SNAPSHOT_EVERY-th) and a seat's queue
 * are written together, and the answer carries the game's queues as they now are, or, when the
 * version was stale, the game as it now is (read after the failed update, so it includes the
 * change that won).
 */
import { CLOCK_ON_MOVE } from './clocks.ts';
import { MAIL_ON_MOVE } from './mail.ts';

/** The function, with `onMove` run after a move is logged (statements, each ending in `;`). */
const commitFunction = (
  create: string,
  onMove: string,
) => `${create} tessera_commit(p_id INTEGER, p_version INTEGER, p_state TEXT, p_move_count INTEGER,
        p_status TEXT, p_outcome TEXT, p_to_move TEXT, p_at BIGINT, p_move_no INTEGER, p_seat INTEGER,
        p_text TEXT, p_auto INTEGER, p_move_at BIGINT, p_snapshot BOOLEAN, p_queue_seat INTEGER,
        p_queue TEXT)
      RETURNS TABLE (committed BOOLEAN, id INTEGER, game_type TEXT, options TEXT, seed BIGINT,
        players TEXT, challenger TEXT, status TEXT, outcome TEXT, move_count INTEGER, version INTEGER,
        state TEXT, to_move TEXT, rated INTEGER, compact INTEGER, created_at BIGINT, updated_at BIGINT,
        queues TEXT)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE done BOOLEAN;
      BEGIN
        UPDATE games SET state = p_state, move_count = p_move_count, status = p_status, outcome = p_outcome,
          to_move = p_to_move, version = games.version + 1, updated_at = p_at
          WHERE games.id = p_id AND games.version = p_version;
        done := FOUND;
        IF done AND p_move_no IS NOT NULL THEN
          INSERT INTO moves (game_id, move_no, seat, text, auto, at)
            VALUES (p_id, p_move_no, p_seat, p_text, p_auto, p_move_at);
          IF p_snapshot THEN
            INSERT INTO snapshots (game_id, move_no, state) VALUES (p_id, p_move_no, p_state)
              ON CONFLICT (game_id, move_no) DO NOTHING;
          END IF;${onMove}
        END IF;
        IF done AND p_queue_seat IS NOT NULL THEN
          IF p_queue IS NULL THEN
            DELETE FROM queues WHERE game_id = p_id AND seat = p_queue_seat;
          ELSE
            INSERT INTO queues (game_id, seat, moves) VALUES (p_id, p_queue_seat, p_queue)
              ON CONFLICT (game_id, seat) DO UPDATE SET moves = excluded.moves;
          END IF;
        END IF;
        RETURN QUERY SELECT done, g.id, g.game_type, g.options, g.seed, g.players, g.challenger, g.status,
          g.outcome, g.move_count, g.version, CASE WHEN done THEN NULL ELSE g.state END, g.to_move, g.rated,
          g.compact, g.created_at, g.updated_at,
          (SELECT json_object_agg(q.seat, q.moves::json)::text FROM queues q WHERE q.game_id = p_id)
          FROM games g WHERE g.id = p_id;
      END $$`;

/** Migration 7: the function. */
export const COMMIT_FUNCTION_MIGRATION = {
  version: 7,
  only: 'postgres',
  statements: [commitFunction('CREATE FUNCTION', '')],
} as const;

/** A move-log trigger's statement as the commit function runs it: the move is its parameters. */
const inCommit = (statement: string) =>
  statement
    .replaceAll('NEW.game_id', 'p_id')
    .replaceAll('NEW.move_no', 'p_move_no')
    .replaceAll('NEW.at', 'p_move_at');

/**
 * Migration 25: the commit function writes the mail notice and the clock's next look of a move
 * itself, and the two row triggers on `moves` that did so go (SQLite keeps them). Each trigger
 * cost a plpgsql call per move, about a tenth of the database's time for a move; every move on
 * PostgreSQL is logged through this function.
 */
export const MOVE_LOG_IN_COMMIT_MIGRATION = {
  version: 25,
  only: 'postgres',
  statements: [
    commitFunction(
      'CREATE OR REPLACE FUNCTION',
      `
          ${inCommit(MAIL_ON_MOVE)};
          ${inCommit(CLOCK_ON_MOVE)};`,
    ),
    'DROP TRIGGER mail_on_move ON moves',
    'DROP TRIGGER clock_on_move ON moves',
    'DROP FUNCTION tessera_mail_on_move()',
    'DROP FUNCTION tessera_clock_on_move()',
  ],
} as const;
