/**
 * What the game store keeps in memory: recently used games, queued moves, and which cached games
 * no other process's signal has touched since they were read or committed.
 */
import type { GameRecord } from '../../engine/index.ts';
import type { Store } from '../ports/index.ts';

const RECENT_GAMES = 10_000;

export interface GameCache {
  /** Recently used games by id, least recently used first. */
  readonly recent: Map<number, GameRecord>;
  /** SQLite: queued moves by `gameId/seat`, kept where this process is the only writer. */
  readonly queues: Map<string, readonly string[]> | undefined;
  /** Queued moves by seat as the commit of a game's `version` left them (a fact of that version). */
  readonly queuesAt: Map<number, { version: number; bySeat: ReadonlyMap<number, readonly string[]> }>;
  /** Cache a record; `untouched` when no signal touched the game while it was read or committed. */
  remember(record: GameRecord, untouched?: boolean): GameRecord;
  /** Watch a game while it is read or committed; the function returned says whether no signal
   * touched it meanwhile. */
  watch(id: number): () => boolean;
  /** Another process changed `gameId` (or, when undefined, any game): forget what it was. */
  touched(gameId?: number): void;
  /** Another process committed a move that was played here on the cached copy: `record` is the
   * game as it now is, and current while no other signal touches it. */
  followed(record: GameRecord): void;
  /** Whether the cached copy of a game is one no signal has touched (PostgreSQL). */
  unchanged(id: number): boolean;
  /** A listener starts (1) or stops (-1) hearing every signal. */
  hearing(change: 1 | -1): void;
}

export function gameCache(kind: Store['kind']): GameCache {
  // Recently used games, so a move does not parse the stored state again. Records and states are
  // never mutated (rules return new states), so a cached one can be shared.
  const recent = new Map<number, GameRecord>();
  // Queued moves by game and seat, kept only where this process is the only writer (SQLite) and
  // updated only after a commit. Forgotten wholesale when it grows large.
  const queues = kind === 'sqlite' ? new Map<string, readonly string[]>() : undefined;
  // PostgreSQL: other processes may change any game. While this process hears their signals, a
  // cached game that no signal has touched since it was read or committed (`unchanged`) is what a
  // move is computed on, with no read before its commit (`loadRecent`). The commit checks the
  // version itself, so a copy a moment behind (its signal still on the way) only costs a retry.
  // Readers (`loadGame`) still check the version: a client may have seen the change elsewhere.
  let listening = 0;
  const unchanged = new Set<number>();
  /** Games being read or committed now, and whether a signal touched them meanwhile. */
  const inFlight = new Map<number, { count: number; touched: boolean }>();
  /** Queued moves by seat as the commit of a game's `version` left them (a fact of that version). */
  const queuesAt = new Map<number, { version: number; bySeat: ReadonlyMap<number, readonly string[]> }>();
  return {
    recent,
    queues,
    queuesAt,
    remember(record, untouched = false) {
      recent.delete(record.id);
      recent.set(record.id, record);
      if (recent.size > RECENT_GAMES) {
        const oldest = recent.keys().next().value as number;
        recent.delete(oldest);
        unchanged.delete(oldest);
        queuesAt.delete(oldest);
      }
      if (queues && queues.size > 2 * RECENT_GAMES) queues.clear();
      if (untouched && listening > 0) unchanged.add(record.id);
      else unchanged.delete(record.id);
      return record;
    },
    watch(id) {
      let entry = inFlight.get(id);
      if (!entry) {
        entry = { count: 0, touched: false };
        inFlight.set(id, entry);
      }
      entry.count++;
      const watched = entry;
      return () => {
        watched.count--;
        if (watched.count === 0 && inFlight.get(id) === watched) inFlight.delete(id);
        return !watched.touched;
      };
    },
    touched(gameId) {
      if (gameId === undefined) {
        unchanged.clear();
        queuesAt.clear();
        for (const entry of inFlight.values()) entry.touched = true;
        return;
      }
      // It has changed: the next reader reads it whole, with no version check first.
      recent.delete(gameId);
      unchanged.delete(gameId);
      queuesAt.delete(gameId);
      const entry = inFlight.get(gameId);
      if (entry) entry.touched = true;
    },
    followed(record) {
      queuesAt.delete(record.id);
      // A read or commit of the game under way may answer an older version: not taken as current.
      const entry = inFlight.get(record.id);
      if (entry) entry.touched = true;
      this.remember(record, true);
    },
    unchanged: (id) => unchanged.has(id),
    hearing(change) {
      listening += change;
    },
  };
}
