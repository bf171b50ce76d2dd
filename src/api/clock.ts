/**
 * How every client says a correspondence clock (src/api/http.ts `GameClock`): the same words in
 * the web page, the terminal and PBeM text.
 */
import type { GameClock, GameSummary, VacationState } from './http.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration as a player reads it: `2d 4h`, `5h 10m`, `40m`, `0m`. */
export function durationText(ms: number): string {
  const t = Math.max(0, ms);
  const days = Math.floor(t / DAY);
  const hours = Math.floor((t % DAY) / HOUR);
  const minutes = Math.floor((t % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  return `${minutes}m`;
}

/** A moment in UTC, to the minute: `2026-03-04 12:00 UTC`. */
export const momentText = (at: number): string =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A player's vacation in words, the same in the web lobby and the terminal lobby. */
export function vacationText(v: Pick<VacationState, 'until' | 'daysLeft' | 'daysPerYear'>): string {
  const now =
    v.until === null
      ? 'Vacation stops your clocks in timed games.'
      : `On vacation until ${momentText(v.until)}: your clocks are stopped.`;
  return `${now} ${v.daysLeft} of ${v.daysPerYear} days left this year.`;
}

/** The time control in words: `3 days per move, bank up to 10 days`. */
export function controlText(clock: Pick<GameClock, 'daysPerMove' | 'bankDays'>): string {
  const per = `${clock.daysPerMove} day${clock.daysPerMove === 1 ? '' : 's'} per move`;
  return clock.bankDays > 0 ? `${per}, bank up to ${clock.bankDays} days` : per;
}

/** One seat's clock: `2d 4h left (bank 1d), on vacation until …`. */
export function seatClockText(clock: GameClock, seat: number): string {
  const s = clock.seats[seat];
  if (!s) return '';
  const bank = s.bankMs > 0 ? ` (bank ${durationText(s.bankMs)})` : '';
  const away = s.vacationUntil === null ? '' : `, on vacation until ${momentText(s.vacationUntil)}`;
  return `${durationText(s.remainingMs)} left${bank}${away}`;
}

/**
 * The clock as it stands at `now`, read at `clock.at`: the seat to move has spent the time since
 * (none of it while on vacation).
 */
export function clockAsOf(clock: GameClock, now: number): GameClock {
  const seat = clock.toMove;
  const s = seat === null ? undefined : clock.seats[seat];
  if (seat === null || !s) return clock;
  const from = Math.max(clock.at, s.vacationUntil ?? clock.at);
  const spent = Math.max(0, now - from);
  const seats = clock.seats.map((x, i) =>
    i === seat
      ? {
          ...x,
          remainingMs: Math.max(0, x.remainingMs - spent),
          vacationUntil: x.vacationUntil !== null && x.vacationUntil > now ? x.vacationUntil : null,
        }
      : x,
  );
  return { ...clock, at: now, seats };
}

/** The clock as lines of text, each seat named by `names[seat]`. */
export function clockLines(clock: GameClock, names: readonly string[]): string[] {
  return [
    `Clock: ${controlText(clock)}.`,
    ...names.map((name, seat) => `  ${name}: ${seatClockText(clock, seat)}`),
    ...(clock.deadline === null ? [] : [`  Time runs out at ${momentText(clock.deadline)}.`]),
  ];
}

/** In a list: a timed game's control and how long the player to move has left (`3d+7d, 2d 4h left`). */
export function timeLimitWords(limit: GameSummary['timeLimit'], now: number): string {
  if (!limit) return '';
  return limit.deadline === null
    ? limit.control
    : `${limit.control}, ${durationText(limit.deadline - now)} left`;
}

/** The clock in one line, for a narrow screen: `ann 2d 4h · bob 3d (until 2026-03-04 12:00 UTC)`. */
export function clockLine(clock: GameClock, names: readonly string[], now: number): string {
  const c = clockAsOf(clock, now);
  const seats = names.map((name, seat) => {
    const s = c.seats[seat];
    if (!s) return name;
    const away = s.vacationUntil === null ? '' : ' on vacation';
    return `${seat === c.toMove ? '>' : ''}${name} ${durationText(s.remainingMs)}${away}`;
  });
  return `Clock ${controlText(c).replace(' per move', '/move')}: ${seats.join(' · ')}`;
}
