/** The Intricacy account part of the store (../ports/intricacy-account.ts) over the shared SQL surface. */
import type { Db } from '../db/index.ts';
import type { IntricacyAccountStore, ProgressRow, SavedLockRow } from '../ports/index.ts';

interface LockRow {
  name: string;
  text: string;
  solution: string | null;
  saved_at: number | string;
}

async function progressOf(q: Db, userId: string): Promise<ProgressRow> {
  const rows = await q.all<{ lock_name: string; turns: number }>(
    'SELECT lock_name, turns FROM intricacy_solved WHERE user_id = ? ORDER BY lock_name',
    [userId],
  );
  const skips = await q.all('SELECT user_id FROM intricacy_skips WHERE user_id = ?', [userId]);
  return {
    solved: Object.fromEntries(rows.map((r) => [r.lock_name, Number(r.turns)])),
    skipInitiation: skips.length > 0,
  };
}

export function sqlIntricacyAccountStore(db: Db): IntricacyAccountStore {
  return {
    intricacyProgress: (userId) => progressOf(db, userId),

    recordIntricacyProgress: (userId, solved, skipInitiation) =>
      db.tx(async (q) => {
        for (const [name, turns] of Object.entries(solved))
          await q.run(
            `INSERT INTO intricacy_solved (user_id, lock_name, turns) VALUES (?, ?, ?)
               ON CONFLICT (user_id, lock_name) DO UPDATE SET turns = excluded.turns
               WHERE excluded.turns < intricacy_solved.turns`,
            [userId, name, turns],
          );
        if (skipInitiation === true)
          await q.run('INSERT INTO intricacy_skips (user_id) VALUES (?) ON CONFLICT DO NOTHING', [userId]);
        if (skipInitiation === false) await q.run('DELETE FROM intricacy_skips WHERE user_id = ?', [userId]);
        return progressOf(q, userId);
      }),

    async savedLocks(userId) {
      const rows = await db.all<LockRow>(
        'SELECT name, text, solution, saved_at FROM intricacy_saved_locks WHERE user_id = ? ORDER BY name',
        [userId],
      );
      return rows.map(
        (r): SavedLockRow => ({
          name: r.name,
          text: r.text,
          solution: r.solution,
          savedAt: Number(r.saved_at),
        }),
      );
    },

    saveLock: (userId, lock, max) =>
      db.tx(async (q) => {
        // PostgreSQL: the account's lock, held to the commit, so that parallel saves of new names
        // count one another (SQLite runs its transactions one at a time already).
        if (q.dialect === 'postgres')
          await q.all('SELECT pg_advisory_xact_lock(27006, hashtext(?::text))', [userId]);
        const replaced = await q.run(
          'UPDATE intricacy_saved_locks SET text = ?, solution = ?, saved_at = ? WHERE user_id = ? AND name = ?',
          [lock.text, lock.solution, lock.savedAt, userId, lock.name],
        );
        if (replaced > 0) return true;
        // A new name: only while the account is under its limit.
        const [held] = await q.all<{ n: number | string }>(
          'SELECT COUNT(*) AS n FROM intricacy_saved_locks WHERE user_id = ?',
          [userId],
        );
        if (Number(held?.n ?? 0) >= max) return false;
        const added = await q.run(
          `INSERT INTO intricacy_saved_locks (user_id, name, text, solution, saved_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT DO NOTHING`,
          [userId, lock.name, lock.text, lock.solution, lock.savedAt],
        );
        return added > 0;
      }),

    async deleteSavedLock(userId, name) {
      return (
        (await db.run('DELETE FROM intricacy_saved_locks WHERE user_id = ? AND name = ?', [userId, name])) > 0
      );
    },
  };
}
