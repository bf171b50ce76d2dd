/**
 * The Intricacy metagame on the server: the world is the replay of the store's append-only action
 * log through the pure rules (src/games/intricacy/metagame*.ts), cached in memory. An action is
 * checked against the current world, appended with the next sequence number (the store refuses
 * it if another process took that number first: then the log is read again and the action
 * re-checked), and only then applied. Subscribers are told what kind of thing changed, never
 * what: they fetch their own view.
 *
 * Solutions are verified by replay in a worker thread before an action enters the log; the log
 * holds only verified actions, so replaying it trusts them (`alreadyVerified`).
 *
 * A start does not replay the whole log: every `saveEvery` entries the world is saved with the
 * number of the entry it is as of (only the parts that changed: world-parts.ts), and a
 * start loads the latest save and replays what follows.
 */

import type { ErrorCode } from '../../api/index.ts';
import { type Answer, refuse } from '../../engine/index.ts';
import { fail, type Result } from '../../games/game.ts';
import type { Lock, ToolMove } from '../../games/intricacy/index.ts';
import {
  alreadyVerified,
  declareSolution,
  emptyWorld,
  placeLock,
  register,
  retireLock,
  type World,
} from '../../games/intricacy/index.ts';
import type { MetaActionRow, Store } from '../../store/index.ts';
import type { Connection, ServerFrame } from '../live/index.ts';
import { WORLD_FORMAT, worldSaves } from './world-parts.ts';

export { WORLD_FORMAT };

/** The log's entries (`kind` and `payload` of a MetaActionRow). */
export type MetaAction =
  | { readonly kind: 'register'; readonly payload: { readonly codename: string } }
  | {
      readonly kind: 'place';
      readonly payload: {
        readonly owner: string;
        readonly slot: number;
        readonly lock: Lock;
        readonly solution: readonly ToolMove[];
      };
    }
  | { readonly kind: 'retire'; readonly payload: { readonly owner: string; readonly slot: number } }
  | {
      readonly kind: 'declare';
      readonly payload: {
        readonly solver: string;
        readonly on: number;
        readonly behind: number;
        readonly solution: readonly ToolMove[];
      };
    };

/** What a live update says changed (the contract's `change`). */
export type MetaChange = 'lock' | 'note' | 'player';

const CHANGE: Readonly<Record<MetaAction['kind'], MetaChange>> = {
  register: 'player',
  place: 'lock',
  retire: 'lock',
  declare: 'note',
};

/** Apply one action to the world; solutions were verified before the action was logged. */
export function applyAction(world: World, action: MetaAction, at: number): Result<World> {
  const time = { at };
  switch (action.kind) {
    case 'register':
      return register(world, action.payload.codename);
    case 'place': {
      const p = action.payload;
      return placeLock(world, p.owner, p.slot, p.lock, p.solution, alreadyVerified, time);
    }
    case 'retire':
      return retireLock(world, action.payload.owner, action.payload.slot, time);
    case 'declare': {
      const p = action.payload;
      return declareSolution(world, p.solver, p.on, p.behind, p.solution, alreadyVerified, time);
    }
    default:
      return fail(`unknown metagame action ${(action as { kind: string }).kind}`);
  }
}

/**
 * The code of an action the rules refuse on the current world: a codename (checked before) can
 * only have been taken meanwhile; the other actions no longer fit the world.
 */
const REFUSED: Readonly<Record<MetaAction['kind'], ErrorCode>> = {
  register: 'conflict',
  place: 'bad-request',
  retire: 'bad-request',
  declare: 'bad-request',
};

/** How many times an action is re-checked when other processes keep taking its number. */
const APPEND_ATTEMPTS = 20;
/** Log entries between saves of the world: a start replays at most about this many. */
export const SAVE_WORLD_EVERY = 500;

export interface MetagameOptions {
  readonly store: Store;
  /** A logged action that no longer applies (a bug or a hand-edited log): it is skipped. */
  readonly onError?: (error: unknown) => void;
  /** Time stamps for actions (tests may pin them). */
  readonly now?: () => number;
  /** Log entries between saves of the world (default SAVE_WORLD_EVERY). */
  readonly saveEvery?: number;
}

export function createMetagame(options: MetagameOptions) {
  const { store } = options;
  const now = options.now ?? Date.now;
  const saveEvery = options.saveEvery ?? SAVE_WORLD_EVERY;
  let world: World = emptyWorld();
  let seq = 0;
  const subscribers = new Set<Connection>();

  // The latest save, read once before the log; then a save every so many entries.
  let loaded = false;
  const saves = worldSaves(store, saveEvery, options.onError);
  const load = async (): Promise<void> => {
    loaded = true;
    const read = await saves.load(() => seq);
    if (!read) return;
    world = read.world;
    seq = read.seq;
  };
  const maybeSave = (): void => {
    if (!halted) saves.maybeSave(world, seq);
  };

  // One change at a time in this process: reading the log and appending to it never interleave.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => undefined);
    return result;
  };

  const broadcast = (changes: Iterable<MetaChange>) => {
    for (const change of new Set(changes)) {
      // One frame object for every subscriber, so it is encoded once per format.
      const frame: ServerFrame = { type: 'intricacy', change };
      for (const conn of subscribers) conn.send(frame);
    }
  };

  /**
   * Why the log stopped applying, if it did: a logged action the rules now refuse (only a change
   * of the rules can do that). Reading stops there rather than skip it, since lock and note ids
   * are positions and every later action would then point at the wrong lock; the world stays as
   * it was before that action, and new actions are refused until an operator looks.
   */
  let halted: string | null = null;

  /** Read and apply what was appended since `seq` (by this process or another). */
  const pull = async (): Promise<void> => {
    if (halted) return;
    if (!loaded) await load();
    const rows: MetaActionRow[] = await store.metaActions(seq);
    const changes: MetaChange[] = [];
    for (const row of rows) {
      const action = { kind: row.kind, payload: row.payload } as MetaAction;
      const next = applyAction(world, action, row.at);
      if (!next.ok) {
        halted = `metagame log entry ${row.seq} (${row.kind}) no longer applies: ${next.error}`;
        options.onError?.(new Error(`${halted}; the metagame is read-only until it is mended`));
        break;
      }
      world = next.value;
      seq = row.seq;
      changes.push(CHANGE[action.kind] ?? 'player');
    }
    broadcast(changes);
    maybeSave();
  };

  // Readers waiting for a read of the log share one that has not started yet: it starts after
  // each of them asked, so it is fresh for all, and N readers cost one query, not N in a row.
  let queued: Promise<void> | null = null;
  const freshPull = (): Promise<void> => {
    queued ??= serial(async () => {
      queued = null;
      await pull();
    });
    return queued;
  };

  return {
    /** Read the log (at start-up; and when another process signals that it grew). */
    refresh: (): Promise<void> => serial(pull),

    /**
     * The current world. With PostgreSQL another process may have appended a moment ago, before
     * its signal arrives: the log is read first (one small query).
     */
    async world(): Promise<World> {
      if (store.kind === 'postgres') await freshPull();
      return world;
    },

    /** The world as cached, without reading the log (for cheap pre-checks). */
    cached: (): World => world,

    /**
     * Check `action` against the current world and append it. With `account`, that account gets
     * the registered codename in the same transaction. Gives the worlds before and after.
     */
    act(action: MetaAction, account?: string): Promise<Answer<{ before: World; after: World }>> {
      return serial(async (): Promise<Answer<{ before: World; after: World }>> => {
        const at = now();
        for (let attempt = 0; attempt < APPEND_ATTEMPTS; attempt++) {
          await pull();
          if (halted) return refuse('unavailable', `the metagame is read-only for now (${halted})`);
          const next = applyAction(world, action, at);
          if (!next.ok) return refuse(REFUSED[action.kind], next.error);
          const link =
            account !== undefined && action.kind === 'register'
              ? { user: account, codename: action.payload.codename }
              : undefined;
          const appended = await store.appendMetaAction(
            { seq: seq + 1, kind: action.kind, payload: action.payload, at },
            link,
          );
          if (appended.ok) {
            const before = world;
            world = next.value;
            seq += 1;
            broadcast([CHANGE[action.kind]]);
            maybeSave();
            return { ok: true, value: { before, after: world } };
          }
          if (appended.reason === 'account') return refuse('conflict', 'your account already has a codename');
          // Another process took the number: read what it appended and check again.
        }
        return refuse('unavailable', 'the metagame is too busy right now; try again');
      });
    },

    /** Live updates: subscribe a WebSocket connection (its reply frame is sent here). */
    subscribe(conn: Connection, ref?: string | number): void {
      subscribers.add(conn);
      conn.send({ type: 'subscribed', metagame: 'intricacy', ...(ref === undefined ? {} : { ref }) });
    },
    unsubscribe(conn: Connection): void {
      subscribers.delete(conn);
    },
    /** Number of subscribed connections (tests). */
    subscribers: (): number => subscribers.size,
    /** Wait for a save of the world under way, if any (tests, benchmarks). */
    saved: (): Promise<void> => saves.saving(),
  };
}

export type Metagame = ReturnType<typeof createMetagame>;
