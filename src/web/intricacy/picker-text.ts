/** The words the picker shows for its state: the status line, the phase caption, the move list. */
import { current, formatToolMove, type Picking } from '../../games/intricacy/index.ts';
import { count } from '../plural.ts';

/** "Open! 12 turns." once open, otherwise the turn and the last move ("Turn 3, last hE."). */
export function statusText(picking: Picking): string {
  const state = current(picking);
  if (state.opened) return `Open! ${count(state.turns, 'turn')}.`;
  const last = picking.moves[picking.at - 1];
  return `Turn ${picking.at}${last ? `, last ${formatToolMove(last)}` : ''}.`;
}

/** What the caption above the board says while a turn's phases are shown (a space otherwise). */
export const phaseCaption = (phase: 1 | 2 | null): string =>
  phase === 1 ? 'Phase 1: the tools push' : phase === 2 ? 'Phase 2: the springs act' : ' ';

export interface MoveListEntry {
  readonly turn: number;
  readonly text: string;
  /** The turn shown, a turn undone (redo brings it back), or one before. */
  readonly when: 'current' | 'future' | 'past';
}

/** Every move of the history, by the turn it makes. */
export const moveListEntries = (picking: Picking): MoveListEntry[] =>
  picking.moves.map((m, i) => ({
    turn: i + 1,
    text: formatToolMove(m),
    when: i + 1 === picking.at ? 'current' : i + 1 > picking.at ? 'future' : 'past',
  }));
