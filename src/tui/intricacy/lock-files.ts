/**
 * Lock files: the preset locks under locks/ and the player's own under the config dir's locks/
 * (where the editor saves) by name, and any lock file by path (the editor). The editor keeps a
 * lock's tested solution in its file, as a comment line the lock format ignores.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  formatMoveList,
  type Lock,
  lockToText,
  parseLockText,
  parseMoveList,
  replaySolution,
  type ToolMove,
} from '../../games/intricacy/index.ts';
import { configPath } from '../config.ts';

const LOCKS_DIR = fileURLToPath(new URL('../../../locks/', import.meta.url));
/** The player's locks appear in the pick list under this prefix. */
const OWN = 'my locks/';
const ownDir = () => configPath('locks/');

const lockNamesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.lock'))
      .map((f) => f.slice(0, -'.lock'.length).split('\\').join('/'))
      .sort();
  } catch {
    return [];
  }
};

/** Names of the preset locks (paths under locks/ without .lock), sorted. */
export const presetLockNames = (): string[] => lockNamesIn(LOCKS_DIR);

/** The presets, then the player's saved locks (`my locks/…`), read afresh each time. */
export const pickableLockNames = (): string[] => [
  ...presetLockNames(),
  ...lockNamesIn(ownDir()).map((n) => `${OWN}${n}`),
];

/** A preset or saved lock by name, parsed (not checked for validity: the caller decides). */
export function readPresetLock(name: string): { ok: true; value: Lock } | { ok: false; error: string } {
  if (name.startsWith(OWN)) {
    const file = `${name.slice(OWN.length)}.lock`;
    return readLockFile(`${ownDir()}${file}`, `${OWN}${file}`);
  }
  return readLockFile(`${LOCKS_DIR}${name}.lock`, `locks/${name}.lock`);
}

const SOLUTION = /^; solution: (.*)$/m;

/** The solution kept in a lock file, when it is there and still opens the lock. */
export function savedSolution(path: string, lock: Lock): readonly ToolMove[] | null {
  let text: string;
  try {
    text = readFileSync(resolve(path), 'utf8');
  } catch {
    return null;
  }
  const line = SOLUTION.exec(text);
  const moves = line ? parseMoveList(line[1] as string) : null;
  if (!moves?.ok) return null;
  return replaySolution(lock, moves.value).ok ? moves.value : null;
}

export function readLockFile(
  path: string,
  shown: string = path,
): { ok: true; value: Lock } | { ok: false; error: string } {
  let text: string;
  try {
    text = readFileSync(resolve(path), 'utf8');
  } catch (e) {
    return {
      ok: false,
      error: `${shown}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
    };
  }
  const lock = parseLockText(text);
  return lock.ok ? lock : { ok: false, error: `${shown}: ${lock.error}` };
}

/** Write a lock file (creating its folder), with its solution if any; the absolute path or an error. */
export function writeLockFile(
  path: string,
  lock: Lock,
  solution: readonly ToolMove[] | null = null,
): { ok: true; path: string } | { ok: false; error: string } {
  const full = resolve(path);
  const kept = solution ? `; solution: ${formatMoveList(solution)}\n` : '';
  try {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, `${kept}${lockToText(lock)}`);
    return { ok: true, path: full };
  } catch (e) {
    return { ok: false, error: `${path}: ${(e as Error).message}` };
  }
}
