/**
 * A half-picked lock kept across a reload: the lock (as its lock file) and the moves so far, the
 * turn on screen and the marks. What is read back is replayed on the lock the page shows, so a
 * record of another lock, or one that no longer replays, is simply not used.
 */
import {
  formatMoveList,
  goTo,
  isMarkName,
  type Lock,
  lockToText,
  type Picking,
  parseMoveList,
  playMoves,
  startPicking,
} from '../../games/intricacy/index.ts';

export interface KeptPicking {
  readonly lock: string;
  readonly moves: string;
  readonly at: number;
  readonly marks: Readonly<Record<string, number>>;
}

/** What is kept of a picking history on `lock`; `lockText` is `lockToText(lock)` when known. */
export const keepPicking = (lock: Lock, picking: Picking, lockText = lockToText(lock)): KeptPicking => ({
  lock: lockText,
  moves: formatMoveList(picking.moves),
  at: picking.at,
  marks: picking.marks,
});

/** The history kept for `lock`, replayed; null when what is stored is for another lock or unusable. */
export function resumePicking(lock: Lock, stored: unknown, lockText = lockToText(lock)): Picking | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const kept = stored as Partial<KeptPicking>;
  if (kept.lock !== lockText || typeof kept.moves !== 'string') return null;
  const moves = parseMoveList(kept.moves);
  if (!moves.ok || moves.value.length === 0) return null;
  const played = playMoves(startPicking(lock), moves.value);
  if (played.error) return null;
  const last = played.picking.states.length - 1;
  const at =
    typeof kept.at === 'number' && Number.isInteger(kept.at) ? Math.min(Math.max(kept.at, 0), last) : last;
  const marks = Object.fromEntries(
    Object.entries(typeof kept.marks === 'object' && kept.marks !== null ? kept.marks : {}).filter(
      ([name, turn]) => isMarkName(name) && Number.isInteger(turn) && turn >= 0 && turn <= last,
    ),
  );
  return { ...goTo(played.picking, at), marks };
}

/** Where the Pick a lock page keeps the lock it shows (`{name, text}`) and the history on it. */
export const PICK_LOCK_KEY = 'tessera.intricacy.pick.lock';
export const PICK_HISTORY_KEY = 'tessera.intricacy.pick.history';

export interface KeptLock {
  readonly name: string;
  /** The lock file's text. */
  readonly text: string;
}

export const isKeptLock = (v: unknown): v is KeptLock =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as KeptLock).name === 'string' &&
  typeof (v as KeptLock).text === 'string';

/** The lock left half-picked on the Pick a lock page and the turn on screen, from what is stored. */
export function halfPicked(lock: unknown, history: unknown): { name: string; turn: number } | null {
  if (!isKeptLock(lock) || typeof history !== 'object' || history === null) return null;
  const kept = history as Partial<KeptPicking>;
  if (kept.lock !== lock.text || typeof kept.moves !== 'string' || kept.moves.trim() === '') return null;
  return { name: lock.name, turn: typeof kept.at === 'number' ? kept.at : 0 };
}
