/**
 * Runs in a Piscina worker thread: replays a metagame solution on its lock (a replay of up to
 * MAX_SOLUTION_MOVES moves costs real time, so the server's event loop never does it).
 */
import type { Result } from '../games/game.ts';
import type { Lock } from '../games/intricacy/index.ts';
import { verifySolution } from '../games/intricacy/index.ts';

export interface VerifyTask {
  /** A lock already checked for validity (the main thread reads it strictly first). */
  readonly lock: Lock;
  readonly solution: unknown;
}

export default function verify(task: VerifyTask): Result<number> {
  return verifySolution(task.lock, task.solution);
}
