/** Days of the daily board, written YYYY-MM-DD in UTC: today by a clock, weeks, and streaks. */

const DAY_MS = 86_400_000;

/** The day (UTC) at a time. */
export const dayAt = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const msOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** A real day written YYYY-MM-DD (2026-02-30 is not one). */
export const isDay = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(msOf(text)) && dayAt(msOf(text)) === text;

export const addDays = (day: string, days: number): string => dayAt(msOf(day) + days * DAY_MS);

/** The week holding a day: Monday to Sunday, as the ISO calendar counts weeks. */
export function weekOf(day: string): { readonly first: string; readonly last: string } {
  const weekday = (new Date(msOf(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const first = addDays(day, -weekday);
  return { first, last: addDays(first, 6) };
}

/**
 * The current streak: days cleared in a row up to today, or up to yesterday while today's board
 * is still open to clear; and the longest run ever.
 */
export function streaks(daysCleared: readonly string[], today: string): { current: number; best: number } {
  const cleared = new Set(daysCleared);
  let best = 0;
  let run = 0;
  let previous = '';
  for (const day of [...cleared].sort()) {
    run = previous !== '' && addDays(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  let current = 0;
  let day = cleared.has(today) ? today : addDays(today, -1);
  while (cleared.has(day)) {
    current++;
    day = addDays(day, -1);
  }
  return { current, best };
}
