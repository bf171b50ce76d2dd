/** Every game Tessera hosts, by id. */
import { atom4 } from './atom4/index.ts';
import type { AnyGame } from './game.ts';
import type { GameId } from './ids.ts';
import { intricacy } from './intricacy/index.ts';
import { sigmar } from './sigmar/index.ts';
import { warpweft } from './warpweft/index.ts';

/** Keyed by GAME_IDS: a game missing here, or here and not there, is a type error. */
export const GAMES: Readonly<Record<string, AnyGame>> = {
  atom4,
  intricacy,
  sigmar,
  warpweft,
} satisfies Record<GameId, AnyGame>;

/**
 * This module, which exports GAMES. A worker thread cannot be sent a game's functions, so it is
 * told the module to import instead; a caller serving other games names its own such module.
 */
export const GAMES_MODULE: string = import.meta.url;

export * from './analysis.ts';
export * from './courses.ts';
export * from './game.ts';
export * from './ids.ts';
export * from './lesson.ts';
