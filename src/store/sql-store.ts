/** The Store, written once over the shared SQL surface from its parts by area; both backends use it. */

import type { Db } from './db.ts';
import type { Signals } from './signals.ts';
import { sqlAccountStore } from './sql-accounts.ts';
import { sqlAnalysisStore } from './sql-analyses.ts';
import { sqlBudgetStore } from './sql-budgets.ts';
import { sqlClockStore } from './sql-clocks.ts';
import { sqlGameStore } from './sql-games.ts';
import { sqlIntricacyAccountStore } from './sql-intricacy-account.ts';
import { sqlMailStore } from './sql-mail.ts';
import { sqlMailInStore } from './sql-mail-in.ts';
import { sqlMetagameStore } from './sql-metagame.ts';
import { sqlProfileStore } from './sql-profiles.ts';
import { sqlTakebackStore } from './sql-takebacks.ts';
import type { Store } from './store.ts';

export function sqlStore(db: Db, signals: Signals, kind: Store['kind'], location: string): Store {
  return {
    ...sqlMailStore(db),
    ...sqlMailInStore(db),
    ...sqlAccountStore(db),
    ...sqlClockStore(db),
    ...sqlGameStore(db, signals, kind),
    ...sqlMetagameStore(db, signals),
    ...sqlTakebackStore(db),
    ...sqlIntricacyAccountStore(db),
    ...sqlProfileStore(db),
    ...sqlBudgetStore(db),
    ...sqlAnalysisStore(db),
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
