/**
 * The online game screen's preview, as pure functions: `v` asks the server for the board after the
 * move under the cursor (the move Enter would send) without playing it; the previewed board stays
 * on screen, marked as such, until any key.
 */
import type { Key } from 'ink';
import type { Cursor, Pad } from '../pad.ts';

export const PREVIEW_KEYS = 'v preview';

/** The move the preview key asks about: the one Enter would send at the cursor, or why there is none. */
export function previewMove(
  pad: Pad,
  input: string,
  view: unknown,
  cursor: Cursor,
  seat?: number,
): { move: string } | { message: string } | null {
  if (input !== 'v') return null;
  const asked = pad.onKey('', { return: true } as Key, view, cursor, seat);
  if (asked && ('move' in asked || 'message' in asked)) return asked;
  return { message: 'There is no move under the cursor to preview.' };
}

/** The note over a previewed board. */
export const previewNote = (moves: readonly string[]): string =>
  `Preview after ${moves.join(' ')}, not played: any key goes back to the live game.`;
