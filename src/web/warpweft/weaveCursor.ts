/**
 * The keyboard cursor on the woven board, shared by the local and the online page: arrows move it
 * cell by cell (from the middle at first), Enter or Space claims the piece under it.
 */
import { weaveBoard } from '../../grid/index.ts';
import { arrowStep, isChooseKey } from '../arrowKeys.ts';

export interface Cursor {
  readonly col: number;
  /** 1 at the bottom, as in the piece names. */
  readonly row: number;
}

export type WeaveKeyAction = { readonly cursor: Cursor } | { readonly claim: number } | null;

/** What a key does on a board of the given size with the cursor where it is (null: not a cursor key). */
export function weaveCursorKey(key: string, cursor: Cursor | null, size: number): WeaveKeyAction {
  const board = weaveBoard(size);
  const span = board.span;
  if (isChooseKey(key)) {
    // The first press shows the cursor rather than claiming an unseen piece.
    return cursor ? { claim: board.pieceAt(cursor.col, cursor.row) } : { cursor: middle(span) };
  }
  const step = arrowStep(key);
  if (!step) return null;
  const c = cursor ?? middle(span);
  return {
    cursor: {
      col: Math.min(span - 1, Math.max(0, c.col + step[0])),
      row: Math.min(span, Math.max(1, c.row - step[1])),
    },
  };
}

const middle = (span: number): Cursor => ({ col: Math.floor(span / 2), row: Math.ceil(span / 2) });
