/**
 * A fair queue in front of shared workers: each account has its own queue, and whenever a worker
 * is free the accounts take turns (start-time fair queueing with every job counted as one: an
 * account's jobs are numbered in rounds, its next job in the round after its last one, and never
 * in a round already begun, so a newcomer or a returning account joins the current round). One
 * account sending many jobs therefore delays anyone else by at most one job per round, never by
 * its whole backlog, and many accounts coming and going cannot starve one that waits. Each
 * account may have at most `perAccount` jobs waiting or running; a job over that is refused at
 * once with a sentence, and only that account's job is refused.
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
  /** Its round: jobs start in order of round, then of submission. */
  readonly round: number;
  readonly seq: number;
  readonly resolve: (output: Output) => void;
  readonly reject: (error: unknown) => void;
}

/** An account with jobs waiting or running, or whose last job was in the current round. */
interface Account<Task, Output> {
  readonly waiting: Job<Task, Output>[];
  running: number;
  /** The round of its latest job. */
  lastRound: number;
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
  /** The round of the job started last: no job waiting is in an earlier one. */
  let round = 0;
  let seq = 0;
  let closed = false;

  /** The account whose oldest waiting job comes first (by round, then submission). */
  const nextAccount = (): [string, Account<Task, Output>] | undefined => {
    let best: [string, Account<Task, Output>] | undefined;
    let first: Job<Task, Output> | undefined;
    for (const entry of accounts) {
      const job = entry[1].waiting[0];
      if (job && (!first || job.round < first.round || (job.round === first.round && job.seq < first.seq))) {
        best = entry;
        first = job;
      }
    }
    return best;
  };

  /** An account is forgotten once it is idle and its last job's round has passed: until then,
   * coming back puts it in the next round, not in the current one a second time. */
  const forget = (name: string, account: Account<Task, Output>): void => {
    if (account.running === 0 && account.waiting.length === 0 && account.lastRound < round)
      accounts.delete(name);
  };

  const settle = (name: string, account: Account<Task, Output>): void => {
    running--;
    account.running--;
    forget(name, account);
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
      if (job.round > round) {
        round = job.round;
        for (const [other, a] of accounts) forget(other, a);
      }
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
        account = { waiting: [], running: 0, lastRound: Number.NEGATIVE_INFINITY };
        accounts.set(name, account);
      }
      account.lastRound = Math.max(round, account.lastRound + 1);
      const { waiting, lastRound } = account;
      const output = new Promise<Output>((resolve, reject) => {
        waiting.push({ task, round: lastRound, seq: seq++, resolve, reject });
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
