/**
 * Why a clicked (or tapped) piece cannot be claimed, said to a player who clicks: the rules' reason
 * and what to click instead. A typed move gets the rules' own sentence, which names the command.
 */
import {
  claimRefusal,
  type Mode,
  switchError,
  type WarpWeftState,
  warpweft,
} from '../../games/warpweft/index.ts';

/** What a player in `mode` may click, in words. */
function whatToClick(state: WarpWeftState, mode: Mode): string {
  const threadPrimary = state.options.variant === 'thread';
  const direction = state.turn === 'warp' ? 'vertical' : 'horizontal';
  if (mode === 'patches') return threadPrimary ? 'a free patch beside one of your threads' : 'any free patch';
  return threadPrimary
    ? `a free ${direction} thread`
    : `a free ${direction} thread beside one of your patches`;
}

export function clickRefusal(state: WarpWeftState, piece: number): string | null {
  const mode = state.modes[state.turn];
  const refused = claimRefusal(state, state.turn, mode, piece);
  if (!refused) return null;
  const name = warpweft.formatMove({ kind: 'place', piece }, state);
  const to = refused.switchTo;
  if (to) {
    const why = switchError(state, to);
    const then = why
      ? `you cannot switch now (${why}): click ${whatToClick(state, mode)}`
      : `press "Switch to ${to}", then click ${whatToClick(state, to)}`;
    return `${name}: ${refused.reason}; ${then}.`;
  }
  return `${name}: ${refused.reason}; click ${whatToClick(state, mode)} (outlined).`;
}
