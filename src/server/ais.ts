/**
 * The computer opponents, one AI function per game type. A game with an entry here can be
 * challenged with the user id `computer`; its moves are computed in a worker thread
 * (./bot-worker.ts). To add one, import the game's AI and add a line:
 *
 *     atom4: chooseMove as BotAi,
 *
 * An AI takes the current state and a budget (a seed and a `timeUp` callback it must poll) and
 * returns one of the game's legal moves. The server sets the time per move (TESSERA_BOT_MS).
 */
import { DEFAULT_LEVEL as ATOM4_LEVEL, chooseMove as atom4Search } from '../games/atom4/ai.ts';
import { chooseMove as warpweftAi } from '../games/warpweft/ai.ts';

export interface BotBudget {
  readonly seed: number;
  readonly timeUp: () => boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: each game's AI takes its own state and move types.
export type BotAi = (state: any, budget: BotBudget) => unknown;

export const AIS: Readonly<Record<string, BotAi>> = {
  // Atom-4's search reports more than the move (score, depth); the server needs only the move.
  atom4: ((state, budget) => atom4Search(state, { level: ATOM4_LEVEL, ...budget }).move) as BotAi,
  warpweft: warpweftAi as BotAi,
};
