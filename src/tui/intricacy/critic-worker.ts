// The lock critic's search, in a worker thread so the terminal keeps answering keys meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { criticise, type Lock } from '../../games/intricacy/index.ts';

const { lock, budgetMs } = workerData as { lock: Lock; budgetMs: number };
const deadline = performance.now() + budgetMs;
parentPort?.postMessage(criticise(lock, { timeUp: () => performance.now() > deadline }));
