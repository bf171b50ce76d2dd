/** The mail part of the store (../ports/mail.ts) over the shared SQL surface; both backends use it. */
import type { Db } from '../db/index.ts';
import type {
  CodeCheck,
  MailAccount,
  MailStore,
  NewMail,
  Notice,
  NotifyChoice,
  OutboxMail,
} from '../ports/index.ts';

interface OutboxRow {
  id: number;
  user_id: string | null;
  to_address: string;
  kind: string;
  message_id: string;
  subject: string;
  body: string;
  headers: string;
  status: OutboxMail['status'];
  attempts: number;
  last_error: string | null;
  created_at: number | string;
  sent_at: number | string | null;
}

const toMail = (r: OutboxRow): OutboxMail => ({
  id: Number(r.id),
  user: r.user_id,
  to: r.to_address,
  kind: r.kind,
  messageId: r.message_id,
  subject: r.subject,
  body: r.body,
  headers: JSON.parse(r.headers) as Record<string, string>,
  at: Number(r.created_at),
  status: r.status,
  attempts: Number(r.attempts),
  lastError: r.last_error,
  sentAt: r.sent_at === null ? null : Number(r.sent_at),
});

const nullable = (v: number | string | null): number | null => (v === null ? null : Number(v));

/**
 * Write a mail to the outbox inside the caller's transaction, due at once. A mail whose
 * Message-ID is already there is not written twice.
 */
export async function insertMail(q: Db, mail: NewMail): Promise<void> {
  await q.run(
    `INSERT INTO mail_outbox (user_id, to_address, kind, message_id, subject, body, headers, status, attempts,
       next_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
    [
      mail.user,
      mail.to,
      mail.kind,
      mail.messageId,
      mail.subject,
      mail.body,
      JSON.stringify(mail.headers),
      mail.at,
      mail.at,
    ],
  );
}

/**
 * Inside the caller's transaction: a notice for `user` if they chose a mail on every move and have
 * a verified address (the same rule as the triggers of ../schema/mail.ts). True when written.
 */
export async function insertNotice(q: Db, notice: Omit<Notice, 'id'>): Promise<boolean> {
  const written = await q.run(
    `INSERT INTO mail_notices (user_id, kind, game_id, move_no, created_at)
       SELECT m.user_id, ?, ?, ?, ? FROM mail_accounts m
       WHERE m.user_id = ? AND m.notify = 'move' AND m.address IS NOT NULL`,
    [notice.kind, notice.gameId, notice.moveNo, notice.at, notice.user],
  );
  return written === 1;
}

/**
 * Inside the caller's transaction: a notice of `kind` for each player of game `gameId` seated other
 * than `seat` who chose a mail on every move and has a verified address.
 */
export async function insertOpponentNotices(
  q: Db,
  seat: number,
  notice: Omit<Notice, 'id' | 'user'>,
): Promise<void> {
  await q.run(
    `INSERT INTO mail_notices (user_id, kind, game_id, move_no, created_at)
       SELECT p.user_id, ?, ?, ?, ? FROM game_players p JOIN mail_accounts m ON m.user_id = p.user_id
       WHERE p.game_id = ? AND p.seat <> ? AND m.notify = 'move' AND m.address IS NOT NULL`,
    [notice.kind, notice.gameId, notice.moveNo, notice.at, notice.gameId, seat],
  );
}

/** The mail part of the store: accounts' addresses, the notices and the outbox, the digests. */
export function sqlMailStore(db: Db): MailStore {
  return { ...mailAddresses(db), ...mailOutbox(db), ...mailDigests(db) };
}

type MailAddresses = Pick<
  MailStore,
  'mailAccount' | 'requestAddress' | 'verifyAddress' | 'removeAddress' | 'setNotify' | 'mailSecret'
>;

/** Each account's address (asked, verified by a code, removed), its choice of mails, and the secret links are signed with. */
function mailAddresses(db: Db): MailAddresses {
  const forUpdate = db.dialect === 'postgres' ? ' FOR UPDATE' : '';
  return {
    async mailAccount(user) {
      const [row] = await db.all<{
        address: string | null;
        pending_address: string | null;
        code_sent_at: number | string | null;
        notify: NotifyChoice;
        digest_due_at: number | string | null;
      }>(
        'SELECT address, pending_address, code_sent_at, notify, digest_due_at FROM mail_accounts WHERE user_id = ?',
        [user],
      );
      return (
        row &&
        ({
          user,
          address: row.address,
          pendingAddress: row.pending_address,
          codeSentAt: nullable(row.code_sent_at),
          notify: row.notify,
          digestDueAt: nullable(row.digest_due_at),
        } satisfies MailAccount)
      );
    },

    async requestAddress(user, address, codeHash, mail) {
      await db.tx(async (q) => {
        await q.run(
          `INSERT INTO mail_accounts (user_id, pending_address, code_hash, code_sent_at, code_tries) VALUES (?, ?, ?, ?, 0)
           ON CONFLICT (user_id) DO UPDATE SET pending_address = excluded.pending_address,
             code_hash = excluded.code_hash, code_sent_at = excluded.code_sent_at, code_tries = 0`,
          [user, address, codeHash, mail.at],
        );
        await insertMail(q, mail);
      });
    },

    verifyAddress(user, codeHash, at, validMs, maxTries) {
      return db.tx(async (q): Promise<CodeCheck> => {
        const [row] = await q.all<{
          code_hash: string | null;
          code_sent_at: number | string | null;
          code_tries: number;
        }>(`SELECT code_hash, code_sent_at, code_tries FROM mail_accounts WHERE user_id = ?${forUpdate}`, [
          user,
        ]);
        if (!row?.code_hash || row.code_sent_at === null) return 'none';
        if (at - Number(row.code_sent_at) > validMs) return 'expired';
        if (row.code_hash !== codeHash) {
          const tries = Number(row.code_tries) + 1;
          await q.run('UPDATE mail_accounts SET code_tries = ?, code_hash = ? WHERE user_id = ?', [
            tries,
            tries >= maxTries ? null : row.code_hash,
            user,
          ]);
          return 'wrong';
        }
        await q.run(
          `UPDATE mail_accounts SET address = pending_address, pending_address = NULL, code_hash = NULL,
             code_tries = 0 WHERE user_id = ?`,
          [user],
        );
        return 'verified';
      });
    },

    async removeAddress(user) {
      await db.run(
        'UPDATE mail_accounts SET address = NULL, pending_address = NULL, code_hash = NULL WHERE user_id = ?',
        [user],
      );
    },

    async setNotify(user, notify, digestDueAt) {
      await db.run(
        `INSERT INTO mail_accounts (user_id, notify, digest_due_at, digest_since) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, digest_due_at = excluded.digest_due_at,
           digest_since = excluded.digest_since`,
        [user, notify, digestDueAt, digestDueAt === null ? null : digestDueAt - 86_400_000],
      );
    },

    async mailSecret(fresh) {
      await db.run('INSERT INTO mail_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING', [fresh]);
      const [row] = await db.all<{ secret: string }>('SELECT secret FROM mail_secret WHERE id = 1');
      if (!row) throw new Error('the mail secret was not stored');
      return row.secret;
    },
  };
}

type MailOutbox = Pick<
  MailStore,
  | 'notices'
  | 'settleNotice'
  | 'addNotice'
  | 'enqueueMail'
  | 'claimMails'
  | 'mailSent'
  | 'mailRetry'
  | 'mailFailed'
  | 'failedMails'
  | 'mailByMessageId'
>;

/** Notices waiting to become mails, and the outbox the mailer claims, sends and retries. */
function mailOutbox(db: Db): MailOutbox {
  /** PostgreSQL: senders in other processes skip rows one has locked instead of waiting. */
  const skipLocked = db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  return {
    async notices(limit) {
      const rows = await db.all<{
        id: number;
        user_id: string;
        kind: Notice['kind'];
        game_id: number;
        move_no: number;
        created_at: number | string;
      }>('SELECT * FROM mail_notices ORDER BY id LIMIT ?', [limit]);
      return rows.map((r) => ({
        id: Number(r.id),
        user: r.user_id,
        kind: r.kind,
        gameId: Number(r.game_id),
        moveNo: Number(r.move_no),
        at: Number(r.created_at),
      }));
    },

    settleNotice(noticeId, mails) {
      return db.tx(async (q) => {
        // Of two processes settling one notice, the second waits for the first, then deletes nothing.
        if ((await q.run('DELETE FROM mail_notices WHERE id = ?', [noticeId])) !== 1) return false;
        for (const mail of mails) await insertMail(q, mail);
        return true;
      });
    },

    addNotice: (notice) => db.tx((q) => insertNotice(q, notice)),

    enqueueMail: (mail) => db.tx((q) => insertMail(q, mail)),

    async claimMails(now, holdUntil, limit) {
      const rows = await db.all<OutboxRow>(
        `UPDATE mail_outbox SET next_at = ?, attempts = attempts + 1 WHERE id IN (
           SELECT id FROM mail_outbox WHERE status = 'pending' AND next_at <= ? ORDER BY next_at, id LIMIT ?${skipLocked}
         ) RETURNING *`,
        [holdUntil, now, limit],
      );
      return rows.map(toMail).sort((a, b) => a.id - b.id);
    },

    async mailSent(id, at) {
      await db.run("UPDATE mail_outbox SET status = 'sent', sent_at = ?, last_error = NULL WHERE id = ?", [
        at,
        id,
      ]);
    },

    async mailRetry(id, nextAt, error) {
      await db.run("UPDATE mail_outbox SET next_at = ?, last_error = ? WHERE id = ? AND status = 'pending'", [
        nextAt,
        error,
        id,
      ]);
    },

    async mailFailed(id, error) {
      await db.run("UPDATE mail_outbox SET status = 'failed', last_error = ? WHERE id = ?", [error, id]);
    },

    async failedMails(user, since, limit) {
      const rows = await db.all<OutboxRow>(
        `SELECT * FROM mail_outbox WHERE user_id = ? AND status = 'failed' AND created_at >= ?
         ORDER BY id DESC LIMIT ?`,
        [user, since, limit],
      );
      return rows.map(toMail);
    },

    async mailByMessageId(messageId) {
      const [row] = await db.all<OutboxRow>('SELECT * FROM mail_outbox WHERE message_id = ?', [messageId]);
      return row && toMail(row);
    },
  };
}

/** Accounts whose daily digest is due, and taking one (with its mail) in one transaction. */
function mailDigests(db: Db): Pick<MailStore, 'dueDigests' | 'takeDigest'> {
  return {
    async dueDigests(now, limit) {
      const rows = await db.all<{
        user_id: string;
        address: string;
        digest_due_at: number | string;
        digest_since: number | string | null;
        awaiting: number | string;
      }>(
        // The count from the index of whose move each game awaits.
        `SELECT user_id, address, digest_due_at, digest_since,
           (SELECT count(*) FROM games g WHERE g.to_move = mail_accounts.user_id AND g.status = 'active') AS awaiting
         FROM mail_accounts
         WHERE digest_due_at <= ? AND notify = 'digest' AND address IS NOT NULL ORDER BY digest_due_at LIMIT ?`,
        [now, limit],
      );
      return rows.map((r) => ({
        user: r.user_id,
        address: r.address,
        dueAt: Number(r.digest_due_at),
        since: Number(r.digest_since ?? 0),
        awaiting: Number(r.awaiting),
      }));
    },

    takeDigest(user, dueAt, nextDueAt, at, mail) {
      return db.tx(async (q) => {
        const moved = await q.run(
          `UPDATE mail_accounts SET digest_due_at = ?, digest_since = ?
           WHERE user_id = ? AND digest_due_at = ? AND notify = 'digest'`,
          [nextDueAt, at, user, dueAt],
        );
        if (moved !== 1) return false;
        if (mail) await insertMail(q, mail);
        return true;
      });
    },
  };
}
