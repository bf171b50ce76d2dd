/// <reference lib="webworker" />
// The Warp and Weft bot thinks here so the page stays responsive.
import { chooseMove, type WarpWeftState } from '../../games/warpweft/index.ts';

export interface BotRequest {
  readonly state: WarpWeftState;
  readonly seed: number;
  readonly thinkMs: number;
}

self.onmessage = (event: MessageEvent<BotRequest>) => {
  const { state, seed, thinkMs } = event.data;
  const deadline = performance.now() + thinkMs;
  self.postMessage(chooseMove(state, { seed, timeUp: () => performance.now() > deadline }));
};
