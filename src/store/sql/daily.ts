/** The daily board's races (../ports/daily.ts) over the shared SQL surface; both backends use it. */
import type { Db } from '../db/index.ts';
import type { DailyClear, DailyEntry, DailyStore, DailyTotals } from '../ports/index.ts';

type Num = number | string;
interface EntryRow {
  user_id: string;
  day: string;
  started_at: Num;
  hints: Num;
  finished_at: Num | null;
  time_ms: Num | null;
  moves: string;
}

const orNull = (n: Num | null): number | null => (n === null ? null : Number(n));

const toEntry = (r: EntryRow): DailyEntry => ({
  userId: r.user_id,
  day: r.day,
  startedAt: Number(r.started_at),
  hints: Number(r.hints),
  finishedAt: orNull(r.finished_at),
  timeMs: orNull(r.time_ms),
  moves: r.moves,
});

async function entry(q: Db, userId: string, day: string): Promise<DailyEntry | undefined> {
  const rows = await q.all<EntryRow>('SELECT * FROM daily_results WHERE user_id = ? AND day = ?', [
    userId,
    day,
  ]);
  return rows[0] && toEntry(rows[0]);
}

export function sqlDailyStore(db: Db): DailyStore {
  return {
    startDaily: (userId, day, now) =>
      db.tx(async (q) => {
        await q.run(
          'INSERT INTO daily_results (user_id, day, started_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
          [userId, day, now],
        );
        return (await entry(q, userId, day)) as DailyEntry;
      }),
    dailyEntry: (userId, day) => entry(db, userId, day),
    countDailyHint: (userId, day) =>
      db.tx(async (q) => {
        await q.run(
          'UPDATE daily_results SET hints = hints + 1 WHERE user_id = ? AND day = ? AND finished_at IS NULL',
          [userId, day],
        );
        return entry(q, userId, day);
      }),
    async finishDaily(userId, day, finishedAt, moves) {
      // One statement: of two submissions at once, only one finds the entry open.
      const changed = await db.run(
        `UPDATE daily_results SET finished_at = ?, time_ms = ? - started_at, moves = ?
           WHERE user_id = ? AND day = ? AND finished_at IS NULL`,
        [finishedAt, finishedAt, moves, userId, day],
      );
      return changed === 1;
    },
    async dailyClears(day) {
      const rows = await db.all<{ user_id: string; hints: Num; time_ms: Num; finished_at: Num }>(
        `SELECT user_id, hints, time_ms, finished_at FROM daily_results
           WHERE day = ? AND finished_at IS NOT NULL ORDER BY hints, time_ms, finished_at, user_id`,
        [day],
      );
      return rows.map(
        (r): DailyClear => ({
          userId: r.user_id,
          hints: Number(r.hints),
          timeMs: Number(r.time_ms),
          finishedAt: Number(r.finished_at),
        }),
      );
    },
    async dailyStarted(day) {
      const rows = await db.all<{ n: Num }>('SELECT COUNT(*) AS n FROM daily_results WHERE day = ?', [day]);
      return Number(rows[0]?.n ?? 0);
    },
    async dailyTotals(first, last) {
      const rows = await db.all<{ user_id: string; cleared: Num; hints: Num; time_ms: Num }>(
        `SELECT user_id, COUNT(*) AS cleared, SUM(hints) AS hints, SUM(time_ms) AS time_ms FROM daily_results
           WHERE day >= ? AND day <= ? AND finished_at IS NOT NULL
           GROUP BY user_id ORDER BY COUNT(*) DESC, SUM(hints), SUM(time_ms), user_id`,
        [first, last],
      );
      return rows.map(
        (r): DailyTotals => ({
          userId: r.user_id,
          cleared: Number(r.cleared),
          hints: Number(r.hints),
          timeMs: Number(r.time_ms),
        }),
      );
    },
    async dailyDaysCleared(userId) {
      const rows = await db.all<{ day: string }>(
        'SELECT day FROM daily_results WHERE user_id = ? AND finished_at IS NOT NULL ORDER BY day',
        [userId],
      );
      return rows.map((r) => r.day);
    },
  };
}
