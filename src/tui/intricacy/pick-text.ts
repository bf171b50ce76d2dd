/** The terminal picker's words and highlights for a picking history: the status line, the blockage colours. */
import { type BlockageView, current, formatToolMove, type Picking } from '../../games/intricacy/index.ts';
import { count } from '../plural.ts';

/** "OPEN after 7 turns!", the replay's progress, or the turn shown with the last move. */
export function pickStatus(history: Picking, replaying: boolean): string {
  const state = current(history);
  const last = history.moves[history.at - 1];
  if (replaying) return `Replaying: turn ${history.at} of ${history.moves.length} (any key stops)`;
  if (state.opened) return `OPEN after ${count(state.turns, 'turn')}!`;
  const of = history.at < history.moves.length ? ` of ${history.moves.length}` : '';
  return `Turn ${history.at}${of}${last ? `, last ${formatToolMove(last)}` : ''}`;
}

/**
 * The blocked force's piece in orange-ish yellow, the blocking force's in purple (the original's
 * arrows), by piece index; a piece both blocked and blocking shows as blocked.
 */
export function blockageHighlights(blockages: readonly BlockageView[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const b of blockages) {
    // The frame is never highlighted: the whole lock body would light up.
    if (b.by && b.by.piece !== 0 && !out.has(b.by.piece)) out.set(b.by.piece, 'magenta');
    if (b.blocked.piece !== 0) out.set(b.blocked.piece, 'yellow');
  }
  return out;
}
