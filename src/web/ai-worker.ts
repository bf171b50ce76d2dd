/// <reference lib="webworker" />
/**
 * The body of a browser worker in which a game's computer player (its `ai`) thinks, off the
 * page's thread. A game's worker file is one call, `serveAi(game)`, since a bundler needs each
 * worker's entry as a file of its own.
 */
import { analyseMoves } from '../games/analysis.ts';
import type { AnyGame } from '../games/index.ts';

export interface AiRequest<State> {
  readonly state: State;
  readonly seed: number;
  /** A strength of the AI's levels; it sets the time per move unless `thinkMs` does. */
  readonly level?: number;
  readonly thinkMs?: number;
}

/** A finished local game to analyse (src/games/analysis.ts); the answer is the analysis's Result. */
export interface AnalyseRequest {
  readonly analyse: { readonly start: unknown; readonly moves: readonly string[] };
}

/** Time per move: as asked, else the level's, else a second. */
function thinkMs(game: AnyGame, request: AiRequest<unknown>): number {
  const levels = game.ai?.levels ?? [];
  const level = Math.max(
    0,
    Math.min(levels.length - 1, Math.floor(request.level ?? game.ai?.defaultLevel ?? 0)),
  );
  return request.thinkMs ?? levels[level]?.ms ?? 1000;
}

export function serveAi(game: AnyGame): void {
  const { ai } = game;
  if (!ai) throw new Error(`${game.title} has no computer player`);
  self.onmessage = (event: MessageEvent<AiRequest<unknown> | AnalyseRequest>) => {
    if ('analyse' in event.data) {
      self.postMessage(analyseMoves(game, event.data.analyse.start, event.data.analyse.moves));
      return;
    }
    const { state, seed, level } = event.data;
    const deadline = performance.now() + thinkMs(game, event.data);
    self.postMessage(
      ai.chooseMove(state, {
        seed,
        timeUp: () => performance.now() > deadline,
        ...(level === undefined ? {} : { level }),
      }),
    );
  };
}
