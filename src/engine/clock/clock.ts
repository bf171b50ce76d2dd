/**
 * Correspondence clocks, as pure arithmetic over a game's move times: no clock of its own, the
 * caller says what time it is. A time control gives each turn `daysPerMove` days; with a time
 * bank (Little Golem style) the time a player leaves unused on a move is saved, up to
 * `bankDays`, and spent when a later move takes longer than its days. A player's vacations stop
 * their clock: time inside a vacation is not counted against them.
 */

export const DAY_MS = 86_400_000;
/** The days per move a challenge may choose. */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 14] as const;
/** The largest time bank a challenge may set, in days. */
export const MAX_BANK_DAYS = 30;
/** Vacation days each player may take per calendar year (UTC). */
export const VACATION_DAYS_PER_YEAR = 30;
/** The longest single vacation, in days. */
export const MAX_VACATION_DAYS = 30;

export interface TimeControl {
  readonly daysPerMove: number;
  /** The most a seat's bank may hold, in days; 0: no bank, each turn has its days and no more. */
  readonly bankDays: number;
}

/** A stretch of time [from, to) in ms since 1970. */
export interface Interval {
  readonly from: number;
  readonly to: number;
}

/** A played move as the clock sees it. */
export interface TimedMove {
  readonly seat: number;
  readonly at: number;
}

export interface SeatClock {
  /** Time this seat has for its current (or next) turn, in ms, as of `now`. */
  readonly remainingMs: number;
  /** Saved time in the seat's bank (included in remainingMs). */
  readonly bankMs: number;
}

export interface ClockReading {
  readonly seats: readonly SeatClock[];
  /** The seat to move and when its time runs out (vacations counted); null when nobody is. */
  readonly toMove: number | null;
  readonly deadline: number | null;
  /** When the seat to move is reminded: `reminderLead` before its deadline. */
  readonly remindAt: number | null;
}

/** The sentence for a time control, or why it is not one. */
export function parseTimeControl(
  text: string,
): { ok: true; value: TimeControl | null } | { ok: false; error: string } {
  const t = text.trim().toLowerCase();
  if (t === 'none' || t === '') return { ok: true, value: null };
  const m = /^(\d{1,2})d(?:\+(\d{1,2})d?)?$/.exec(t);
  const bad = {
    ok: false as const,
    error: `a time control is days per move (${DAYS_PER_MOVE.join(', ')}) written like 3d, optionally with a bank of up to ${MAX_BANK_DAYS} days like 3d+10d, or none; not "${text.trim()}"`,
  };
  if (!m) return bad;
  const checked = checkTimeControl({
    daysPerMove: Number(m[1]),
    bankDays: m[2] === undefined ? 0 : Number(m[2]),
  });
  return checked.ok ? checked : { ok: false, error: checked.error };
}

export function checkTimeControl(
  c: TimeControl,
): { ok: true; value: TimeControl } | { ok: false; error: string } {
  if (!(DAYS_PER_MOVE as readonly number[]).includes(c.daysPerMove)) {
    return {
      ok: false,
      error: `days per move must be one of ${DAYS_PER_MOVE.join(', ')}, not ${c.daysPerMove}`,
    };
  }
  if (!Number.isInteger(c.bankDays) || c.bankDays < 0 || c.bankDays > MAX_BANK_DAYS) {
    return { ok: false, error: `a time bank holds 0 to ${MAX_BANK_DAYS} days, not ${c.bankDays}` };
  }
  return { ok: true, value: { daysPerMove: c.daysPerMove, bankDays: c.bankDays } };
}

/** The short form used in lists and PBeM: `3d`, `3d+10d`. */
export const formatTimeControl = (c: TimeControl | null): string =>
  c === null ? 'none' : `${c.daysPerMove}d${c.bankDays > 0 ? `+${c.bankDays}d` : ''}`;

/** How long before the deadline the player to move is reminded: a day, or half a one-day turn. */
export const reminderLead = (c: TimeControl): number => Math.min(DAY_MS, (c.daysPerMove * DAY_MS) / 2);

/** Sorted, merged intervals. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.to > i.from).toSorted((a, b) => a.from - b.from);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.from <= last.to) out[out.length - 1] = { from: last.from, to: Math.max(last.to, i.to) };
    else out.push(i);
  }
  return out;
}

/** Time from `from` to `to` outside the vacations. */
export function countedTime(from: number, to: number, vacations: readonly Interval[]): number {
  let paused = 0;
  for (const v of merged(vacations)) paused += Math.max(0, Math.min(to, v.to) - Math.max(from, v.from));
  return Math.max(0, to - from - paused);
}

/** When `budget` ms of counted time, starting at `from`, is used up (vacations do not count). */
export function runsOutAt(from: number, budget: number, vacations: readonly Interval[]): number {
  let cursor = from;
  let left = budget;
  for (const v of merged(vacations)) {
    if (v.to <= cursor) continue;
    if (v.from >= cursor + left) break;
    left -= Math.max(0, v.from - cursor);
    cursor = Math.max(cursor, v.to);
  }
  return cursor + left;
}

/**
 * The clocks of a game that started at `startedAt`, after `moves`, at `now`. `toMove` is the seat
 * whose turn it is (null when the game is over); `vacations[seat]` are that seat's player's.
 */
export function readClock(
  control: TimeControl,
  seatCount: number,
  startedAt: number,
  moves: readonly TimedMove[],
  toMove: number | null,
  vacations: readonly (readonly Interval[])[],
  now: number,
): ClockReading {
  const perMove = control.daysPerMove * DAY_MS;
  const cap = control.bankDays * DAY_MS;
  const banks: number[] = Array.from({ length: seatCount }, () => 0);
  let turnStart = startedAt;
  for (const move of moves) {
    const used = countedTime(turnStart, move.at, vacations[move.seat] ?? []);
    banks[move.seat] = Math.min(cap, Math.max(0, (banks[move.seat] ?? 0) + perMove - used));
    turnStart = move.at;
  }
  const seats = banks.map((bankMs, seat) => {
    const spent = seat === toMove ? countedTime(turnStart, now, vacations[seat] ?? []) : 0;
    return { bankMs, remainingMs: Math.max(0, bankMs + perMove - spent) };
  });
  if (toMove === null) return { seats, toMove: null, deadline: null, remindAt: null };
  const budget = (banks[toMove] ?? 0) + perMove;
  const own = vacations[toMove] ?? [];
  return {
    seats,
    toMove,
    deadline: runsOutAt(turnStart, budget, own),
    remindAt: runsOutAt(turnStart, Math.max(0, budget - reminderLead(control)), own),
  };
}

/** The vacation days a player has used in the calendar year (UTC) of `now`. */
export function vacationDaysUsed(vacations: readonly Interval[], now: number): number {
  const year = new Date(now).getUTCFullYear();
  return vacations
    .filter((v) => new Date(v.from).getUTCFullYear() === year)
    .reduce((days, v) => days + Math.round((v.to - v.from) / DAY_MS), 0);
}

/** Whether `days` more vacation days may start at `now`, or why not. */
export function checkVacation(
  days: number,
  taken: readonly Interval[],
  now: number,
): { ok: true; value: Interval } | { ok: false; error: string } {
  if (!Number.isInteger(days) || days < 1 || days > MAX_VACATION_DAYS) {
    return { ok: false, error: `a vacation is 1 to ${MAX_VACATION_DAYS} whole days, not ${days}` };
  }
  if (taken.some((v) => v.from <= now && now < v.to)) {
    return { ok: false, error: 'you are on vacation already; take more days once it ends' };
  }
  const left = VACATION_DAYS_PER_YEAR - vacationDaysUsed(taken, now);
  if (days > left) {
    return {
      ok: false,
      error: `you have ${left} vacation day${left === 1 ? '' : 's'} left this year (of ${VACATION_DAYS_PER_YEAR}), not ${days}`,
    };
  }
  return { ok: true, value: { from: now, to: now + days * DAY_MS } };
}
