/**
 * The daily board raced by everyone, on the server's clock: a player's race starts when their
 * client asks (at its first move or hint), hints are counted when the server is asked for one,
 * and a result is recorded only when the moves sent replay to a cleared board (./verify.ts).
 * Time is the server's, from the start to the accepted moves; the first result counts.
 */
import {
  DAILY_BOARD_PLACES,
  type DailyAccepted,
  type DailyBoard,
  type DailyPlace,
  type DailyRecord,
  type DailySession,
  type DailyWeek,
} from '../../api/index.ts';
import { type Answer, ok, refuse } from '../../engine/index.ts';
import type { DailyClear, DailyEntry, Store } from '../../store/index.ts';
import { dayAt, isDay, streaks, weekOf } from './days.ts';
import { verifyClear } from './verify.ts';

export interface DailyOptions {
  readonly store: Store;
  /** The server's clock (ms since 1970). */
  readonly now: () => number;
  /**
   * No hand removes marbles faster than this: a result quicker than this per removal was played
   * by a program, not by the player on the page, and is refused (the race stays open). Default 500.
   */
  readonly msPerRemoval?: number;
}

const session = (e: DailyEntry): DailySession => ({
  date: e.day,
  startedAt: e.startedAt,
  hints: e.hints,
  cleared: e.finishedAt !== null,
  timeMs: e.timeMs,
});

export type Daily = ReturnType<typeof createDaily>;

export function createDaily({ store, now, msPerRemoval = 500 }: DailyOptions) {
  const today = () => dayAt(now());

  /** Only today's board (UTC, by the server's clock) is raced. */
  const raced = (date: string): Answer<string> => {
    if (!isDay(date)) return refuse('bad-request', `${date.slice(0, 20)} is not a day written YYYY-MM-DD`);
    const day = today();
    if (date !== day)
      return refuse(
        'bad-request',
        `the daily board of ${date} is not raced now: only today's board (${day}, UTC) is`,
      );
    return ok(date);
  };

  /** A day asked for by a reader: YYYY-MM-DD, or `today`. */
  const readDay = (date: string): Answer<string> =>
    date === 'today'
      ? ok(today())
      : isDay(date)
        ? ok(date)
        : refuse('bad-request', `${date.slice(0, 20)} is not a day written YYYY-MM-DD, or today`);

  async function board(day: string, clears?: readonly DailyClear[]): Promise<DailyBoard> {
    clears ??= await store.dailyClears(day);
    return {
      date: day,
      started: await store.dailyStarted(day),
      cleared: clears.length,
      places: clears
        .slice(0, DAILY_BOARD_PLACES)
        .map((c, i) => ({ place: i + 1, user: c.userId, hints: c.hints, timeMs: c.timeMs })),
    };
  }

  return {
    today,

    /** Starts the player's clock on today's board; a second start keeps the first. */
    async start(user: string, date: string): Promise<Answer<DailySession>> {
      const day = raced(date);
      if (!day.ok) return day;
      return ok(session(await store.startDaily(user, day.value, now())));
    },

    /** Counts a hint before the client shows it (starting the clock if it had not started). */
    async hint(user: string, date: string): Promise<Answer<DailySession>> {
      const day = raced(date);
      if (!day.ok) return day;
      const started = await store.startDaily(user, day.value, now());
      if (started.finishedAt !== null)
        return refuse('conflict', `you have cleared the daily board of ${date} already: no hint is needed`);
      return ok(session((await store.countDailyHint(user, day.value)) as DailyEntry));
    },

    /** Records a result the moves prove, timed by the server from the player's start. */
    async submit(user: string, date: string, moves: readonly string[]): Promise<Answer<DailyAccepted>> {
      const at = now();
      if (!isDay(date)) return refuse('bad-request', `${date.slice(0, 20)} is not a day written YYYY-MM-DD`);
      const entry = await store.dailyEntry(user, date);
      if (!entry)
        return refuse(
          'bad-request',
          `you have not started the daily board of ${date}: a result counts only from a start the server recorded`,
        );
      if (entry.finishedAt !== null)
        return refuse(
          'conflict',
          `your result on the daily board of ${date} is recorded already: the first one counts`,
        );
      const cleared = verifyClear(date, moves);
      if (!cleared.ok) return refuse('bad-request', cleared.error);
      const floor = cleared.value * msPerRemoval;
      if (at - entry.startedAt < floor)
        return refuse(
          'bad-request',
          `${cleared.value} removals in ${((at - entry.startedAt) / 1000).toFixed(1)} s is faster than a hand plays them (at least ${floor / 1000} s)`,
        );
      if (!(await store.finishDaily(user, date, at, moves.join(' '))))
        return refuse(
          'conflict',
          `your result on the daily board of ${date} is recorded already: the first one counts`,
        );
      const clears = await store.dailyClears(date);
      const place = clears.findIndex((c) => c.userId === user) + 1;
      const mine = clears[place - 1];
      const result: DailyPlace = { place, user, hints: mine?.hints ?? 0, timeMs: mine?.timeMs ?? 0 };
      return ok({ result, board: await board(date, clears) });
    },

    /** The player's race on a day, if they started it. */
    async mine(user: string, date: string): Promise<Answer<DailySession | null>> {
      const day = readDay(date);
      if (!day.ok) return day;
      const entry = await store.dailyEntry(user, day.value);
      return ok(entry ? session(entry) : null);
    },

    async board(date: string): Promise<Answer<DailyBoard>> {
      const day = readDay(date);
      return day.ok ? ok(await board(day.value)) : day;
    },

    async week(date: string): Promise<Answer<DailyWeek>> {
      const day = readDay(date);
      if (!day.ok) return day;
      const { first, last } = weekOf(day.value);
      const totals = await store.dailyTotals(first, last);
      const places = totals.slice(0, DAILY_BOARD_PLACES).map((t, i) => ({
        place: i + 1,
        user: t.userId,
        cleared: t.cleared,
        hints: t.hints,
        timeMs: t.timeMs,
      }));
      return ok({ first, last, places });
    },

    /** A player's daily boards cleared and streak (the caller has checked the player exists). */
    async record(user: string): Promise<DailyRecord> {
      const days = await store.dailyDaysCleared(user);
      const day = today();
      const { current, best } = streaks(days, day);
      return {
        user,
        solved: days.length,
        streak: current,
        bestStreak: best,
        clearedToday: days.includes(day),
      };
    },
  };
}
