/** Runs in a Piscina worker thread: a new game's first state, for a setup too costly for the
 * server's event loop (see `costlySetup` in the game contract). */
import { GAMES } from '../games/index.ts';

export interface SetupTask {
  readonly gameType: string;
  /** Options already checked by the game's parseOptions. */
  readonly options: unknown;
  readonly seed: number;
}

export default function setUp(task: SetupTask): unknown {
  const game = GAMES[task.gameType];
  if (!game) throw new Error(`there is no game called ${task.gameType}`);
  return game.setup(task.options, task.seed);
}
