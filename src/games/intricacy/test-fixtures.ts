/** For the Intricacy unit tests: locks of the collection and move lists, parsed or thrown. */
import { readFileSync } from 'node:fs';
import type { Lock } from './lock.ts';
import { parseMoveList } from './notation.ts';
import type { ToolMove } from './physics.ts';
import { parseLockText } from './text.ts';

/** A lock of the collection under `locks/`, by its path without `.lock` (`tutorial/05-hook`). */
export function collectionLock(name: string): Lock {
  const r = parseLockText(readFileSync(new URL(`../../../locks/${name}.lock`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(`${name}: ${r.error}`);
  return r.value;
}

/** Moves in the notation (`hE hE h+ wNE .`). */
export function moveList(text: string): ToolMove[] {
  const r = parseMoveList(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
