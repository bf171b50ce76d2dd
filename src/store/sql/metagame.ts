/** The Intricacy metagame part of the store (../ports/metagame.ts) over the shared SQL surface. */
import type { Db, Params } from '../db/index.ts';
import type { MetaActionRow, MetaAppend, MetagameStore, Signals } from '../ports/index.ts';

/** Thrown inside an append's transaction to roll it back. */
class AccountHasCodename extends Error {}

export function sqlMetagameStore(db: Db, signals: Signals): MetagameStore {
  const one = async <T>(sql: string, params: Params) => (await db.all<T>(sql, params))[0];

  return {
    async metaActions(after) {
      const rows = await db.all<{ seq: number; kind: string; payload: string; at: number | string }>(
        'SELECT seq, kind, payload, at FROM intricacy_actions WHERE seq > ? ORDER BY seq',
        [after],
      );
      return rows.map(
        (r): MetaActionRow => ({
          seq: Number(r.seq),
          kind: r.kind,
          payload: JSON.parse(r.payload),
          at: Number(r.at),
        }),
      );
    },

    async appendMetaAction(action, codename) {
      const outcome = await db
        .tx(async (q): Promise<MetaAppend> => {
          // The expected number is checked inside the transaction: of two writers racing for the
          // same number (two PostgreSQL processes), the second waits for the first and then
          // inserts nothing, so it never applies an action to a world it has not seen.
          const last = await q.all<{ seq: number | null }>('SELECT max(seq) AS seq FROM intricacy_actions');
          if (Number(last[0]?.seq ?? 0) + 1 !== action.seq) return { ok: false, reason: 'seq' };
          const added = await q.run(
            'INSERT INTO intricacy_actions (seq, kind, payload, at) VALUES (?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING',
            [action.seq, action.kind, JSON.stringify(action.payload), action.at],
          );
          if (added !== 1) return { ok: false, reason: 'seq' };
          if (codename) {
            const linked = await q.run(
              'INSERT INTO intricacy_codenames (user_id, codename) VALUES (?, ?) ON CONFLICT DO NOTHING',
              [codename.user, codename.codename],
            );
            // Roll the action back with it: the account (or, by a bug, the codename) is taken.
            if (linked !== 1) throw new AccountHasCodename();
          }
          return { ok: true };
        })
        .catch((error: unknown) => {
          if (error instanceof AccountHasCodename) return { ok: false, reason: 'account' } as const;
          throw error;
        });
      if (outcome.ok) signals.committed({ kind: 'intricacy', gameId: action.seq });
      return outcome;
    },

    async metaWorld() {
      // One statement, so the parts are those of the save the header names (a save by another
      // process commits the header and its parts together).
      const rows = await db.all<{ seq: number; format: number; part: string; body: string }>(
        `SELECT w.seq, w.format, p.part, p.body FROM intricacy_world w CROSS JOIN intricacy_world_parts p
         WHERE w.id = 1 AND w.seq > 0`,
      );
      const head = rows[0];
      if (!head) return undefined;
      const parts = new Map(rows.map((r) => [r.part, JSON.parse(r.body) as unknown]));
      return { seq: Number(head.seq), format: Number(head.format), parts };
    },

    async saveMetaWorld({ seq, format, parts }) {
      // The header row is updated first: of two processes saving at once, the second waits for
      // the first (a row lock) and then writes only if its world is newer.
      return db.tx(async (q) => {
        const newer = await q.run(
          'UPDATE intricacy_world SET seq = ?, format = ? WHERE id = 1 AND (seq < ? OR format <> ?)',
          [seq, format, seq, format],
        );
        if (newer !== 1) return false;
        for (const [part, body] of parts)
          await q.run(
            `INSERT INTO intricacy_world_parts (part, body) VALUES (?, ?)
             ON CONFLICT (part) DO UPDATE SET body = excluded.body`,
            [part, JSON.stringify(body)],
          );
        return true;
      });
    },

    async codenameOf(user) {
      const row = await one<{ codename: string }>(
        'SELECT codename FROM intricacy_codenames WHERE user_id = ?',
        [user],
      );
      return row?.codename;
    },
  };
}
