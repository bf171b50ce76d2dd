/** Runs in a Piscina worker thread: a new game's first state, for a setup too costly for the
 * server's event loop (see `costlySetup` in the game contract). */
import { importGame } from './served-games.ts';

export interface SetupTask {
  /** The module exporting the served games as GAMES (see ./served-games.ts). */
  readonly gamesModule: string;
  readonly gameType: string;
  /** Options already checked by the game's parseOptions. */
  readonly options: unknown;
  readonly seed: number;
}

export default async function setUp(task: SetupTask): Promise<unknown> {
  const game = await importGame(task.gamesModule, task.gameType);
  return game.setup(task.options, task.seed);
}
