/**
 * Solution verification for the metagame: replay the moves on the lock with the lock's physics
 * (the same turns as the lock-picking game, game.ts) and check that the lock opens. A replay costs
 * real time, so it is a separate step the caller runs (the server runs it in a worker thread)
 * before it changes the world.
 *
 * The world's actions (metagame-actions.ts) take a `Verifier` callback: tests and local play pass
 * `replayVerifier`, which replays there and then; a server that already ran `verifySolution` in a
 * worker passes `alreadyVerified`. A callback rather than a boolean makes the trust visible at
 * every call site and lets the cheap rule checks run first (see `canPlaceLock`, `canDeclare`).
 */
import { fail, ok, type Result } from '../game.ts';
import { isToolMove } from './game.ts';
import type { Lock } from './lock.ts';
import { compile } from './mechanism.ts';
import { parseMoveList } from './notation.ts';
import { Physics, type ToolMove } from './physics.ts';

/** Ours: a solution longer than this is refused unread (it bounds a replay's cost). */
export const MAX_SOLUTION_MOVES = 2000;

/** Checks that a solution opens a lock; ok carries nothing the caller needs. */
export type Verifier = (lock: Lock, solution: readonly ToolMove[]) => Result<unknown>;

/**
 * The number of moves when `solution` (untrusted) opens `lock` exactly at its last move; else why
 * not, naming the lock as `name`. Moves after the lock has opened are refused, so a stored
 * solution is never padded.
 */
export function verifySolution(lock: Lock, solution: unknown, name = 'the lock'): Result<number> {
  const shape = solutionShape(solution);
  return shape.ok ? replaySolution(lock, shape.value, name) : shape;
}

/** `verifySolution` for moves already checked for shape (`solutionShape`, `parseSolution`). */
export function replaySolution(lock: Lock, moves: readonly ToolMove[], name = 'the lock'): Result<number> {
  // The game's own `play` compiles the lock and draws it again every turn (its states are
  // immutable locks); a check of up to MAX_SOLUTION_MOVES turns compiles once and turns one
  // configuration in place, as the solver does: a tenth of the time, and little for the garbage
  // collector (which on a small machine takes CPU from the server's event loop).
  const { mechanism, config } = compile(lock);
  const physics = new Physics(mechanism);
  physics.annotate = false;
  let opened = false;
  for (const [i, move] of moves.entries()) {
    if (opened)
      return fail(
        `${name} is already open after move ${i}; ${i + 1 === moves.length ? `move ${i + 1} is` : `moves ${i + 1} to ${moves.length} are`} extra`,
      );
    opened = physics.turn(config, move);
  }
  if (!opened)
    return fail(
      `the solution does not open ${name}: after its ${moves.length} moves the bolt area is still not empty`,
    );
  return ok(moves.length);
}

/** An untrusted solution checked for shape only (a list of moves, not too long), without replay. */
export function solutionShape(solution: unknown): Result<ToolMove[]> {
  if (!Array.isArray(solution)) return fail('a solution must be a list of moves');
  if (solution.length === 0) return fail('the solution is empty: it has no moves');
  if (solution.length > MAX_SOLUTION_MOVES)
    return fail(`the solution has ${solution.length} moves, more than the ${MAX_SOLUTION_MOVES} allowed`);
  for (const [i, move] of solution.entries())
    if (!isToolMove(move)) return fail(`move ${i + 1} is not a move: ${JSON.stringify(move)}`);
  return ok(solution as ToolMove[]);
}

/** A solution in move notation, read and checked for shape (not yet replayed); a refusal names
 * the solution. */
export function parseSolution(text: string): Result<ToolMove[]> {
  const moves = parseMoveList(text);
  const shape = moves.ok ? solutionShape(moves.value) : moves;
  return shape.ok ? shape : fail(`the solution: ${shape.error}`);
}

/** Replays there and then (tests, local play). */
export const replayVerifier: Verifier = (lock, solution) => verifySolution(lock, solution);

/** For a caller that has already run `verifySolution` on exactly this lock and solution. */
export const alreadyVerified: Verifier = () => ok(true);
