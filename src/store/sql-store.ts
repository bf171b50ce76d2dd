/** The Store, written once over the shared SQL surface from its parts by area; both backends use it. */

import type { Db } from './db/index.ts';
import { insertGame, sqlGameStore } from './game-store/index.ts';
import type { Signals, Store } from './ports/index.ts';
import {
  knownSessions,
  sqlAccountStore,
  sqlAnalysisStore,
  sqlBlockStore,
  sqlBudgetStore,
  sqlClockStore,
  sqlDailyStore,
  sqlIntricacyAccountStore,
  sqlLessonStore,
  sqlMailInStore,
  sqlMailStore,
  sqlMetagameStore,
  sqlProfileStore,
  sqlSeekStore,
  sqlTakebackStore,
  sqlTournamentStore,
} from './sql/index.ts';

export function sqlStore(db: Db, signals: Signals, kind: Store['kind'], location: string): Store {
  // The sessions read, kept in memory: SQLite's process is the only writer; on PostgreSQL they
  // are trusted while the store's listener hears other processes end sessions.
  const sessions = knownSessions(kind === 'sqlite');
  return {
    ...sqlMailStore(db),
    ...sqlMailInStore(db),
    ...sqlAccountStore(db, signals, sessions),
    ...sqlClockStore(db),
    ...sqlGameStore(db, signals, kind, sessions),
    ...sqlMetagameStore(db, signals),
    ...sqlTakebackStore(db),
    ...sqlIntricacyAccountStore(db),
    ...sqlLessonStore(db),
    ...sqlAnalysisStore(db),
    ...sqlProfileStore(db),
    ...sqlBudgetStore(db),
    ...sqlBlockStore(db),
    ...sqlDailyStore(db),
    ...sqlSeekStore(db, signals),
    ...sqlTournamentStore(db, insertGame, (ids) => {
      for (const gameId of ids) signals.committed({ kind: 'game', gameId });
    }),
    kind,
    location,

    async openAll() {
      await db.openAll?.();
    },
    async close() {
      await signals.close();
      await db.close();
    },
  };
}
