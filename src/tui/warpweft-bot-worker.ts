import { parentPort, workerData } from 'node:worker_threads';
import { chooseMove, type WarpWeftState } from '../games/warpweft/index.ts';

const { state, seed, thinkMs } = workerData as { state: WarpWeftState; seed: number; thinkMs: number };
const deadline = performance.now() + thinkMs;
parentPort?.postMessage(chooseMove(state, { seed, timeUp: () => performance.now() > deadline }));
