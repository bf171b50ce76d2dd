/** The mail-in part of the store (../ports/mail-in.ts) over the shared SQL surface; both backends use it. */
import type { Db } from '../db/index.ts';
import type { MailInStore } from '../ports/index.ts';
import { insertMail } from './mail.ts';

export function sqlMailInStore(db: Db): MailInStore {
  return {
    async accountsAt(address) {
      const rows = await db.all<{ user_id: string }>(
        'SELECT user_id FROM mail_accounts WHERE lower(address) = ? ORDER BY user_id',
        [address.toLowerCase()],
      );
      return rows.map((r) => r.user_id);
    },

    answerOnce(address, at, windowMs, mail) {
      const key = address.toLowerCase();
      return db.tx(async (q) => {
        const taken = await q.run(
          `INSERT INTO mail_in_refusals (address, answered_at) VALUES (?, ?)
             ON CONFLICT (address) DO UPDATE SET answered_at = excluded.answered_at
             WHERE mail_in_refusals.answered_at <= ?`,
          [key, at, at - windowMs],
        );
        if (taken !== 1) return false;
        await insertMail(q, mail);
        return true;
      });
    },
  };
}
