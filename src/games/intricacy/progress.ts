/**
 * A player's progress through the tutorial and the initiation, as both clients keep it (the
 * browser in localStorage, the terminal in its config directory): which locks were opened, in
 * how few turns, and whether the initiation is done before the metagame.
 */
import { type CurriculumLock, INITIATION } from './curriculum.ts';

/** Lock name → fewest turns it was opened in. */
export type Progress = Readonly<Record<string, number>>;

/** Progress from what was stored; only well-formed entries count, so a hand-edited file never breaks a screen. */
export function readProgress(stored: unknown): Progress {
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(([, v]) => typeof v === 'number' && Number.isInteger(v) && v >= 0),
  );
}

/** The progress with `name` opened in `turns`, keeping the best. */
export function withSolve(progress: Progress, name: string, turns: number): Progress {
  const best = progress[name];
  return best === undefined || turns < best ? { ...progress, [name]: turns } : progress;
}

/** How many of `locks` have been opened. */
export const solvedCount = (locks: readonly CurriculumLock[], progress: Progress): number =>
  locks.filter((l) => progress[l.name] !== undefined).length;

/** Where a course starts: its first lock not yet opened, or its first lock when all are. */
export const firstUnsolved = (locks: readonly CurriculumLock[], progress: Progress): number =>
  Math.max(
    0,
    locks.findIndex((l) => progress[l.name] === undefined),
  );

/** How many initiation locks have been opened. */
export const initiationSolved = (progress: Progress): number => solvedCount(INITIATION, progress);

/** Whether the player may enter the metagame: the initiation done, or skipped on purpose. */
export const initiationComplete = (progress: Progress, skipped: boolean): boolean =>
  skipped || initiationSolved(progress) === INITIATION.length;
