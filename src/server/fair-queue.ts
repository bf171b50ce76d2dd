/**
 * A fair queue in front of shared workers: each account has its own queue, and whenever a
 * worker is free, the account whose turn it is gets its oldest job started: round robin, where
 * an account with fewer jobs running, or that has waited longer since its last turn (a newcomer
 * first), goes before the others. One account sending many jobs therefore delays everyone else
 * by at most one job per round, never by its whole backlog. Each account may have at most
 * `perAccount` jobs waiting or running; a job over that is refused at once with a sentence, and
 * only that account's job is refused.
 *
 * Pure scheduling: what a job does is the injected `run` (a worker pool in the server, a
 * hand-driven function in tests); no clocks.
 */
import { fail, ok, type Result } from '../games/game.ts';

export interface FairQueueOptions<Task, Output> {
  /** Does one job; the queue keeps at most `concurrency` of these running at once. */
  readonly run: (task: Task) => Promise<Output>;
  readonly concurrency: number;
  /** Jobs one account may have waiting or running. */
  readonly perAccount: number;
  /** The refusal an account over its bound gets, e.g. "you already have 4 … waiting". */
  readonly refusal: (perAccount: number) => string;
}

interface Job<Task, Output> {
  readonly task: Task;
  readonly resolve: (output: Output) => void;
  readonly reject: (error: unknown) => void;
}

/** An account with jobs waiting or running. */
interface Account<Task, Output> {
  readonly waiting: Job<Task, Output>[];
  running: number;
  /** When it last had a job started (a count of starts); -1 until its first. */
  lastTurn: number;
}

export interface FairQueue<Task, Output> {
  /** Queue a job for `account`: its result to come, or at once the refusal if over the bound. */
  submit(account: string, task: Task): Result<Promise<Output>>;
  /** Jobs of `account` waiting or running. */
  pending(account: string): number;
  /** Refuse every waiting job (running ones finish); later submissions are refused too. */
  close(): void;
}

export function createFairQueue<Task, Output>(
  options: FairQueueOptions<Task, Output>,
): FairQueue<Task, Output> {
  const { run, concurrency, perAccount } = options;
  const accounts = new Map<string, Account<Task, Output>>();
  let running = 0;
  let starts = 0;
  let closed = false;

  /** Whose job starts next: among accounts with a job waiting, the fewest running, then the
   * longest since its last turn (a newcomer first). */
  const nextAccount = (): [string, Account<Task, Output>] | undefined => {
    let best: [string, Account<Task, Output>] | undefined;
    for (const entry of accounts) {
      const a = entry[1];
      if (a.waiting.length === 0) continue;
      const b = best?.[1];
      if (!b || a.running < b.running || (a.running === b.running && a.lastTurn < b.lastTurn)) best = entry;
    }
    return best;
  };

  const settle = (name: string, account: Account<Task, Output>): void => {
    running--;
    account.running--;
    if (account.running === 0 && account.waiting.length === 0) accounts.delete(name);
    pump();
  };

  function pump(): void {
    while (running < concurrency) {
      const next = nextAccount();
      if (!next) return;
      const [name, account] = next;
      const job = account.waiting.shift() as Job<Task, Output>;
      running++;
      account.running++;
      account.lastTurn = starts++;
      let started: Promise<Output>;
      try {
        started = run(job.task);
      } catch (error) {
        started = Promise.reject(error);
      }
      started.then(job.resolve, job.reject).finally(() => settle(name, account));
    }
  }

  return {
    submit(name, task) {
      if (closed) return fail('the server is shutting down');
      let account = accounts.get(name);
      if (account && account.waiting.length + account.running >= perAccount) {
        return fail(options.refusal(perAccount));
      }
      if (!account) {
        account = { waiting: [], running: 0, lastTurn: -1 };
        accounts.set(name, account);
      }
      const { waiting } = account;
      const output = new Promise<Output>((resolve, reject) => {
        waiting.push({ task, resolve, reject });
      });
      pump();
      return ok(output);
    },
    pending(name) {
      const account = accounts.get(name);
      return account ? account.waiting.length + account.running : 0;
    },
    close() {
      closed = true;
      for (const [name, account] of accounts) {
        for (const job of account.waiting.splice(0)) job.reject(new Error('the server is shutting down'));
        if (account.running === 0) accounts.delete(name);
      }
    },
  };
}
