/**
 * The lessons a player has done, kept in localStorage and, logged in, with the account too, so
 * every device shows them (as Intricacy's tutorial progress is): what this browser has is added to
 * the account's, and the account's comes back here.
 */
import type { LessonsDone } from '../../api/index.ts';
import { type LessonProgress, readLessonProgress, withLessonDone } from '../../games/index.ts';
import { api, loadSession } from '../online/api.ts';
import { readStored, writeStored } from '../storage.ts';

const DONE = 'tessera.lessons.done';

export const lessonsDone = (): LessonProgress => readLessonProgress(readStored(DONE));

/** Tell the account, when logged in; what is not told now is told at the next sync. */
function tellAccount(done: LessonProgress): Promise<LessonsDone | null> {
  const session = loadSession();
  if (!session) return Promise.resolve(null);
  return api<LessonsDone>('POST', '/api/lessons/progress', { done }, session).catch(() => null);
}

export function markLessonDone(id: string): LessonProgress {
  const all = withLessonDone(lessonsDone(), id);
  writeStored(DONE, all); // refused: kept for this visit only
  void tellAccount([id]);
  return all;
}

/**
 * Logged in: add this browser's lessons to the account's and keep the result here. Answers the
 * lessons done as they now are, or null when logged out or the server cannot be reached.
 */
export async function syncLessons(): Promise<LessonProgress | null> {
  const merged = await tellAccount(lessonsDone());
  if (!merged) return null;
  const done = readLessonProgress(merged.done);
  writeStored(DONE, done);
  return done;
}
