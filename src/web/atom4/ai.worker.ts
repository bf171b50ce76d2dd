/// <reference lib="webworker" />
// The Atom-4 computer thinks here, off the page's thread.
import { type Atom4State, chooseMove, levelOf } from '../../games/atom4/index.ts';

export interface AiRequest {
  readonly state: Atom4State;
  readonly level: number;
  readonly seed: number;
}

self.onmessage = (event: MessageEvent<AiRequest>) => {
  const { state, level, seed } = event.data;
  const deadline = performance.now() + levelOf(level).ms;
  self.postMessage(chooseMove(state, { level, seed, timeUp: () => performance.now() > deadline }).move);
};
