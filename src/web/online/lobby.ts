/** The online lobby's choices, apart from React. */
import type { GameId } from '../../games/index.ts';
import type { WebGames } from '../web-game.ts';
import type { GameType } from './api.ts';

/** The game the challenge form offers first, when the server has it. */
export const FIRST_CHALLENGE: GameId = 'warpweft';

/** The server's game types this client plays online (the others are played on their own pages). */
export const onlineTypes = (types: readonly GameType[], games: WebGames): GameType[] =>
  types.filter((t) => Object.hasOwn(games, t.id) && games[t.id]?.online !== undefined);

/** The game picked in the challenge form until the player picks another. */
export const firstChoice = (types: readonly GameType[]): string =>
  types.some((t) => t.id === FIRST_CHALLENGE) ? FIRST_CHALLENGE : (types[0]?.id ?? FIRST_CHALLENGE);
