/** Worker threads: the fair pool, each thread's body (computer moves, analyses, password checks, lock checks), the games a thread loads, costly setups. */
export type { AnalysisTask } from './analysis-worker.ts';
export type { BotTask } from './bot-worker.ts';
export type { VerifyTask } from './intricacy-worker.ts';
export { derive, type PasswordTask } from './password-worker.ts';
export { createWorkerPool, WORKER_NICE } from './pool.ts';
export { type Games, servedGames } from './served-games.ts';
export { createSetups, type Setups } from './setups.ts';
