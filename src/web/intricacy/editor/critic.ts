/**
 * The lock critic from the browser: the solver runs in a worker (critic.worker.ts) so the page stays
 * responsive, and gives up after CRITIC_BUDGET_MS.
 */
import type { CriticJob } from '../../../client/index.ts';
import type { Lock, Verdict } from '../../../games/intricacy/index.ts';
import type { CriticRequest } from './critic.worker.ts';

export const CRITIC_BUDGET_MS = 30_000;

export function runCritic(lock: Lock): CriticJob {
  const worker = new Worker(new URL('./critic.worker.ts', import.meta.url), { type: 'module' });
  const answer = new Promise<Verdict>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Verdict>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the critic stopped'));
    };
  });
  const request: CriticRequest = { lock, budgetMs: CRITIC_BUDGET_MS };
  worker.postMessage(request);
  return { answer, cancel: () => worker.terminate() };
}
