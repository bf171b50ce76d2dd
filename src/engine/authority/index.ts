/** The one authority that makes moves true, over a storage port (../port/). */
export * from './authority.ts';
export { followMove } from './follow.ts';
export { staleMessage } from './moves.ts';
export { MAX_QUEUE } from './queue.ts';
export type * from './requests.ts';
