/**
 * Runs in a Piscina worker thread: replays a metagame solution on its lock (a replay of up to
 * MAX_SOLUTION_MOVES moves costs real time, so the server's event loop never does it).
 */
import type { Result } from '../../games/game.ts';
import type { Lock } from '../../games/intricacy/index.ts';
import { parseSolution, replaySolution } from '../../games/intricacy/index.ts';

export interface VerifyTask {
  /** A lock already checked for validity (the main thread reads it strictly first). */
  readonly lock: Lock;
  /** The solution in move notation, as the client sent it, unread: this thread reads it. Read on
   * the event loop, a 2000-move solution cost a third of a millisecond, and its 2000 move objects,
   * alive while the check waited its turn, made each of the event loop's garbage collections
   * longer; the event loop reads a solution only once it has opened the lock. */
  readonly solution: string;
  /** The lock as the refusal names it ("the lock", "lock 12"). */
  readonly name: string;
}

export default function verify(task: VerifyTask): Result<number> {
  const moves = parseSolution(task.solution);
  return moves.ok ? replaySolution(task.lock, moves.value, task.name) : moves;
}
