import { parentPort, workerData } from 'node:worker_threads';
import { type Cells, suggestMove } from '../games/sigmar/index.ts';

const { cells, budgetMs } = workerData as { cells: Cells; budgetMs: number };
const deadline = performance.now() + budgetMs;
parentPort?.postMessage(suggestMove(cells, { timeUp: () => performance.now() > deadline }));
