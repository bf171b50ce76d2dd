/** Runs in a Piscina worker thread: one computer move, returned in the game's notation. */
import { GAMES } from '../games/index.ts';
import { AIS } from './ais.ts';

export interface BotTask {
  readonly gameType: string;
  readonly state: unknown;
  readonly seed: number;
  readonly thinkMs: number;
}

export default function think(task: BotTask): string {
  const game = GAMES[task.gameType];
  const ai = AIS[task.gameType];
  if (!game || !ai) throw new Error(`no computer player for ${task.gameType}`);
  const deadline = performance.now() + task.thinkMs;
  const move = ai(task.state, { seed: task.seed, timeUp: () => performance.now() > deadline });
  return game.formatMove(move, task.state);
}
