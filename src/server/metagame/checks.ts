/** Solution checks: replays in worker threads, and how many one player and one address may have in progress. */
import { availableParallelism } from 'node:os';
import type { Result } from '../../games/game.ts';
import { HttpError } from '../http/index.ts';
import type { VerifyTask } from '../workers/index.ts';
import { createWorkerPool } from '../workers/index.ts';

/** Solutions one player may have waiting to be checked or being checked at once. */
export const CHECKS_PER_PLAYER = 4;
/** The same for one client address, whatever its accounts (several people may share one). A
 * check past it is refused before its caller is looked up or its lock read: a flood of
 * connections from one address, each with a check, would otherwise have the event loop read and
 * check every lock at once. */
export const CHECKS_PER_ADDRESS = 8;
export const playerRefusal = (n: number) =>
  `you already have ${n} solutions waiting to be checked; wait for their answers before sending more`;
export const addressRefusal = (n: number) =>
  `${n} solutions from your address are waiting to be checked already; wait for their answers before sending more`;

/**
 * Requests in progress by key (a client address, a player), at most `bound` at once: entering
 * with a key refuses a request past it at once, else gives the function that ends it. The check
 * queue bounds the jobs it holds, but a burst of requests all pass that bound while they are still
 * being read (none of them is queued yet): under a flood the event loop once read and validated
 * 64 locks in one go. Counting a request from its first step to its answer bounds that work too.
 */
export function inProgress(bound: number, refusal: (n: number) => string) {
  const counts = new Map<string, number>();
  return (key: string): (() => void) => {
    const n = counts.get(key) ?? 0;
    if (n >= bound) throw new HttpError('rate-limited', refusal(bound));
    counts.set(key, n + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    };
  };
}

/** Solution replays in worker threads, queued per client address and served in turn, at most
 * CHECKS_PER_PLAYER per player (codename) and CHECKS_PER_ADDRESS per address, and one client's
 * checks on one thread at a time. With two threads (on a machine with more than two cores) a
 * client flooding checks therefore never makes another's wait for one of its own to finish; on
 * two cores a second busy thread would take the CPU that answers every player's moves. */
export function solutionChecks(
  options: { readonly threads?: number; readonly run?: (task: VerifyTask) => Promise<Result<number>> } = {},
) {
  return createWorkerPool<VerifyTask, Result<number>>({
    filename: new URL('../workers/intricacy-worker.ts', import.meta.url),
    threads: options.threads ?? (availableParallelism() > 2 ? 2 : 1),
    runningPerTurn: 1,
    perAccount: CHECKS_PER_PLAYER,
    refusal: playerRefusal,
    perTurn: { jobs: CHECKS_PER_ADDRESS, refusal: addressRefusal },
    ...(options.run ? { run: options.run } : {}),
  });
}

export type SolutionChecks = ReturnType<typeof solutionChecks>;
