/**
 * The metagame's world saved in parts (see world.ts), so that a save writes what changed
 * and not the whole world: a lock's or a note's body (owner, lock, solution, ...) never changes,
 * so bodies are saved in chunks of CHUNK ids, each written again only while it fills; what does
 * change (the players' slots, which locks are retired or public, which notes are public) is small
 * and saved whole every time.
 */
import type { MetaLock, MetaPlayer, Note, World } from '../../games/intricacy/index.ts';
import type { Store } from '../../store/index.ts';

/** The layout below: a save of another layout is ignored at start-up (the log is replayed). */
export const WORLD_FORMAT = 2;
const CHUNK = 512;

/** How many locks and notes a save held (their chunks before these are complete). */
export interface Saved {
  readonly locks: number;
  readonly notes: number;
}

type LockBody = Omit<MetaLock, 'public' | 'retired' | 'retiredAt'>;
type NoteBody = Omit<Note, 'public'>;
/** A lock's changing part: public, retired (0 or 1), and when it retired. */
type LockFlags = [number, number] | [number, number, number];

/** The parts to write for `world` after a save of `saved` (null: none that this process knows). */
export function worldParts(world: World, saved: Saved | null): Map<string, unknown> {
  const parts = new Map<string, unknown>([
    ['players', world.players],
    [
      'lock-flags',
      world.locks.map((l): LockFlags => {
        const flags: LockFlags = [l.public ? 1 : 0, l.retired ? 1 : 0];
        return l.retiredAt === undefined ? flags : [...flags, l.retiredAt];
      }),
    ],
    ['note-flags', world.notes.map((n) => (n.public ? 1 : 0))],
  ]);
  const chunks = <T, B>(name: string, items: readonly T[], from: number, body: (item: T) => B) => {
    for (let start = Math.floor(from / CHUNK) * CHUNK; start < items.length; start += CHUNK)
      parts.set(`${name}:${start / CHUNK}`, items.slice(start, start + CHUNK).map(body));
  };
  chunks(
    'locks',
    world.locks,
    saved?.locks ?? 0,
    ({ public: _p, retired: _r, retiredAt: _t, ...body }) => body,
  );
  chunks('notes', world.notes, saved?.notes ?? 0, ({ public: _p, ...body }) => body);
  return parts;
}

/** The world the parts hold, or undefined when one is missing (then the log is replayed). */
export function worldFromParts(parts: ReadonlyMap<string, unknown>): World | undefined {
  const players = parts.get('players') as MetaPlayer[] | undefined;
  const lockFlags = parts.get('lock-flags') as LockFlags[] | undefined;
  const noteFlags = parts.get('note-flags') as number[] | undefined;
  if (!players || !lockFlags || !noteFlags) return undefined;
  const bodies = <B>(name: string, count: number): B[] | undefined => {
    const all: B[] = [];
    for (let k = 0; k * CHUNK < count; k++) {
      const chunk = parts.get(`${name}:${k}`) as B[] | undefined;
      if (!chunk || chunk.length < Math.min(CHUNK, count - k * CHUNK)) return undefined;
      all.push(...chunk.slice(0, count - k * CHUNK));
    }
    return all;
  };
  const lockBodies = bodies<LockBody>('locks', lockFlags.length);
  const noteBodies = bodies<NoteBody>('notes', noteFlags.length);
  if (!lockBodies || !noteBodies) return undefined;
  // Keys in the order the rules give them, so a world read back is the world saved, exactly.
  const locks = lockBodies.map(({ id, owner, slot, lock, solution, placedAt }, i): MetaLock => {
    const [isPublic, retired, retiredAt] = lockFlags[i] as LockFlags;
    return {
      id,
      owner,
      slot,
      lock,
      solution,
      public: isPublic === 1,
      retired: retired === 1,
      ...(placedAt === undefined ? {} : { placedAt }),
      ...(retiredAt === undefined ? {} : { retiredAt }),
    };
  });
  const notes = noteBodies.map(
    ({ id, author, on, behind, solution, at }, i): Note => ({
      id,
      author,
      on,
      behind,
      public: noteFlags[i] === 1,
      solution,
      ...(at === undefined ? {} : { at }),
    }),
  );
  return { players, locks, notes };
}

/** The world saved in parts every `saveEvery` log entries, in the background, and read back at a start. */
export function worldSaves(store: Store, saveEvery: number, onError?: (error: unknown) => void) {
  // The entry the last save is as of, and what it held.
  let savedSeq = 0;
  let saved: Saved | null = null;
  // One save at a time, in the background: a lost save only means a longer replay at the next start.
  let saving: Promise<void> = Promise.resolve();
  let busy = false;
  return {
    /** The latest save, if it is newer than the world as of `seq()`. */
    async load(seq: () => number): Promise<{ world: World; seq: number } | undefined> {
      const row = await store.metaWorld();
      const read =
        row && row.format === WORLD_FORMAT && row.seq > seq() ? worldFromParts(row.parts) : undefined;
      if (!row || !read) return undefined;
      savedSeq = row.seq;
      saved = { locks: read.locks.length, notes: read.notes.length };
      return { world: read, seq: row.seq };
    },
    /** Save `world` (as of entry `seq`) when enough entries were applied since the last save. */
    maybeSave(world: World, seq: number): void {
      if (busy || seq - savedSeq < saveEvery) return;
      busy = true;
      const at = seq;
      const holds = { locks: world.locks.length, notes: world.notes.length };
      saving = store
        .saveMetaWorld({ seq: at, format: WORLD_FORMAT, parts: worldParts(world, saved) })
        .then(
          () => {
            // Saved, or another process saved a newer world: either way these parts are stored.
            savedSeq = at;
            saved = holds;
          },
          (error: unknown) => onError?.(error),
        )
        .finally(() => {
          busy = false;
        });
    },
    /** The save under way, if any. */
    saving: (): Promise<void> => saving,
  };
}
