/**
 * Which piece a tap on the woven board means. Pieces are small on a phone (a patch is one cell of
 * fifteen or more across the screen), so a touch picks the nearest piece that may be claimed now
 * when one lies within `reach` cells of the finger: every claimable piece gets a target of about
 * two cells or more, whatever its drawn size. A mouse is precise and always gets the piece under it.
 */
import type { WeaveBoard, WeavePiece } from '../../grid/index.ts';
import { nearestWithin } from '../touchTap.ts';

/**
 * Board coordinates in cell units: column c spans u ∈ [c, c + 1]; row r (1 at the bottom) spans
 * v ∈ [span + 1 − r, span + 2 − r], v growing downwards as on the screen.
 */
export interface BoardPoint {
  readonly u: number;
  readonly v: number;
}

/** How far (in cells) beyond a claimable piece's edge a touch still takes it. */
export const TOUCH_REACH = 0.8;

/** The piece covering the point, or -1 off the board. */
export function pieceUnder(board: WeaveBoard, p: BoardPoint): number {
  return board.pieceAt(Math.floor(p.u), board.span + 1 - Math.floor(p.v));
}

/** Distance from the point to the piece's cells (0 inside). */
export function distanceToPiece(board: WeaveBoard, piece: WeavePiece, p: BoardPoint): number {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const c of piece.cells) {
    left = Math.min(left, c.col);
    right = Math.max(right, c.col + 1);
    top = Math.min(top, board.span + 1 - c.row);
    bottom = Math.max(bottom, board.span + 2 - c.row);
  }
  const du = Math.max(left - p.u, 0, p.u - right);
  const dv = Math.max(top - p.v, 0, p.v - bottom);
  return Math.hypot(du, dv);
}

/** The piece a touch at `p` means: the claimable one under it or nearest within reach, else what is under it. */
export function tapTarget(
  board: WeaveBoard,
  claimable: ReadonlySet<number>,
  p: BoardPoint,
  reach = TOUCH_REACH,
): number {
  const under = pieceUnder(board, p);
  if (claimable.has(under)) return under;
  const near = nearestWithin(
    claimable,
    (id) => {
      const piece = board.pieces[id];
      return piece ? distanceToPiece(board, piece, p) : Infinity;
    },
    reach,
  );
  return near ?? under;
}
