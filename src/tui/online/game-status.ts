/** The online game screen's words and layout, as pure functions: whose turn, the link, what fits. */
import { resultText } from '../../api/index.ts';
import type { OnlineGame } from '../../engine/index.ts';
import type { LinkState } from './live.ts';

/** Whether it is my move now (not while my last one is on its way). */
export const isMyTurn = (state: OnlineGame, me: string): boolean =>
  state.status === 'active' && state.toMove === me && !state.pending;

/** Where the game stands for me, sitting at `seat` (-1: watching), naming the `players` by seat. */
export function turnWords(state: OnlineGame, me: string, seat: number, players: readonly string[]): string {
  if (state.status === 'void') return `${resultText({ ...state, players })}.`;
  if (state.status !== 'active') {
    const outcome = state.outcome;
    const mine =
      outcome?.kind === 'win' && outcome.winner !== undefined
        ? outcome.winner === seat
          ? ' You win!'
          : seat >= 0
            ? ' You lose.'
            : ''
        : '';
    return `Game over: ${resultText({ ...state, players })}.${mine}`;
  }
  if (state.pending) return 'Your move is on its way to the server...';
  return isMyTurn(state, me) ? 'YOUR MOVE.' : `${state.toMove ?? 'nobody'} to move.`;
}

/** A warning while the live link is not open, else nothing. */
export function linkWords(link: LinkState): string {
  if (link.kind === 'open') return '';
  return link.attempt === 0
    ? 'Connecting to the server for live moves...'
    : `Connection lost: reconnecting (attempt ${link.attempt}); the board may be behind.`;
}

/**
 * The lines that fit in `rows` around a board of `boardRows`, the least useful dropped first: the
 * status line always; then the board's column header, a line of its own for notes, the keys and
 * the title (a size-6 Warp and Weft board alone takes 23 rows).
 */
export function screenFit(rows: number, boardRows: number) {
  const room = rows - boardRows - 2;
  return { header: room >= 1, noteLine: room >= 2, keys: room >= 3, title: room >= 4 };
}
