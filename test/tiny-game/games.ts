/**
 * Every game Tessera hosts plus Tiny Nim: what a test serves, and the module the server's worker
 * threads import to find the same games (a thread cannot be sent a game's functions).
 */
import { type AnyGame, GAMES as TESSERA_GAMES } from '../../src/games/index.ts';
import { tiny } from './rules.ts';

export const GAMES: Readonly<Record<string, AnyGame>> = { ...TESSERA_GAMES, tiny };

/** Pass as buildServer's `gamesModule`. */
export const GAMES_MODULE: string = import.meta.url;
