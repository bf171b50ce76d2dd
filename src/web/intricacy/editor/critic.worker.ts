/// <reference lib="webworker" />
// The lock critic runs the breadth-first solver here, within a time budget, off the page's thread.
import { criticise, type Lock } from '../../../games/intricacy/index.ts';

export interface CriticRequest {
  readonly lock: Lock;
  readonly budgetMs: number;
}

self.onmessage = (event: MessageEvent<CriticRequest>) => {
  const deadline = performance.now() + event.data.budgetMs;
  self.postMessage(criticise(event.data.lock, { timeUp: () => performance.now() > deadline }));
};
