/**
 * Runs in a Piscina worker thread: replays a metagame solution on its lock (a replay of up to
 * MAX_SOLUTION_MOVES moves costs real time, so the server's event loop never does it).
 */
import type { Result } from '../games/game.ts';
import type { Lock } from '../games/intricacy/index.ts';
import { parseMoveList, verifySolution } from '../games/intricacy/index.ts';

export interface VerifyTask {
  /** A lock already checked for validity (the main thread reads it strictly first). */
  readonly lock: Lock;
  /** The solution in move notation, as the client sent it. The main thread has read it already;
   * it sends the text, whose copy to this thread costs microseconds, where a copy of the moves
   * themselves (2000 objects) took the event loop a millisecond. */
  readonly solution: string;
  /** The lock as the refusal names it ("the lock", "lock 12"). */
  readonly name: string;
}

export default function verify(task: VerifyTask): Result<number> {
  const moves = parseMoveList(task.solution);
  return moves.ok ? verifySolution(task.lock, moves.value, task.name) : moves;
}
