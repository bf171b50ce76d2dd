/** The accounts part of the store (../ports/accounts.ts) over the shared SQL surface; both backends use it. */

import type { Db, Dialect, Params } from '../db/index.ts';
import { batcher } from '../db/index.ts';
import type { AccountStore, EndedSessions, Signals, UserRow } from '../ports/index.ts';
import { type KnownSessions, keptAmong } from './known-sessions.ts';

interface SessionRow {
  token_hash: string;
  user_id: string;
  expires_at: number | string;
}

/** The sessions among a JSON array of token hashes. */
const SESSIONS_AMONG: Record<Dialect, string> = {
  sqlite:
    'SELECT token_hash, user_id, expires_at FROM sessions WHERE token_hash IN (SELECT value FROM json_each(?))',
  postgres:
    'SELECT token_hash, user_id, expires_at FROM sessions WHERE token_hash IN (SELECT json_array_elements_text(?::json))',
};

/** Sessions checked per query by currentSessions. */
const SESSIONS_PER_QUERY = 5_000;

/** `known`: the sessions kept in memory (./known-sessions.ts), shared with the store's listener. */
export function sqlAccountStore(db: Db, signals: Signals, known: KnownSessions): AccountStore {
  const one = async <T>(sql: string, params: Params) => (await db.all<T>(sql, params))[0];
  // Every move over a WebSocket checks its session; those not kept in memory are read, and on a busy
  // server the reads that wait for one another go to the database together.
  const sessionRow = batcher<string, SessionRow | undefined>(
    async (hashes) => {
      const rows =
        hashes.length === 1
          ? await db.all<SessionRow>(
              'SELECT token_hash, user_id, expires_at FROM sessions WHERE token_hash = ?',
              hashes,
            )
          : await db.all<SessionRow>(SESSIONS_AMONG[db.dialect], [JSON.stringify(hashes)]);
      const byHash = new Map(rows.map((row) => [row.token_hash, row]));
      return hashes.map((hash) => ({ status: 'fulfilled', value: byHash.get(hash) }));
    },
    { inFlight: 2, maxBatch: 200 },
  );
  /** End sessions: forgotten here, and other processes told in the same transaction. */
  const ending = (ended: EndedSessions, sql: string, params: Params) =>
    known.ending(keptAmong(ended), () =>
      db.tx(async (q) => {
        await q.run(sql, params);
        await signals.within(q, { kind: 'sessions', gameId: 0, ended });
      }),
    );

  return {
    async createUser(user: UserRow) {
      const changed = await db.run(
        'INSERT INTO users (id, pass_hash, salt, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
        [user.id, user.passHash, user.salt, user.createdAt],
      );
      return changed === 1;
    },

    async getUser(id) {
      const row = await one<{ id: string; pass_hash: string; salt: string; created_at: number | string }>(
        'SELECT * FROM users WHERE id = ?',
        [id],
      );
      return (
        row && { id: row.id, passHash: row.pass_hash, salt: row.salt, createdAt: Number(row.created_at) }
      );
    },

    async setPassword(id, passHash, salt) {
      await db.run('UPDATE users SET pass_hash = ?, salt = ? WHERE id = ?', [passHash, salt, id]);
    },

    async createSession(tokenHash, userId, expiresAt) {
      await db.run('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)', [
        tokenHash,
        userId,
        expiresAt,
      ]);
    },

    async getSession(tokenHash) {
      const kept = known.get(tokenHash);
      if (kept) return kept;
      const readAt = known.reading();
      const row = await sessionRow(tokenHash);
      const session = row && { userId: row.user_id, expiresAt: Number(row.expires_at) };
      if (session) known.keep(tokenHash, session, readAt);
      return session;
    },

    async currentSessions(tokenHashes, now) {
      const current = new Set<string>();
      for (let i = 0; i < tokenHashes.length; i += SESSIONS_PER_QUERY) {
        const hashes = tokenHashes.slice(i, i + SESSIONS_PER_QUERY);
        const rows = await db.all<SessionRow>(`${SESSIONS_AMONG[db.dialect]} AND expires_at > ?`, [
          JSON.stringify(hashes),
          now,
        ]);
        for (const row of rows) current.add(row.token_hash);
      }
      return current;
    },

    async deleteSession(tokenHash) {
      await ending({ tokenHash }, 'DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
    },

    async deleteSessions(userId, except) {
      await ending(
        except === undefined ? { user: userId } : { user: userId, except },
        'DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?',
        [userId, except ?? ''],
      );
    },

    // Expired sessions need no signal: a kept session's expiry is checked wherever it is used.
    purgeSessions: (now) =>
      known.ending(
        (_, s) => s.expiresAt <= now,
        () => db.run('DELETE FROM sessions WHERE expires_at <= ?', [now]),
      ),

    async setRejects(userId, gameType, reject) {
      if (reject) {
        await db.run('INSERT INTO rejections (user_id, game_type) VALUES (?, ?) ON CONFLICT DO NOTHING', [
          userId,
          gameType,
        ]);
      } else {
        await db.run('DELETE FROM rejections WHERE user_id = ? AND game_type = ?', [userId, gameType]);
      }
    },

    async rejects(userId, gameType) {
      return (
        (await one('SELECT 1 AS yes FROM rejections WHERE user_id = ? AND game_type = ?', [
          userId,
          gameType,
        ])) !== undefined
      );
    },
  };
}
