/** Intricacy's lock-picking game: lock model, physics, lock files, colouring and solver. */
export * from './colouring.ts';
export * from './critic.ts';
export * from './curriculum.ts';
export * from './editing.ts';
export * from './game.ts';
export * from './lock.ts';
export * from './marks.ts';
export { compile, type Mechanism, toLock } from './mechanism.ts';
export * from './metagame.ts';
export * from './notation.ts';
export { type Blockage, type Force, Physics, type ToolMove } from './physics.ts';
export * from './picking.ts';
export * from './picking-actions.ts';
export * from './progress.ts';
export { type RandomLockOptions, randomLock } from './random.ts';
export * from './solver.ts';
export * from './text.ts';
export * from './validity.ts';
