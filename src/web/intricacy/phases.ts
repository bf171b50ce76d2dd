/**
 * The two phases of a turn, for the animation: the lock after phase 1 (the tools' forces) and
 * before phase 2 (the springs' forces), as the physics engine reports it between the phases.
 */
import { compile, type Lock, Physics, type ToolMove, toLock } from '../../games/intricacy/index.ts';

/**
 * The lock between the two phases of `move`, or null when phase 2 has nothing to do (no spring
 * is stretched or compressed after phase 1).
 */
export function afterPhaseOne(lock: Lock, move: ToolMove): Lock | null {
  const { mechanism, config } = compile(lock);
  const physics = new Physics(mechanism);
  physics.annotate = false;
  let between: Int32Array | null = null;
  physics.onPhaseOne = (after) => {
    between = after.slice();
  };
  physics.turn(config, move);
  return between === null ? null : toLock(mechanism, between);
}

/** Whether two states of one lock have every piece in the same place. */
export const samePlaces = (a: Lock, b: Lock): boolean =>
  JSON.stringify(a.pieces) === JSON.stringify(b.pieces);

/**
 * The lock to show between the two phases of a turn just played (`before` → `after` by `move`),
 * or null when there is nothing worth a pause: no spring acts, or phase 2 moves nothing.
 */
export function betweenPhases(before: Lock, move: ToolMove, after: Lock): Lock | null {
  const between = afterPhaseOne(before, move);
  return between && !samePlaces(between, after) ? between : null;
}
