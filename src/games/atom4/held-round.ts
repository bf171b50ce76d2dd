/** Which finished round a viewer is still shown after another player opened the next one. */
import { roundStarter } from './board.ts';
import type { Atom4State } from './rules.ts';

/**
 * The finished round to show instead of the live board: someone else (the other player, or the
 * computer, which opens its rounds at once) started the next round before this viewer saw how the
 * last one ended. It stays until the viewer moves on (`seen`, the round they went to), and at most
 * until their first move of the new round. The web page and the terminal both hold a round by it.
 */
export function heldRound(
  state: Atom4State,
  seat: number | null | undefined,
  seen: number,
): Atom4State | null {
  const previous = state.previousRound;
  if (!previous || seen >= state.round) return null;
  // The opener said "next" themselves; the other player's first move of the round is ply 1.
  if (seat === roundStarter(state.round) - 1 || state.ply > 1) return null;
  return previous;
}
