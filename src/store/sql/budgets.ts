/** Shared budgets (../ports/budgets.ts) over the shared SQL surface; both backends use it. */

import type { Db } from '../db/index.ts';
import type { BudgetStore } from '../ports/index.ts';

/** Forget full budgets at most this often. */
const SWEEP_EVERY_MS = 60_000;

class Refused extends Error {}

export function sqlBudgetStore(db: Db): BudgetStore {
  let sweptAt = 0;
  return {
    async takeBudgets(takes, at) {
      if (at - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = at;
        await db.run('DELETE FROM budgets WHERE full_at < ?', [at]);
      }
      try {
        return await db.tx(async (q) => {
          for (const { key, budget, cost = 1 } of takes) {
            const step = Math.max(1, Math.round(1000 / budget.perSecond));
            const spend = step * cost;
            // Allowed when, after spending, the budget is full again within `burst` steps of now.
            const taken = await q.run(
              `INSERT INTO budgets (key, full_at) VALUES (?, ?)
                 ON CONFLICT (key) DO UPDATE
                 SET full_at = CASE WHEN budgets.full_at > ? THEN budgets.full_at ELSE ? END + ?
                 WHERE budgets.full_at <= ?`,
              [key, at + spend, at, at, spend, at + budget.burst * step - spend],
            );
            if (taken !== 1 || spend > budget.burst * step) throw new Refused();
          }
          return true;
        });
      } catch (error) {
        if (error instanceof Refused) return false;
        throw error;
      }
    },

    async budgetFull(key, at) {
      const rows = await db.all<{ full_at: number | string }>('SELECT full_at FROM budgets WHERE key = ?', [
        key,
      ]);
      return rows.length === 0 || Number(rows[0]?.full_at) <= at;
    },
  };
}
