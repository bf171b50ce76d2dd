/** Every game Tessera hosts, by id. */
import type { AnyGame } from './game.ts';
import { warpweft } from './warpweft/index.ts';

export const GAMES: Readonly<Record<string, AnyGame>> = {
  [warpweft.id]: warpweft,
};

export * from './game.ts';
