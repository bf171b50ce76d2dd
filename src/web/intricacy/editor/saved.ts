/**
 * Locks saved from the editor in localStorage: the lock file text and, once the lock has been
 * opened in "Test", the solution that opened it (needed to place the lock in a metagame slot).
 */
import { formatMoveList, parseMoveList, type ToolMove } from '../../../games/intricacy/index.ts';
import { readStored, writeStored } from '../../storage.ts';

export interface SavedLock {
  readonly text: string;
  /** The solution in move notation, or null when the lock has not been opened yet. */
  readonly solution: string | null;
  readonly saved: string;
}

const KEY = 'tessera.intricacy.editor.locks';
const DRAFT = 'tessera.intricacy.editor.draft';

export const savedLocks = (): Record<string, SavedLock> => readSavedLocks(readStored(KEY));

/** The saved locks in what was stored; entries without a lock text are dropped. */
export function readSavedLocks(stored: unknown): Record<string, SavedLock> {
  if (typeof stored !== 'object' || stored === null) return {};
  const out: Record<string, SavedLock> = {};
  for (const [name, v] of Object.entries(stored as Record<string, unknown>)) {
    const e = v as Partial<SavedLock> | null;
    if (typeof e?.text === 'string')
      out[name] = {
        text: e.text,
        solution: typeof e.solution === 'string' ? e.solution : null,
        saved: String(e.saved ?? ''),
      };
  }
  return out;
}

const write = (key: string, value: unknown): string | null =>
  writeStored(key, value) ? null : 'the browser refused to store it (private browsing or a full quota)';

/** Save under `name`; returns an error message, or null when saved. */
export function saveLock(name: string, text: string, solution: readonly ToolMove[] | null): string | null {
  const all = savedLocks();
  all[name] = { text, solution: solution ? formatMoveList(solution) : null, saved: new Date().toISOString() };
  return write(KEY, all);
}

export function deleteSavedLock(name: string): void {
  const all = savedLocks();
  delete all[name];
  write(KEY, all);
}

export interface Draft {
  readonly name: string;
  readonly text: string;
  readonly solution: string | null;
}

export const loadDraft = (): Draft | null => readDraft(readStored(DRAFT));

/** The draft in what was stored, or null when there is none (an unreadable draft is dropped). */
export function readDraft(stored: unknown): Draft | null {
  const d = stored as Partial<Draft> | null | undefined;
  if (d && typeof d.name === 'string' && typeof d.text === 'string')
    return { name: d.name, text: d.text, solution: typeof d.solution === 'string' ? d.solution : null };
  return null;
}

export const saveDraft = (draft: Draft): void => void write(DRAFT, draft);

export function parseMoves(text: string | null): ToolMove[] | null {
  if (!text) return null;
  const r = parseMoveList(text);
  return r.ok ? r.value : null;
}

/** A lock file as downloaded: the solution, when known, in a comment line above the lock. */
export const lockFileText = (text: string, solution: readonly ToolMove[] | null): string =>
  solution ? `; solution: ${formatMoveList(solution)}\n${text}` : text;

/** The solution written in a lock file's "; solution:" comment, if any. */
export function solutionInFile(text: string): string | null {
  const m = /^;\s*solution:\s*(.+)$/m.exec(text);
  return m ? (m[1] as string).trim() : null;
}
