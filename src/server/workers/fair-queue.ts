/**
 * A fair queue in front of shared workers. Jobs are queued by whose turn they take (an account,
 * or a client address whose accounts share one turn) and whenever a worker is free the queues
 * take turns: start-time fair queueing with every job counted as one. A queue's jobs are
 * numbered in rounds, each in the round after its last one and never in a round already begun,
 * so a newcomer, or a queue coming back, joins the current round; within a round the queue with
 * the fewest jobs goes first. One client sending many jobs therefore delays anyone else by at
 * most one job of its own, never by its whole backlog, and many clients coming and going cannot
 * starve one that waits. Each account may have at most `perAccount` jobs waiting or running, and
 * each turn at most `perTurn`; a job over either is refused at once with a sentence, and only that
 * account's or turn's job is refused.
 *
 * Pure scheduling: what a job does is the injected `run` (a worker pool in the server, a
 * hand-driven function in tests); no clocks.
 */
import { fail, ok, type Result } from '../../games/game.ts';

export interface FairQueueOptions<Task, Output> {
  /** Does one job; the queue keeps at most `concurrency` of these running at once. */
  readonly run: (task: Task) => Promise<Output>;
  readonly concurrency: number;
  /** Jobs of one turn running at once (no bound of its own by default). Below `concurrency`, one
   * client's flood never holds every worker: another's job starts at once on one kept free. */
  readonly runningPerTurn?: number;
  /** Jobs one account may have waiting or running. */
  readonly perAccount: number;
  /** The refusal an account over its bound gets, e.g. "you already have 4 … waiting". */
  readonly refusal: (perAccount: number) => string;
  /** Jobs one turn may have waiting or running (no bound of its own by default), and the refusal
   * past it. */
  readonly perTurn?: { readonly jobs: number; readonly refusal: (perTurn: number) => string };
}

interface Job<Task, Output> {
  readonly task: Task;
  readonly account: string;
  /** Its round: jobs start in order of round, then of submission. */
  readonly round: number;
  readonly seq: number;
  readonly resolve: (output: Output) => void;
  readonly reject: (error: unknown) => void;
}

/** The jobs that take one turn, while any waits or runs or its last was in the current round. */
interface Lane<Task, Output> {
  readonly waiting: Job<Task, Output>[];
  running: number;
  /** The round of its latest job. */
  lastRound: number;
}

export interface FairQueue<Task, Output> {
  /**
   * Queue a job for `account`, taking the turn of `turn` (by default the account's own): its
   * result to come, or at once the refusal if the account is over its bound.
   */
  submit(account: string, task: Task, turn?: string): Result<Promise<Output>>;
  /** Jobs of `account` waiting or running. */
  pending(account: string): number;
  /** Refuse every waiting job (running ones finish); later submissions are refused too. */
  close(): void;
}

export function createFairQueue<Task, Output>(
  options: FairQueueOptions<Task, Output>,
): FairQueue<Task, Output> {
  const { run, concurrency, perAccount, runningPerTurn = Number.POSITIVE_INFINITY } = options;
  const lanes = new Map<string, Lane<Task, Output>>();
  const counts = new Map<string, number>();
  let running = 0;
  /** The round of the job started last: no job waiting is in an earlier one. */
  let round = 0;
  let seq = 0;
  let closed = false;

  const count = (account: string, by: number): void => {
    const n = (counts.get(account) ?? 0) + by;
    if (n > 0) counts.set(account, n);
    else counts.delete(account);
  };

  const backlog = (lane: Lane<Task, Output>) => lane.waiting.length + lane.running;
  /** Whether the oldest waiting job of `lane` starts before that of `other`: by round; within a
   * round (where each lane has at most one job), the lane with fewer jobs first, so that one coming
   * back just after being served waits for one job of a flood, not for the two of it around a
   * round's end; then by submission. */
  const before = (lane: Lane<Task, Output>, other: Lane<Task, Output>): boolean => {
    const job = lane.waiting[0] as Job<Task, Output>;
    const theirs = other.waiting[0] as Job<Task, Output>;
    if (job.round !== theirs.round) return job.round < theirs.round;
    if (backlog(lane) !== backlog(other)) return backlog(lane) < backlog(other);
    return job.seq < theirs.seq;
  };

  /** The lane, among those below their share of workers with a job waiting, whose job comes first. */
  const nextLane = (): [string, Lane<Task, Output>] | undefined => {
    let best: [string, Lane<Task, Output>] | undefined;
    for (const entry of lanes) {
      const lane = entry[1];
      if (lane.running >= runningPerTurn || lane.waiting.length === 0) continue;
      if (!best || before(lane, best[1])) best = entry;
    }
    return best;
  };

  /** A lane is forgotten once it is idle and its last job's round has passed: until then,
   * coming back puts it in the next round, not in the current one a second time. */
  const forget = (turn: string, lane: Lane<Task, Output>): void => {
    if (lane.running === 0 && lane.waiting.length === 0 && lane.lastRound < round) lanes.delete(turn);
  };

  const settle = (turn: string, lane: Lane<Task, Output>, account: string): void => {
    running--;
    lane.running--;
    count(account, -1);
    forget(turn, lane);
    pump();
  };

  function pump(): void {
    while (running < concurrency) {
      const next = nextLane();
      if (!next) return;
      const [turn, lane] = next;
      const job = lane.waiting.shift() as Job<Task, Output>;
      running++;
      lane.running++;
      if (job.round > round) {
        round = job.round;
        for (const [other, l] of lanes) forget(other, l);
      }
      let started: Promise<Output>;
      try {
        started = run(job.task);
      } catch (error) {
        started = Promise.reject(error);
      }
      started.then(job.resolve, job.reject).finally(() => settle(turn, lane, job.account));
    }
  }

  const admits = (account: string, turn: string): Result<void> => {
    if (closed) return fail('the server is shutting down');
    if ((counts.get(account) ?? 0) >= perAccount) return fail(options.refusal(perAccount));
    const lane = lanes.get(turn);
    if (options.perTurn && lane && backlog(lane) >= options.perTurn.jobs)
      return fail(options.perTurn.refusal(options.perTurn.jobs));
    return ok(undefined);
  };

  return {
    submit(account, task, turn = account) {
      const admitted = admits(account, turn);
      if (!admitted.ok) return admitted;
      count(account, 1);
      let lane = lanes.get(turn);
      if (!lane) {
        lane = { waiting: [], running: 0, lastRound: Number.NEGATIVE_INFINITY };
        lanes.set(turn, lane);
      }
      lane.lastRound = Math.max(round, lane.lastRound + 1);
      const { waiting, lastRound } = lane;
      const output = new Promise<Output>((resolve, reject) => {
        waiting.push({ task, account, round: lastRound, seq: seq++, resolve, reject });
      });
      pump();
      return ok(output);
    },
    pending: (account) => counts.get(account) ?? 0,
    close() {
      closed = true;
      for (const [turn, lane] of lanes) {
        for (const job of lane.waiting.splice(0)) {
          count(job.account, -1);
          job.reject(new Error('the server is shutting down'));
        }
        if (lane.running === 0) lanes.delete(turn);
      }
    },
  };
}
