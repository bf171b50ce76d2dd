/** Tutorial and initiation progress, kept in intricacy-progress.json in the config directory. */
import { type Progress, readProgress, withSolve } from '../../games/intricacy/index.ts';
import { readConfigJson, writeConfigJson } from '../config.ts';

export const PROGRESS_FILE = 'intricacy-progress.json';

export type { Progress };

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

export const loadProgress = (env: NodeJS.ProcessEnv = process.env): Progress =>
  readProgress(readFile(env).solved);

/** Record a solve (keeping the best) and save; returns the new progress. */
export function recordSolve(
  progress: Progress,
  name: string,
  turns: number,
  env: NodeJS.ProcessEnv = process.env,
): Progress {
  const next = withSolve(progress, name, turns);
  save({ solved: next }, env);
  return next;
}
