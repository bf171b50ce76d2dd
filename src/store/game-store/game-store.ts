/**
 * The games part of the store (../ports/games.ts) over the shared SQL surface; both backends use
 * it, PostgreSQL committing a change through its server-side function (migration 7). Each part is
 * a file: reads, commits, challenges, lists, chat and ratings, hearing other processes, over one
 * cache.
 */
import type { Db } from '../db/index.ts';
import type { GameStore, Signals, Store } from '../ports/index.ts';
import type { KnownSessions } from '../sql/index.ts';
import { gameCache } from './cache.ts';
import { gameChallenges } from './challenges.ts';
import { chatAndRatings } from './chat.ts';
import { gameCommits } from './commits.ts';
import type { GameStoreContext } from './context.ts';
import { listenForChanges } from './listen.ts';
import { gameLists } from './lists.ts';
import { gameReads } from './reads.ts';

export function sqlGameStore(
  db: Db,
  signals: Signals,
  kind: Store['kind'],
  /** The login sessions kept in memory, trusted while the listener hears every signal. */
  sessions: KnownSessions,
): GameStore & Pick<Store, 'listen' | 'takeBack'> {
  const context: GameStoreContext = { db, signals, kind, cache: gameCache(kind) };
  return {
    ...gameChallenges(context),
    ...gameReads(context),
    ...gameCommits(context),
    ...gameLists(db, context.cache.recent),
    ...chatAndRatings(db, signals),
    listen: listenForChanges(context, sessions),
  };
}
