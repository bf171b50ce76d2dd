/** The body of ./computer.ts's thread: a game's `ai`, given a position and time to think. */
import { parentPort } from 'node:worker_threads';
import type { AnyGame } from '../games/index.ts';

export interface ThinkRequest {
  readonly id: number;
  /** The module exporting the game as part of its `GAMES`. */
  readonly gamesModule: string;
  readonly gameId: string;
  readonly state: unknown;
  readonly seed: number;
  readonly thinkMs: number;
  readonly level?: number;
}

parentPort?.on('message', async ({ id, gamesModule, gameId, state, seed, thinkMs, level }: ThinkRequest) => {
  try {
    const { GAMES } = (await import(gamesModule)) as { GAMES: Readonly<Record<string, AnyGame>> };
    const ai = Object.hasOwn(GAMES, gameId) ? GAMES[gameId]?.ai : undefined;
    if (!ai) throw new Error(`${gameId} has no computer player`);
    // The clock starts once the game is loaded: the whole time goes to thinking.
    const deadline = performance.now() + thinkMs;
    const move = ai.chooseMove(state, { seed, level, timeUp: () => performance.now() > deadline });
    parentPort?.postMessage({ id, move });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
