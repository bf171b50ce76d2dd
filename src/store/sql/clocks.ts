/** The clocks part of the store (../ports/clocks.ts) over the shared SQL surface; both backends use it. */
import { DAY_MS, type Interval, reminderLead, type TimeControl, type TimedMove } from '../../engine/index.ts';
import type { Db } from '../db/index.ts';
import type { ClockedGame, ClockStore, DueClock } from '../ports/index.ts';
import { insertNotice } from './mail.ts';

/** Inside a new game's transaction: its time control, and its first look. */
export async function insertClock(q: Db, gameId: number, control: TimeControl, at: number): Promise<void> {
  const firstLook = control.daysPerMove * DAY_MS - reminderLead(control);
  await q.run(
    `INSERT INTO game_clocks (game_id, days_per_move, bank_days, first_look, turn, reminded, check_at)
       VALUES (?, ?, ?, ?, 0, -1, ?)`,
    [gameId, control.daysPerMove, control.bankDays, firstLook, at + firstLook],
  );
}

interface ControlRow {
  game_id: number;
  days_per_move: number;
  bank_days: number;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export function sqlClockStore(db: Db): ClockStore {
  const timeControls = async (gameIds: readonly number[]) => {
    const found = new Map<number, TimeControl>();
    for (let i = 0; i < gameIds.length; i += 500) {
      const ids = gameIds.slice(i, i + 500);
      const rows = await db.all<ControlRow>(
        `SELECT game_id, days_per_move, bank_days FROM game_clocks WHERE game_id IN (${marks(ids.length)})`,
        ids,
      );
      for (const r of rows)
        found.set(Number(r.game_id), { daysPerMove: Number(r.days_per_move), bankDays: Number(r.bank_days) });
    }
    return found;
  };

  const vacationsOf = async (q: Db, users: readonly string[], since: number) => {
    const found = new Map<string, Interval[]>(users.map((u) => [u, []]));
    if (users.length === 0) return found;
    const rows = await q.all<{ user_id: string; starts_at: number | string; ends_at: number | string }>(
      `SELECT user_id, starts_at, ends_at FROM vacations WHERE user_id IN (${marks(users.length)}) AND ends_at > ?
         ORDER BY starts_at`,
      [...users, since],
    );
    for (const r of rows) found.get(r.user_id)?.push({ from: Number(r.starts_at), to: Number(r.ends_at) });
    return found;
  };

  /** Whole logs by game, and last moves by their number (a game's last move is its move count). */
  const clockMoves = async (games: readonly ClockedGame[]) => {
    const found = new Map<number, TimedMove[]>(games.map((g) => [g.gameId, []]));
    const whole = games.filter((g) => g.whole).map((g) => g.gameId);
    const last = games.filter((g) => !g.whole && g.moveCount > 0);
    if (whole.length + last.length === 0) return found;
    const parts = [
      ...(whole.length
        ? [`SELECT game_id, move_no, seat, at FROM moves WHERE game_id IN (${marks(whole.length)})`]
        : []),
      ...(last.length
        ? [
            `SELECT game_id, move_no, seat, at FROM moves WHERE ${last.map(() => '(game_id = ? AND move_no = ?)').join(' OR ')}`,
          ]
        : []),
    ];
    const rows = await db.all<{ game_id: number; seat: number; at: number | string }>(
      `${parts.join(' UNION ALL ')} ORDER BY game_id, move_no`,
      [...whole, ...last.flatMap((g) => [g.gameId, g.moveCount])],
    );
    for (const r of rows) found.get(Number(r.game_id))?.push({ seat: Number(r.seat), at: Number(r.at) });
    return found;
  };

  return {
    clockMoves,

    async timeControl(gameId) {
      return (await timeControls([gameId])).get(gameId) ?? null;
    },

    timeControls,

    vacations: (users, since) => vacationsOf(db, users, since),

    takeVacation(user, since, decide) {
      return db.tx(async (q) => {
        if (q.dialect === 'postgres')
          await q.all('SELECT pg_advisory_xact_lock(27003, hashtext(?::text))', [user]);
        const taken = (await vacationsOf(q, [user], since)).get(user) ?? [];
        const answer = decide(taken);
        if (answer.ok && answer.value) {
          await q.run('INSERT INTO vacations (user_id, starts_at, ends_at) VALUES (?, ?, ?)', [
            user,
            answer.value.from,
            answer.value.to,
          ]);
        }
        return answer;
      });
    },

    async claimClocks(now, holdUntil, limit) {
      // PostgreSQL: rows another process is claiming are skipped, not waited for. SQLite has one writer.
      const lock = db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
      const rows = await db.all<{ game_id: number; turn: number; reminded: number }>(
        `UPDATE game_clocks SET check_at = ? WHERE game_id IN (
           SELECT game_id FROM game_clocks WHERE check_at <= ? ORDER BY check_at LIMIT ?${lock})
         RETURNING game_id, turn, reminded`,
        [holdUntil, now, limit],
      );
      return rows.map(
        (r): DueClock => ({ gameId: Number(r.game_id), turn: Number(r.turn), reminded: Number(r.reminded) }),
      );
    },

    async rebaseClock(gameId, turn, toTurn) {
      const changed = await db.run(
        'UPDATE game_clocks SET turn = ?, reminded = -1 WHERE game_id = ? AND turn = ? AND check_at IS NOT NULL',
        [toTurn, gameId, turn],
      );
      return changed === 1;
    },

    async moveClockOn(gameId, turn, checkAt) {
      await db.run(
        'UPDATE game_clocks SET check_at = ? WHERE game_id = ? AND turn = ? AND check_at IS NOT NULL',
        [checkAt, gameId, turn],
      );
    },

    remindOnce(gameId, turn, checkAt, notice) {
      return db.tx(async (q) => {
        const taken = await q.run(
          `UPDATE game_clocks SET reminded = ?, check_at = ?
             WHERE game_id = ? AND turn = ? AND reminded < ? AND check_at IS NOT NULL`,
          [turn, checkAt, gameId, turn, turn],
        );
        if (taken !== 1) return false;
        await insertNotice(q, notice);
        return true;
      });
    },
  };
}
