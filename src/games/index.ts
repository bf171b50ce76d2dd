/** Every game Tessera hosts, by id. */
import { atom4 } from './atom4/index.ts';
import type { AnyGame } from './game.ts';
import { intricacy } from './intricacy/index.ts';
import { sigmar } from './sigmar/index.ts';
import { warpweft } from './warpweft/index.ts';

export const GAMES: Readonly<Record<string, AnyGame>> = {
  [atom4.id]: atom4,
  [intricacy.id]: intricacy,
  [sigmar.id]: sigmar,
  [warpweft.id]: warpweft,
};

export * from './game.ts';
