/** Runs the Warp and Weft bot in a worker thread so the terminal stays responsive. */
import { Worker } from 'node:worker_threads';
import type { WarpWeftMove, WarpWeftState } from '../games/warpweft/index.ts';

export function thinkInWorker(
  state: WarpWeftState,
  seed: number,
  thinkMs: number,
): { move: Promise<WarpWeftMove>; cancel: () => void } {
  const worker = new Worker(new URL('./warpweft-bot-worker.ts', import.meta.url), {
    workerData: { state, seed, thinkMs },
  });
  const move = new Promise<WarpWeftMove>((resolve, reject) => {
    worker.once('message', (m: WarpWeftMove) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  return { move, cancel: () => void worker.terminate() };
}
