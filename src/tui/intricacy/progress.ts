/** Tutorial and initiation progress, kept in intricacy-progress.json in the config directory. */
import { readConfigJson, writeConfigJson } from '../config.ts';

export const PROGRESS_FILE = 'intricacy-progress.json';

/** Lock name → fewest turns it was opened in. */
export type Progress = Readonly<Record<string, number>>;

export function loadProgress(env: NodeJS.ProcessEnv = process.env): Progress {
  const read = readConfigJson(PROGRESS_FILE, env);
  if (!read || 'error' in read) return {};
  const solved = (read.value as { solved?: unknown } | null)?.solved;
  if (typeof solved !== 'object' || solved === null) return {};
  // Keep only well-formed entries: a hand-edited file never breaks the screen.
  return Object.fromEntries(
    Object.entries(solved).filter(([, v]) => typeof v === 'number' && Number.isInteger(v) && v >= 0),
  ) as Progress;
}

/** Record a solve (keeping the best) and save; returns the new progress. */
export function recordSolve(
  progress: Progress,
  name: string,
  turns: number,
  env: NodeJS.ProcessEnv = process.env,
): Progress {
  const best = progress[name];
  const next = best === undefined || turns < best ? { ...progress, [name]: turns } : progress;
  try {
    writeConfigJson(PROGRESS_FILE, { solved: next }, env);
  } catch {
    // An unwritable config directory loses progress, never the game.
  }
  return next;
}
