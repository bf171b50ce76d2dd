/** The schema of the budgets part of the store (../ports/budgets.ts). */

/** Migration 15: when each key's budget is full again. */
export const BUDGET_MIGRATION = {
  version: 15,
  statements: ['CREATE TABLE budgets (key TEXT PRIMARY KEY, full_at {time} NOT NULL)'],
};
