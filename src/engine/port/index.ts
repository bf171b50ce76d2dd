/**
 * The records the authority works on, its answers, and the storage port it commits through,
 * with that port on memory for local play.
 */
export { type Answer, ok, type Refusal, refuse } from './answer.ts';
export * from './memory.ts';
export * from './turns.ts';
export * from './types.ts';
