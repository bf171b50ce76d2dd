/**
 * After signals from other processes were lost (PostgreSQL's listening connection dropped), every
 * subscriber must fetch its list anew. Told all at once, 10,000 sockets would ask together; instead
 * each account is told at a random moment of a spread that grows with the number of accounts
 * (RESYNCS_PER_SECOND on average, at most RESYNC_SPREAD_MAX_MS), all its sockets together, and an
 * account still waiting to be told is not told twice.
 */

/** Accounts told to fetch their lists again per second, on average, after a resync. */
export const RESYNCS_PER_SECOND = 500;
/** The longest an account waits to be told. */
export const RESYNC_SPREAD_MAX_MS = 20_000;

export interface ResyncTiming {
  /** A number in [0, 1) (default Math.random): where in the spread an account is told. */
  readonly random?: () => number;
  /** Run `fn` after `ms` (default an unref'd setTimeout); tests pass a fake clock. */
  readonly later?: (fn: () => void, ms: number) => void;
}

const timeout = (fn: () => void, ms: number) => {
  setTimeout(fn, ms).unref();
};

export function resyncSpreader({ random = Math.random, later = timeout }: ResyncTiming = {}) {
  const waiting = new Set<string>();
  /** Tell each of `users` (the accounts subscribed now), each once, spread over time. */
  return (users: readonly string[], tell: (user: string) => void): void => {
    const spreadMs = Math.min(RESYNC_SPREAD_MAX_MS, (users.length * 1000) / RESYNCS_PER_SECOND);
    for (const user of users) {
      if (waiting.has(user)) continue;
      waiting.add(user);
      later(
        () => {
          waiting.delete(user);
          tell(user);
        },
        Math.floor(random() * spreadMs),
      );
    }
  };
}
