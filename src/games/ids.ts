/**
 * The id of every game Tessera hosts, declared once. A module of its own so that listing the
 * games (the command line's help) loads none of their rules.
 */
export const GAME_IDS = ['atom4', 'intricacy', 'sigmar', 'warpweft'] as const;

export type GameId = (typeof GAME_IDS)[number];
