/** Open challenges (../ports/seeks.ts) over the shared SQL surface, and the claim a game's creation makes. */
import { INITIAL_DEVIATION, INITIAL_RATING } from '../../engine/index.ts';
import type { Db, Params } from '../db/index.ts';
import type { NewSeek, Seek, SeekFilter, SeekSeat, SeekStore, Signals } from '../ports/index.ts';

interface SeekRow {
  id: number;
  user_id: string;
  game_type: string;
  options: string;
  compact: number;
  time_control: string;
  rated: number;
  seat: string;
  min_rating: number | null;
  max_rating: number | null;
  created_at: number | string;
  expires_at: number | string;
  rating: number | string;
  deviation: number | string;
}

/**
 * A user's rating in a game type, as an SQL expression: the one place seeks read ratings, so a
 * change of rating system changes only this.
 */
const ratingOf = (user: string, gameType: string): string =>
  `COALESCE((SELECT r.rating FROM ratings r WHERE r.game_type = ${gameType} AND r.user_id = ${user}), ${INITIAL_RATING})`;

/** How sure a user's rating is: a player with no rated game yet is wholly unsure. */
const deviationOf = (user: string, gameType: string): string =>
  `COALESCE((SELECT r.deviation FROM ratings r WHERE r.game_type = ${gameType} AND r.user_id = ${user}), ${INITIAL_DEVIATION})`;

const COLUMNS = `s.*, ${ratingOf('s.user_id', 's.game_type')} AS rating, ${deviationOf('s.user_id', 's.game_type')} AS deviation`;

/**
 * Seeks `?` (the viewer) may take: not their own, their rating within the range, not a game they
 * reject, and not posted by anyone the viewer blocked or who blocked the viewer.
 */
const TAKEABLE = `s.user_id <> ?
  AND (s.min_rating IS NULL OR ${ratingOf('?', 's.game_type')} >= s.min_rating)
  AND (s.max_rating IS NULL OR ${ratingOf('?', 's.game_type')} <= s.max_rating)
  AND NOT EXISTS (SELECT 1 FROM rejections j WHERE j.user_id = ? AND j.game_type = s.game_type)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = ? AND b.blocked = s.user_id)
    OR (b.blocker = s.user_id AND b.blocked = ?))`;

const toSeek = (row: SeekRow): Seek => ({
  id: Number(row.id),
  user: row.user_id,
  gameType: row.game_type,
  options: JSON.parse(row.options) as unknown,
  compact: Number(row.compact) === 1,
  timeControl: row.time_control,
  rated: Number(row.rated) === 1,
  seat: row.seat as SeekSeat,
  minRating: row.min_rating === null ? null : Number(row.min_rating),
  maxRating: row.max_rating === null ? null : Number(row.max_rating),
  at: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  rating: Number(row.rating),
  deviation: Number(row.deviation),
});

/** The open seeks `viewer` may take (all open ones for no viewer), with a filter, in SQL and its parameters. */
function takeableQuery(viewer: string | null, now: number, filter: SeekFilter): [string, Params] {
  let where = 's.expires_at > ?';
  const params: (string | number)[] = [now];
  if (viewer !== null) {
    where += ` AND ${TAKEABLE}`;
    params.push(viewer, viewer, viewer, viewer, viewer, viewer);
  }
  if (filter.gameType) {
    where += ' AND s.game_type = ?';
    params.push(filter.gameType);
  }
  if (filter.timeControl) {
    where += ' AND s.time_control = ?';
    params.push(filter.timeControl);
  }
  return [`SELECT ${COLUMNS} FROM seeks s WHERE ${where}`, params];
}

/** Inside the caller's transaction: the seeker's lock (PostgreSQL), then the quota checked. */
async function overQuota(q: Db, user: string, now: number, limit: number): Promise<string | undefined> {
  // A parallel post by the same player waits here for this one's insert, then counts it.
  if (q.dialect === 'postgres') await q.all('SELECT pg_advisory_xact_lock(27018, hashtext(?::text))', [user]);
  const [row] = await q.all<{ n: number | string }>(
    'SELECT count(*) AS n FROM seeks WHERE user_id = ? AND expires_at > ?',
    [user, now],
  );
  if (Number(row?.n ?? 0) < limit) return undefined;
  return `you already have ${limit} open challenges; cancel one or wait until one is taken`;
}

async function insertSeek(q: Db, seek: NewSeek): Promise<Seek> {
  const [row] = await q.all<{ id: number }>(
    `INSERT INTO seeks (user_id, game_type, options, compact, time_control, rated, seat, min_rating,
       max_rating, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      seek.user,
      seek.gameType,
      JSON.stringify(seek.options ?? {}),
      seek.compact ? 1 : 0,
      seek.timeControl,
      seek.rated ? 1 : 0,
      seek.seat,
      seek.minRating,
      seek.maxRating,
      seek.at,
      seek.expiresAt,
    ],
  );
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  const [read] = await q.all<SeekRow>(`SELECT ${COLUMNS} FROM seeks s WHERE s.id = ?`, [row.id]);
  if (!read) throw new Error('a seek just inserted is gone');
  return toSeek(read);
}

/**
 * Inside the transaction that creates a seek's game: removes the seek if it is still open at
 * `now`. False when another taker, its cancel or its expiry came first (on PostgreSQL a second
 * DELETE of the row waits for the first to commit, then finds it gone).
 */
export async function claimSeek(q: Db, id: number, now: number): Promise<boolean> {
  return (await q.run('DELETE FROM seeks WHERE id = ? AND expires_at > ?', [id, now])) === 1;
}

/** Other processes hear of a seek posted or removed (they read it back, or find it gone). */
function told<T>(signals: Signals, answer: T): T {
  if (answer && typeof answer === 'object' && 'id' in answer && typeof answer.id === 'number')
    signals.committed({ kind: 'seek', gameId: answer.id });
  return answer;
}

export function sqlSeekStore(db: Db, signals: Signals): SeekStore {
  return {
    postSeek: async (seek, limit) =>
      told(
        signals,
        await db.tx(async (q) => {
          const refused = await overQuota(q, seek.user, seek.at, limit);
          return refused === undefined ? insertSeek(q, seek) : { refused };
        }),
      ),

    postOrFind: async (seek, limit) =>
      told(
        signals,
        await db.tx(async (q) => {
          // Quick pairings of one game one at a time, so two players asking at once are paired
          // with each other rather than both posting.
          if (q.dialect === 'postgres')
            await q.all('SELECT pg_advisory_xact_lock(27118, hashtext(?::text))', [seek.gameType]);
          const [sql, params] = takeableQuery(seek.user, seek.at, {
            gameType: seek.gameType,
            timeControl: seek.timeControl,
          });
          const mine = ratingOf('?', '?');
          const [nearest] = await q.all<{ id: number }>(
            `SELECT t.id FROM (${sql}) t ORDER BY abs(t.rating - ${mine}), t.created_at, t.id LIMIT 1`,
            [...params, seek.user, seek.gameType],
          );
          if (nearest) return { found: Number(nearest.id) };
          const refused = await overQuota(q, seek.user, seek.at, limit);
          return refused === undefined ? insertSeek(q, seek) : { refused };
        }),
      ),

    async openSeek(id, now, viewer) {
      const [sql, params] = takeableQuery(viewer ?? null, now, {});
      const [row] = await db.all<SeekRow>(`${sql} AND s.id = ?`, [...params, id]);
      return row ? toSeek(row) : undefined;
    },

    async openSeeks(viewer, now, filter, limit) {
      const [sql, params] = takeableQuery(viewer, now, filter);
      // By expiry: oldest first (every seek is open for as long), read in the index's order.
      const rows = await db.all<SeekRow>(`${sql} ORDER BY s.expires_at, s.id LIMIT ?`, [...params, limit]);
      return rows.map(toSeek);
    },

    async seeksOf(user, now) {
      const rows = await db.all<SeekRow>(
        `SELECT ${COLUMNS} FROM seeks s WHERE s.user_id = ? AND s.expires_at > ? ORDER BY s.created_at, s.id`,
        [user, now],
      );
      return rows.map(toSeek);
    },

    async cancelSeek(id, user) {
      const cancelled = (await db.run('DELETE FROM seeks WHERE id = ? AND user_id = ?', [id, user])) === 1;
      if (cancelled) signals.committed({ kind: 'seek', gameId: id });
      return cancelled;
    },

    deleteExpiredSeeks: (now) => db.run('DELETE FROM seeks WHERE expires_at <= ?', [now]),
  };
}
