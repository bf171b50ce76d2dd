/** The small SQL surface every part of the store is written over, and its two backends: node:sqlite and PostgreSQL. */
export * from './batcher.ts';
export type * from './db.ts';
export { pgSignals } from './pg-signals.ts';
export * from './postgres.ts';
export * from './sqlite.ts';
