/** Games their players entered beforehand (../../engine/port/types.ts, GameRecord's `binding`). */

/** Migration 24: the flag, set on the games of every tournament already paired. */
export const BINDING_MIGRATION = {
  version: 24,
  statements: [
    'ALTER TABLE games ADD COLUMN binding INTEGER NOT NULL DEFAULT 0',
    'UPDATE games SET binding = 1 WHERE id IN (SELECT game_id FROM tournament_games WHERE game_id IS NOT NULL)',
  ],
};
