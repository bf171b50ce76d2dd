/**
 * Worker threads load their games from the registry (a function cannot be sent to a thread), so
 * a game served from elsewhere (a test's own game) has its heavy work done on the calling thread.
 */
import { type AnyGame, GAMES } from '../games/index.ts';

/** Can a worker thread find this very game by its id? */
export const workersKnow = (game: AnyGame): boolean =>
  Object.hasOwn(GAMES, game.id) && GAMES[game.id] === game;
