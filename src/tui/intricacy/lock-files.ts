/** Lock files: the preset locks under locks/ by name, and any lock file by path (the editor). */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Lock, lockToText, parseLockText } from '../../games/intricacy/index.ts';

const LOCKS_DIR = fileURLToPath(new URL('../../../locks/', import.meta.url));

/** Names of the preset locks (paths under locks/ without .lock), sorted. */
export function presetLockNames(): string[] {
  try {
    return readdirSync(LOCKS_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.lock'))
      .map((f) => f.slice(0, -'.lock'.length).split('\\').join('/'))
      .sort();
  } catch {
    return [];
  }
}

/** A preset lock by name, parsed (not checked for validity: the caller decides). */
export function readPresetLock(name: string): { ok: true; value: Lock } | { ok: false; error: string } {
  return readLockFile(`${LOCKS_DIR}${name}.lock`, `locks/${name}.lock`);
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

/** Write a lock file (creating its folder); returns the absolute path or an error. */
export function writeLockFile(
  path: string,
  lock: Lock,
): { ok: true; path: string } | { ok: false; error: string } {
  const full = resolve(path);
  try {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, lockToText(lock));
    return { ok: true, path: full };
  } catch (e) {
    return { ok: false, error: `${path}: ${(e as Error).message}` };
  }
}
