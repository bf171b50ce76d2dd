/**
 * Budgets shared by every process on the database: a rate per key (an account, a sender's address,
 * a domain) that holds across mails, the SMTP listener, `tessera mail-in` and server processes
 * sharing PostgreSQL, where a limiter in memory would hold only within one process.
 *
 * Each key keeps one time (the generic cell rate algorithm): when its budget is full again. A
 * take spends `cost` tokens' worth of time if the key has them; one statement, so racing takes
 * cannot both spend the last token.
 */

/** So many per second, in bursts of `burst`: the shape of every rate limit (../server/guards/limits.ts). */
export interface Budget {
  readonly perSecond: number;
  readonly burst: number;
}

export interface BudgetStore {
  /**
   * Spend one token (or `cost`) from each key's budget, all or none: true when every key had it.
   * Keys idle long enough to be full again are forgotten from time to time.
   */
  takeBudgets(
    takes: readonly { readonly key: string; readonly budget: Budget; readonly cost?: number }[],
    at: number,
  ): Promise<boolean>;
  /** Whether `key`'s budget is full at `at` (nothing spent lately): a hold taken with a burst of 1 is over. */
  budgetFull(key: string, at: number): Promise<boolean>;
}
