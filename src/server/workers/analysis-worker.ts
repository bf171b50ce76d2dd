/** Runs in a Piscina worker thread: one finished game analysed (src/games/analysis.ts). */
import { analyseMoves, type GameAnalysis } from '../../games/index.ts';
import { importGame } from './served-games.ts';

export interface AnalysisTask {
  /** The module exporting the served games as GAMES (see ../worker-games.ts). */
  readonly gamesModule: string;
  readonly gameType: string;
  /** The game's first position and its moves in notation. */
  readonly start: unknown;
  readonly moves: readonly string[];
}

export default async function analyse(task: AnalysisTask): Promise<GameAnalysis> {
  const game = await importGame(task.gamesModule, task.gameType);
  const analysis = analyseMoves(game, task.start, task.moves);
  if (!analysis.ok) throw new Error(analysis.error);
  return analysis.value;
}
