/**
 * The tutorial and the initiation (src/games/intricacy/curriculum.ts) with their lock texts
 * (locks/<name>.lock), and the player's progress through them, kept in localStorage.
 */
import { type CurriculumLock, INITIATION, TUTORIAL } from '../../games/intricacy/curriculum.ts';
import { type Lock, parseLock } from '../../games/intricacy/index.ts';
import { EXAMPLE_LOCKS } from './locks.ts';

export type { CurriculumLock };
export type Part = 'tutorial' | 'initiation';
export const PARTS: Record<Part, readonly CurriculumLock[]> = { tutorial: TUTORIAL, initiation: INITIATION };

export function curriculumLock(name: string): { ok: true; lock: Lock } | { ok: false; error: string } {
  const text = EXAMPLE_LOCKS.find((l) => l.name === name)?.text;
  if (text === undefined) return { ok: false, error: `the lock ${name} is missing` };
  const lock = parseLock(text);
  return lock.ok
    ? { ok: true, lock: lock.value }
    : { ok: false, error: `the lock ${name} is broken: ${lock.error}` };
}

const SOLVED = 'tessera.intricacy.solved';
const SKIP = 'tessera.intricacy.skipInitiation';

/** Solved curriculum locks: name → fewest moves used. */
export function solvedLocks(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SOLVED) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, number] => typeof e[1] === 'number',
      ),
    );
  } catch {
    return {};
  }
}

export function markSolved(name: string, moves: number): Record<string, number> {
  const all = solvedLocks();
  all[name] = Math.min(all[name] ?? Number.POSITIVE_INFINITY, moves);
  try {
    window.localStorage.setItem(SOLVED, JSON.stringify(all));
  } catch {
    // kept for this visit only
  }
  return all;
}

export const initiationSkipped = (): boolean => {
  try {
    return window.localStorage.getItem(SKIP) === 'true';
  } catch {
    return false;
  }
};
export function setInitiationSkipped(skip: boolean): void {
  try {
    window.localStorage.setItem(SKIP, String(skip));
  } catch {
    // kept for this visit only
  }
}

/** Whether the player may enter the metagame: the initiation done, or skipped by the setting. */
export const initiationDone = (): boolean =>
  initiationSkipped() || PARTS.initiation.every((l) => solvedLocks()[l.name] !== undefined);
