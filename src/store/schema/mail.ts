/**
 * Migration 8, mail: each account's address and choice of notices, the notices a commit leaves
 * for the mailer, and the outbox of mails to send.
 *
 * A notice is written by a trigger in the very transaction that causes it (a move, a challenge,
 * the end of a game), and only for a player who chose a mail on every move and has a verified
 * address: no code path can commit a change and forget its mail, and a move costs no extra round
 * trip. The mailer turns notices into outbox rows (src/server/mail/).
 */
import type { Dialect } from '../db/index.ts';

/** One trigger, the same statement body on both backends. */
export function trigger(
  name: string,
  event: string,
  when: string | null,
  body: string,
): { readonly [D in Dialect]: string }[] {
  const condition = when === null ? '' : ` WHEN (${when})`;
  return [
    {
      sqlite: 'SELECT 1',
      postgres: `CREATE FUNCTION tessera_${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${body}; RETURN NULL; END $$`,
    },
    {
      sqlite: `CREATE TRIGGER ${name} ${event} FOR EACH ROW${condition} BEGIN ${body}; END`,
      postgres: `CREATE TRIGGER ${name} ${event} FOR EACH ROW${condition} EXECUTE FUNCTION tessera_${name}()`,
    },
  ];
}

/** Players who get a mail for each notice: a verified address and mail on every move. */
const MAILED = "m.notify = 'move' AND m.address IS NOT NULL";

/** After a move: the player now to move (the game row is updated before the move is logged). */
export const MAIL_ON_MOVE = `INSERT INTO mail_notices (user_id, kind, game_id, move_no, created_at)
        SELECT g.to_move, 'move', NEW.game_id, NEW.move_no, NEW.at FROM games g
          JOIN mail_accounts m ON m.user_id = g.to_move
        WHERE g.id = NEW.game_id AND g.status = 'active' AND ${MAILED}`;

export const MAIL_MIGRATION = {
  version: 8,
  statements: [
    // notify: move (a mail on every move that needs them), digest (one a day) or none.
    `CREATE TABLE mail_accounts (user_id TEXT PRIMARY KEY, address TEXT, pending_address TEXT,
      code_hash TEXT, code_sent_at {time}, code_tries INTEGER NOT NULL DEFAULT 0,
      notify TEXT NOT NULL DEFAULT 'move', digest_due_at {time}, digest_since {time})`,
    'CREATE INDEX mail_accounts_digest ON mail_accounts (digest_due_at)',
    `CREATE TABLE mail_notices (id {id}, user_id TEXT NOT NULL, kind TEXT NOT NULL, game_id INTEGER NOT NULL,
      move_no INTEGER NOT NULL, created_at {time} NOT NULL)`,
    // status: pending (next_at is when it is due, or until when a sender holds it), sent, failed.
    `CREATE TABLE mail_outbox (id {id}, user_id TEXT, to_address TEXT NOT NULL, kind TEXT NOT NULL,
      message_id TEXT NOT NULL UNIQUE, subject TEXT NOT NULL, body TEXT NOT NULL, headers TEXT NOT NULL,
      status TEXT NOT NULL, attempts INTEGER NOT NULL, next_at {time} NOT NULL, last_error TEXT,
      created_at {time} NOT NULL, sent_at {time})`,
    'CREATE INDEX mail_outbox_due ON mail_outbox (status, next_at)',
    'CREATE INDEX mail_outbox_user ON mail_outbox (user_id, status)',
    // The key that signs unsubscribe links, made once per database.
    'CREATE TABLE mail_secret (id INTEGER PRIMARY KEY, secret TEXT NOT NULL)',
    // On PostgreSQL, since migration 25, the commit function does this itself (./commit-function.ts).
    ...trigger('mail_on_move', 'AFTER INSERT ON moves', null, MAIL_ON_MOVE),
    // A challenge: each player seated other than the challenger.
    ...trigger(
      'mail_on_challenge',
      'AFTER INSERT ON game_players',
      null,
      `INSERT INTO mail_notices (user_id, kind, game_id, move_no, created_at)
        SELECT NEW.user_id, 'challenge', NEW.game_id, 0, g.created_at FROM games g
          JOIN mail_accounts m ON m.user_id = NEW.user_id
        WHERE g.id = NEW.game_id AND g.challenger IS NOT NULL AND g.challenger <> NEW.user_id AND ${MAILED}`,
    ),
    // The end of a game (won, drawn, resigned, declined): every player.
    ...trigger(
      'mail_on_end',
      'AFTER UPDATE OF status ON games',
      "OLD.status = 'active' AND NEW.status <> 'active'",
      `INSERT INTO mail_notices (user_id, kind, game_id, move_no, created_at)
        SELECT p.user_id, 'end', NEW.id, NEW.move_count, NEW.updated_at FROM game_players p
          JOIN mail_accounts m ON m.user_id = p.user_id
        WHERE p.game_id = NEW.id AND ${MAILED}`,
    ),
  ],
};
