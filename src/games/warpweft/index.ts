import type { Game, Outcome } from '../game.ts';
import { chooseMove } from './ai.ts';
import { evaluate } from './evaluate.ts';
import { formatMove, HELP, parseMove } from './notation.ts';
import {
  isSwapTurn,
  legalMoves,
  maxMoves,
  parseOptions,
  play,
  SIDE_NAMES,
  seatOfSide,
  setup,
  sideOfSeat,
  type WarpWeftMove,
  type WarpWeftOptions,
  type WarpWeftState,
} from './rules.ts';
import { boardText } from './text.ts';

export const warpweft: Game<WarpWeftOptions, WarpWeftState, WarpWeftMove> = {
  id: 'warpweft',
  title: 'Warp and Weft',
  parseOptions,
  seatCount: () => 2,
  maxMoves,
  seatName: (state, seat) => SIDE_NAMES[sideOfSeat(state, seat)],
  setup: (options) => setup(options),
  toMove: (state) => (state.result ? undefined : seatOfSide(state, state.turn)),
  queueRefusal(state, seat, moves) {
    // Every move is a turn, so a seat's k-th queued move comes due k full rounds from its next turn.
    const first = seatOfSide(state, state.turn) === seat ? state.ply : state.ply + 1;
    const late = moves.findIndex(
      (m, k) => m.kind === 'swap' && !isSwapTurn({ ...state, ply: first + 2 * k }),
    );
    if (late < 0) return null;
    return `queued move ${late + 1} (swap) would be move ${first + 2 * late + 1} of the game: swap is allowed only as the second move of the game`;
  },
  legalMoves,
  play,
  outcome(state): Outcome | undefined {
    if (!state.result) return undefined;
    const { winner, reason } = state.result;
    const loser = winner === 'warp' ? 'weft' : 'warp';
    return {
      kind: 'win',
      winner: seatOfSide(state, winner),
      reason:
        reason === 'connected'
          ? `${SIDE_NAMES[winner]} connected their sides`
          : `${SIDE_NAMES[loser]} has no valid play`,
    };
  },
  // Everything on the board is public.
  view: (state) => state,
  parseMove: (text, state) => parseMove(text, state.options),
  formatMove: (move, state) => formatMove(move, state.options),
  toText: (state, options) => boardText(state, { compact: options?.compact === true }),
  notation: HELP,
  ai: { chooseMove, evaluate },
};

export { chooseMove, playout, type SearchBudget } from './ai.ts';
export { ANALYSIS_PLAYOUTS } from './evaluate.ts';
export { WARPWEFT_LESSONS } from './lessons.ts';
export { formatMove, parseMove, pieceName } from './notation.ts';
export * from './rules.ts';
export { boardText, CLAIM_MARKS } from './text.ts';
