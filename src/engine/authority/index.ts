/**
 * The one authority that makes moves true, the records it works on, the storage port it commits
 * through, and that port on memory for local play.
 */
export { type Answer, type Refusal, refuse } from './answer.ts';
export * from './authority.ts';
export * from './memory.ts';
export { staleMessage } from './moves.ts';
export { MAX_QUEUE } from './queue.ts';
export type * from './requests.ts';
export * from './takeback.ts';
export * from './turns.ts';
export * from './types.ts';
