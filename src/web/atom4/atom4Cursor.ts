/**
 * The keyboard cursor on the Atom-4 lattice, shared by the local and the online page: arrows move
 * it point by point (up and down zig-zag along the offset rows), Enter or Space plays there.
 */
import { cellIndex } from '../../games/atom4/index.ts';
import { arrowStep, isChooseKey } from '../arrowKeys.ts';

const SIDE = 16;
/** Where the cursor appears first: the middle of the board, where play starts. */
export const CURSOR_START = cellIndex(8, 8);

export type Atom4KeyAction = { readonly cursor: number } | { readonly play: { x: number; y: number } } | null;

export function atom4CursorKey(key: string, cursor: number | null): Atom4KeyAction {
  if (isChooseKey(key)) {
    if (cursor === null) return { cursor: CURSOR_START };
    return { play: { x: cursor % SIDE, y: Math.floor(cursor / SIDE) } };
  }
  const step = arrowStep(key);
  if (!step) return null;
  const from = cursor ?? CURSOR_START;
  const x = Math.min(SIDE - 1, Math.max(0, (from % SIDE) + step[0]));
  const y = Math.min(SIDE - 1, Math.max(0, Math.floor(from / SIDE) + step[1]));
  return { cursor: cellIndex(x, y) };
}
