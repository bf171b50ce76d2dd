/**
 * The engine layer: the one authority that makes moves true, its storage port, local sessions,
 * ratings. Pure (no Node built-ins, no clock): the server runs it on the database, clients on
 * memory.
 */
export * from './authority/index.ts';
export * from './clock/index.ts';
export * from './game-notices.ts';
export * from './local-session.ts';
export * from './online-game.ts';
export * from './port/index.ts';
// The rules only, not the library that rates a game (./ratings/index.ts says why).
export * from './ratings/rules.ts';
export * from './replay.ts';
export * from './seek-list.ts';
export * from './takeback/index.ts';
