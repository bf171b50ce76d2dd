/**
 * The tutorial and the initiation (src/games/intricacy/curriculum.ts) with their lock texts
 * (locks/<name>.lock), and the player's progress through them, kept in localStorage.
 */
import {
  type CurriculumLock,
  INITIATION,
  initiationComplete,
  type Lock,
  type Progress,
  parseLock,
  readProgress,
  TUTORIAL,
  withSolve,
} from '../../games/intricacy/index.ts';
import { readStored, writeStored } from '../storage.ts';
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
export const solvedLocks = (): Progress => readProgress(readStored(SOLVED));

export function markSolved(name: string, moves: number): Progress {
  const all = withSolve(solvedLocks(), name, moves);
  writeStored(SOLVED, all); // refused: kept for this visit only
  return all;
}

export const initiationSkipped = (): boolean => readStored(SKIP) === true;
export function setInitiationSkipped(skip: boolean): void {
  writeStored(SKIP, skip);
}

/** Whether the player may enter the metagame: the initiation done, or skipped by the setting. */
export const initiationDone = (): boolean => initiationComplete(solvedLocks(), initiationSkipped());
