/**
 * Worker threads (Piscina) behind a fair queue (./fair-queue.ts): the server's CPU-heavy work
 * (computer moves, solution checks, costly game setups) runs off its event loop, and each kind is
 * shared fairly between accounts. The threads start on first use and stop when idle.
 *
 * The threads run at a lower priority than the event loop (WORKER_NICE): on a machine with fewer
 * cores than busy threads, the kernel then runs the event loop as soon as it wakes with a message
 * to answer, instead of sharing the CPU equally with a computer move or a solution check.
 */
import { Piscina } from 'piscina';
import { createFairQueue, type FairQueue, type FairQueueOptions } from './fair-queue.ts';

/**
 * How much lower the worker threads' priority is than the server's (its nice value added, up to
 * 19). Linux keeps a nice value per thread, and Piscina has each new thread lower its own; where
 * that is not possible (other systems, or Piscina's optional @napi-rs/nice not installed) the
 * threads run at the server's priority, as before.
 */
export const WORKER_NICE = 10;

export interface WorkerPoolOptions<Task, Output>
  extends Pick<FairQueueOptions<Task, Output>, 'perAccount' | 'refusal' | 'runningPerTurn' | 'perTurn'> {
  /** The worker module (its default export does one task). */
  readonly filename: URL;
  readonly threads: number;
  /** Does a task instead of a worker thread (tests). */
  readonly run?: (task: Task) => Promise<Output>;
}

export interface WorkerPool<Task, Output> extends Omit<FairQueue<Task, Output>, 'close'> {
  close(): Promise<void>;
}

export function createWorkerPool<Task, Output>(
  options: WorkerPoolOptions<Task, Output>,
): WorkerPool<Task, Output> {
  let pool: Piscina | undefined;
  const inThread = (task: Task): Promise<Output> => {
    pool ??= new Piscina({
      filename: options.filename.href,
      maxThreads: options.threads,
      minThreads: 0,
      idleTimeout: 30_000,
      niceIncrement: WORKER_NICE,
    });
    return pool.run(task);
  };
  // As many jobs run as there are threads, so Piscina's own queue stays empty and the fair queue
  // alone decides who is next.
  const queue = createFairQueue<Task, Output>({
    run: options.run ?? inThread,
    concurrency: options.threads,
    perAccount: options.perAccount,
    refusal: options.refusal,
    ...(options.runningPerTurn === undefined ? {} : { runningPerTurn: options.runningPerTurn }),
    ...(options.perTurn === undefined ? {} : { perTurn: options.perTurn }),
  });
  return {
    submit: queue.submit,
    pending: queue.pending,
    async close() {
      queue.close();
      await pool?.destroy();
    },
  };
}
