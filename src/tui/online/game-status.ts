/** The online game screen's words and layout, as pure functions: whose turn, the link, what fits. */
import { type GameClock, resultText } from '../../api/index.ts';
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

/** How many screen lines `text` takes when wrapped at spaces to `columns`, as Ink wraps it. */
export function wrappedRows(text: string, columns: number): number {
  const width = Math.max(1, columns);
  let rows = 1;
  let used = 0;
  for (const word of text.split(' ')) {
    const needed = used === 0 ? word.length : used + 1 + word.length;
    if (needed <= width) used = needed;
    else {
      rows += used === 0 ? 0 : 1;
      // A word longer than the line is cut across lines.
      rows += Math.ceil(word.length / width) - 1;
      used = word.length % width || width;
    }
  }
  return rows;
}

/**
 * The lines that fit in `rows` around a board of `boardRows`, the least useful dropped first: the
 * status line always (`statusRows` lines once wrapped); then the board's column header
 * (`headerRows`, none on a board without one), a line of its own for notes, the keys (`keysRows`
 * lines) and the title (a size-6 Warp and Weft board alone takes 23 rows). One row stays free:
 * output as tall as the terminal would scroll it.
 */
export function screenFit(rows: number, boardRows: number, statusRows = 1, keysRows = 1, headerRows = 1) {
  let free = rows - 1 - boardRows - statusRows;
  const take = (n: number, allowed = true) => {
    if (!allowed || free < n) return false;
    free -= n;
    return true;
  };
  const header = take(headerRows);
  const noteLine = header && take(1);
  const keys = noteLine && take(keysRows);
  const title = keys && take(1);
  return { header, noteLine, keys, title };
}

/**
 * The clock to show: a game that is over runs nobody's time, even before the clock is read again
 * from the server (a resignation or a timeout arrives as a frame, with no move to refetch on).
 */
export const stoppedClock = (clock: GameClock, status: OnlineGame['status']): GameClock =>
  status === 'active' ? clock : { ...clock, toMove: null, deadline: null };
