/// <reference lib="webworker" />
// Sigmar's Garden hints run the exact solver here, within a time budget, off the page's thread.
import { type Cells, suggestMove } from '../../games/sigmar/index.ts';

export interface HintRequest {
  readonly cells: Cells;
  readonly budgetMs: number;
}

self.onmessage = (event: MessageEvent<HintRequest>) => {
  const deadline = performance.now() + event.data.budgetMs;
  self.postMessage(suggestMove(event.data.cells, { timeUp: () => performance.now() > deadline }));
};
