/** Tutorial and initiation progress, kept in intricacy-progress.json in the config directory. */
import { readConfigJson, writeConfigJson } from '../config.ts';

export const PROGRESS_FILE = 'intricacy-progress.json';

/** Lock name → fewest turns it was opened in. */
export type Progress = Readonly<Record<string, number>>;

/** The file's contents; anything unreadable counts as empty. */
function readFile(env: NodeJS.ProcessEnv): { solved?: unknown; skipInitiation?: unknown } {
  const read = readConfigJson(PROGRESS_FILE, env);
  if (!read || 'error' in read || typeof read.value !== 'object' || read.value === null) return {};
  return read.value as { solved?: unknown; skipInitiation?: unknown };
}

function save(value: object, env: NodeJS.ProcessEnv): void {
  try {
    writeConfigJson(PROGRESS_FILE, { ...readFile(env), ...value }, env);
  } catch {
    // An unwritable config directory loses progress, never the game.
  }
}

/** Whether the player chose to enter the metagame without the initiation. */
export const initiationSkipped = (env: NodeJS.ProcessEnv = process.env): boolean =>
  readFile(env).skipInitiation === true;

export const skipInitiation = (env: NodeJS.ProcessEnv = process.env): void =>
  save({ skipInitiation: true }, env);

export function loadProgress(env: NodeJS.ProcessEnv = process.env): Progress {
  const solved = readFile(env).solved;
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
  save({ solved: next }, env);
  return next;
}
