/** Sigmar's Garden hints in a worker thread, so the exact solver never freezes the terminal. */
import { Worker } from 'node:worker_threads';
import type { Cells, Suggestion } from '../games/sigmar/index.ts';

export function hintInWorker(
  cells: Cells,
  budgetMs: number,
): { answer: Promise<Suggestion>; cancel: () => void } {
  const worker = new Worker(new URL('./sigmar-hint-worker.ts', import.meta.url), {
    workerData: { cells, budgetMs },
  });
  const answer = new Promise<Suggestion>((resolve, reject) => {
    worker.once('message', (s: Suggestion) => {
      resolve(s);
      void worker.terminate();
    });
    worker.once('error', reject);
    // A worker that ends without an answer (cancelled, or it died) settles the hint too, so the
    // screen never waits for it forever; after an answer this rejection is ignored.
    worker.once('exit', (code) => reject(new Error(`the hint worker stopped (exit code ${code})`)));
  });
  return { answer, cancel: () => void worker.terminate() };
}
