/** The games part of the store over the SQL surface: creating, loading and committing games, their logs, lists, chat and ratings. */

export { insertGame } from './challenges.ts';
export { sqlGameStore } from './game-store.ts';
