/** The lessons done, kept in lessons-progress.json in the config directory (as Intricacy's tutorial is). */
import { type LessonProgress, readLessonProgress, withLessonDone } from '../../games/index.ts';
import { readConfigJson, writeConfigJson } from '../config.ts';

export const LESSONS_FILE = 'lessons-progress.json';

/** The lessons done; anything unreadable counts as none. */
export function loadLessonsDone(env: NodeJS.ProcessEnv = process.env): LessonProgress {
  const read = readConfigJson(LESSONS_FILE, env);
  if (!read || 'error' in read || typeof read.value !== 'object' || read.value === null) return [];
  return readLessonProgress((read.value as { done?: unknown }).done);
}

/** Record a lesson done and save; returns the lessons done now. */
export function recordLessonDone(id: string, env: NodeJS.ProcessEnv = process.env): LessonProgress {
  const done = withLessonDone(loadLessonsDone(env), id);
  try {
    writeConfigJson(LESSONS_FILE, { done }, env);
  } catch {
    // An unwritable config directory loses progress, never the lesson.
  }
  return done;
}
