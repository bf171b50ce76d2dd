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
  });
  return { answer, cancel: () => void worker.terminate() };
}
