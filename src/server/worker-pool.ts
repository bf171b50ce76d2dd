/**
 * Worker threads (Piscina) behind a fair queue (./fair-queue.ts): the server's CPU-heavy work
 * (computer moves, solution checks, costly game setups) runs off its event loop, and each kind is
 * shared fairly between accounts. The threads start on first use and stop when idle.
 */
import { Piscina } from 'piscina';
import { createFairQueue, type FairQueue, type FairQueueOptions } from './fair-queue.ts';

export interface WorkerPoolOptions<Task, Output>
  extends Pick<FairQueueOptions<Task, Output>, 'perAccount' | 'refusal'> {
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
