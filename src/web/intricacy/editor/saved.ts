/**
 * Locks saved from the editor: the lock file text and, once the lock has been opened in "Test",
 * the solution that opened it (needed to place the lock in a metagame slot). Logged in, they are
 * kept with the account on the server, so every device sees them, and localStorage holds a copy;
 * logged out, they are kept in localStorage alone. On logging in, the locks saved here before are
 * added to the account (a name the account uses for a different lock gets a new name), so
 * neither side's locks are lost.
 */
import type { SavedLockList } from '../../../api/index.ts';
import { formatMoveList, parseMoveList, type ToolMove } from '../../../games/intricacy/index.ts';
import { ApiError, api, loadSession } from '../../online/api.ts';
import { readStored, writeStored } from '../../storage.ts';

export interface SavedLock {
  readonly text: string;
  /** The solution in move notation, or null when the lock has not been opened yet. */
  readonly solution: string | null;
  readonly saved: string;
  /** Kept with the account too (a copy of the server's); otherwise only in this browser. */
  readonly synced?: true;
}
type Locks = Record<string, SavedLock>;

const KEY = 'tessera.intricacy.editor.locks';
const DRAFT = 'tessera.intricacy.editor.draft';

const stored = (): Locks => readSavedLocks(readStored(KEY));

/** The saved locks to show: logged out, only those kept in this browser alone. */
export const savedLocks = (): Locks =>
  loadSession() ? stored() : Object.fromEntries(Object.entries(stored()).filter(([, lock]) => !lock.synced));

/** The saved locks in what was stored; entries without a lock text are dropped. */
export function readSavedLocks(stored: unknown): Locks {
  if (typeof stored !== 'object' || stored === null) return {};
  const out: Locks = {};
  for (const [name, v] of Object.entries(stored as Record<string, unknown>)) {
    const e = v as Partial<SavedLock> | null;
    if (typeof e?.text === 'string')
      out[name] = {
        text: e.text,
        solution: typeof e.solution === 'string' ? e.solution : null,
        saved: String(e.saved ?? ''),
        ...(e.synced === true ? { synced: true as const } : {}),
      };
  }
  return out;
}

const write = (key: string, value: unknown): string | null =>
  writeStored(key, value) ? null : 'the browser refused to store it (private browsing or a full quota)';

const savedPath = (name: string) => `/api/intricacy/saved/${encodeURIComponent(name)}`;

/**
 * What to send the account of the locks kept only in this browser: each under its own name, or
 * under a new one when the account has a different lock of that name; a lock the account already
 * has as it is needs nothing sent.
 */
export function uploadsFor(
  local: Readonly<Locks>,
  account: SavedLockList['locks'],
): { name: string; from: string; lock: SavedLock }[] {
  const taken = new Set(account.map((l) => l.name));
  const out: { name: string; from: string; lock: SavedLock }[] = [];
  for (const [from, lock] of Object.entries(local)) {
    if (lock.synced) continue;
    const there = account.find((l) => l.name === from);
    if (there && there.text === lock.text && (lock.solution === null || there.solution === lock.solution))
      continue;
    let name = from;
    for (let n = 2; taken.has(name); n++) name = `${from.slice(0, 48)} (${n})`;
    taken.add(name);
    out.push({ name, from, lock });
  }
  return out;
}

const fromAccount = (list: SavedLockList['locks']): Locks =>
  Object.fromEntries(
    list.map((l) => [
      l.name,
      { text: l.text, solution: l.solution, saved: new Date(l.savedAt).toISOString(), synced: true as const },
    ]),
  );

/**
 * Logged in: send the account the locks kept only in this browser, then keep the account's
 * locks here. Answers a sentence when something could not be sent (it stays in this browser).
 */
export async function syncSavedLocks(): Promise<string | null> {
  const session = loadSession();
  if (!session) return null;
  try {
    const before = await api<SavedLockList>('GET', '/api/intricacy/saved', undefined, session);
    const kept: Locks = {};
    let problem: string | null = null;
    for (const { name, from, lock } of uploadsFor(stored(), before.locks)) {
      try {
        await api('PUT', savedPath(name), { text: lock.text, solution: lock.solution }, session);
      } catch (e) {
        kept[from] = lock;
        problem = `“${from}” stays in this browser: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    const after = await api<SavedLockList>('GET', '/api/intricacy/saved', undefined, session);
    write(KEY, { ...fromAccount(after.locks), ...kept });
    return problem;
  } catch (e) {
    return `your saved locks could not be read from the server: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** Save under `name`; answers what to tell the player. */
export async function saveLock(
  name: string,
  text: string,
  solution: readonly ToolMove[] | null,
): Promise<string> {
  const moves = solution ? formatMoveList(solution) : null;
  const withSolution = solution ? ' with its solution' : '';
  const local: SavedLock = { text, solution: moves, saved: new Date().toISOString() };
  const session = loadSession();
  if (session) {
    try {
      await api('PUT', savedPath(name), { text, solution: moves }, session);
      return write(KEY, { ...stored(), [name]: { ...local, synced: true } }) === null
        ? `Saved “${name}” to your account${withSolution}.`
        : `Saved “${name}” to your account${withSolution} (this browser refused a copy).`;
    } catch (e) {
      // Refused (a limit, a broken lock): said as it is. Not reached: kept here until it is.
      if (!(e instanceof ApiError) || e.status !== 0)
        return `Not saved: ${e instanceof Error ? e.message : e}.`;
    }
  }
  const error = write(KEY, { ...stored(), [name]: local });
  if (error) return `Not saved: ${error}.`;
  return session
    ? `Saved “${name}” in this browser${withSolution}: the server cannot be reached, so it goes to your account later.`
    : `Saved “${name}” in this browser${withSolution}.`;
}

export async function deleteSavedLock(name: string): Promise<string | null> {
  const session = loadSession();
  const lock = stored()[name];
  if (session && lock?.synced) {
    try {
      await api('DELETE', savedPath(name), undefined, session);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 'not-found')
        return `Not deleted: ${e instanceof Error ? e.message : e}.`;
    }
  }
  const all = stored();
  delete all[name];
  write(KEY, all);
  return null;
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
