/**
 * The tutorial and the initiation (src/games/intricacy/curriculum.ts) with their lock texts
 * (locks/<name>.lock), and the player's progress through them, kept in localStorage and, logged
 * in, with the account too, so every device shows it: what this browser has is added to the
 * account (the fewest turns of each lock kept), and the account's progress comes back here.
 */

import type { IntricacyProgress } from '../../api/index.ts';
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
import { api, loadSession } from '../online/api.ts';
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

/** Tell the account, when logged in; what is not told now is told at the next sync. */
function tellAccount(body: {
  solved: Progress;
  skipInitiation?: boolean;
}): Promise<IntricacyProgress | null> {
  const session = loadSession();
  if (!session) return Promise.resolve(null);
  return api<IntricacyProgress>('POST', '/api/intricacy/progress', body, session).catch(() => null);
}

export function markSolved(name: string, moves: number): Progress {
  const all = withSolve(solvedLocks(), name, moves);
  writeStored(SOLVED, all); // refused: kept for this visit only
  void tellAccount({ solved: { [name]: moves } });
  return all;
}

export const initiationSkipped = (): boolean => readStored(SKIP) === true;
export function setInitiationSkipped(skip: boolean): void {
  writeStored(SKIP, skip);
  void tellAccount({ solved: {}, skipInitiation: skip });
}

const CURRICULUM_NAMES = new Set([...TUTORIAL, ...INITIATION].map((l) => l.name));

/**
 * Logged in: add this browser's progress to the account's and keep the result here. Answers the
 * progress as it now is, or null when logged out or the server cannot be reached.
 */
export async function syncProgress(): Promise<{ solved: Progress; skipInitiation: boolean } | null> {
  const solved = Object.fromEntries(Object.entries(solvedLocks()).filter(([n]) => CURRICULUM_NAMES.has(n)));
  const merged = await tellAccount({ solved, ...(initiationSkipped() ? { skipInitiation: true } : {}) });
  if (!merged) return null;
  writeStored(SOLVED, merged.solved);
  writeStored(SKIP, merged.skipInitiation);
  return { solved: readProgress(merged.solved), skipInitiation: merged.skipInitiation };
}

/** Whether the player may enter the metagame: the initiation done, or skipped by the setting. */
export const initiationDone = (): boolean => initiationComplete(solvedLocks(), initiationSkipped());
