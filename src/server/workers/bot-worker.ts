/** Runs in a Piscina worker thread: one computer move, returned in the game's notation. */
import { importGame } from './served-games.ts';

export interface BotTask {
  /** The module exporting the served games as GAMES (see ./served-games.ts). */
  readonly gamesModule: string;
  readonly gameType: string;
  readonly state: unknown;
  readonly seed: number;
  readonly thinkMs: number;
}

export default async function think(task: BotTask): Promise<string> {
  const game = await importGame(task.gamesModule, task.gameType);
  if (!game.ai) throw new Error(`no computer player for ${task.gameType}`);
  const deadline = performance.now() + task.thinkMs;
  const move = game.ai.chooseMove(task.state, {
    seed: task.seed,
    timeUp: () => performance.now() > deadline,
  });
  return game.formatMove(move, task.state);
}
