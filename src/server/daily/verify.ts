/**
 * A daily result is only what a replay proves: the moves sent are played by the rules, one by one,
 * from that day's board (the same deal every client makes), and must leave the board cleared.
 */
import { fail, ok, type Result, replay } from '../../games/index.ts';
import { cellsOf, DEFAULT_OPTIONS, dailySeed, sigmar } from '../../games/sigmar/index.ts';

/** The day's board, dealt as every client deals it. */
export const dailyState = (day: string) => sigmar.setup(DEFAULT_OPTIONS, dailySeed(day));

/** The removals that cleared the board (undo and try again left out), or why the moves do not. */
export function verifyClear(day: string, moves: readonly string[]): Result<number> {
  if (moves.length === 0) return fail('no moves were sent: send every move that cleared the board');
  const played = replay(sigmar, DEFAULT_OPTIONS, dailySeed(day), moves);
  if (!played.ok) return fail(`the moves are not legal on the daily board of ${day}: ${played.error}`);
  const state = played.value;
  if (sigmar.outcome(state)?.kind !== 'win') {
    const left = Array.from(cellsOf(state))
      .slice(0, 91)
      .filter((k) => k !== 0).length;
    return fail(`these moves do not clear the daily board of ${day}: ${left} marbles are left`);
  }
  return ok(state.removed.length);
}
