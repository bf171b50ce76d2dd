/** Runs in a Piscina worker thread: one computer move, returned in the game's notation. */
import { type AnyGame, GAMES } from '../games/index.ts';
import { AIS } from './ais.ts';

export interface BotTask {
  readonly gameType: string;
  readonly state: unknown;
  readonly seed: number;
  readonly thinkMs: number;
}

export default function think(task: BotTask): string {
  const game = GAMES[task.gameType];
  if (!game) throw new Error(`no computer player for ${task.gameType}`);
  return thinkAs(game, task);
}

/** One computer move in `game` (a worker thread finds it in the registry; a test's own game is
 * passed here on the server's thread). */
export function thinkAs(game: AnyGame, task: BotTask): string {
  const ai = game.ai ? game.ai.chooseMove.bind(game.ai) : AIS[game.id];
  if (!ai) throw new Error(`no computer player for ${game.id}`);
  const deadline = performance.now() + task.thinkMs;
  const move = ai(task.state, { seed: task.seed, timeUp: () => performance.now() > deadline });
  return game.formatMove(move, task.state);
}
