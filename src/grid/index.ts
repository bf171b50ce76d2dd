export * from './hex.ts';
export * from './rng.ts';
export * from './tri.ts';
export * from './weave.ts';
