/** What every part of the game store is built on. */
import type { Db } from '../db/index.ts';
import type { Signals, Store } from '../ports/index.ts';
import type { GameCache } from './cache.ts';

export interface GameStoreContext {
  readonly db: Db;
  readonly signals: Signals;
  readonly kind: Store['kind'];
  readonly cache: GameCache;
}
