/**
 * The engine layer: the one authority that makes moves true, its storage port, local sessions,
 * ratings. Pure (no Node built-ins, no clock): the server runs it on the database, clients on
 * memory.
 */
export { type Answer, type Refusal, refuse } from './answer.ts';
export * from './authority.ts';
export * from './clock.ts';
export * from './game-notices.ts';
export * from './local-session.ts';
export * from './memory.ts';
export * from './online-game.ts';
export * from './ratings.ts';
export * from './replay.ts';
export * from './takeback.ts';
export * from './turns.ts';
export * from './types.ts';
