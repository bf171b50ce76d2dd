/**
 * Which marble a tap on the garden means. On a phone marbles are about 25 px apart, narrower than a
 * fingertip, so a touch that lands on a blocked marble or between marbles takes the nearest free
 * marble within `reach` of its centre; a free marble under the finger always wins.
 */
import { CELLS, type Cells, isFree } from '../../games/sigmar/index.ts';
import { hexToSvg } from '../../grid/index.ts';
import { nearestWithin } from '../touchTap.ts';

/** The hex size the board is drawn at (SVG units); neighbouring centres are √3 · SIZE apart. */
export const SIZE = 26;
export const SPACING = Math.sqrt(3) * SIZE;
/** Centre of each cell in SVG units. */
export const POSITIONS = CELLS.map((h) => hexToSvg(h, SIZE));
/** A free marble takes touches up to 0.9 of the spacing from its centre: about 23 px on a phone. */
export const TOUCH_REACH = 0.9 * SPACING;

export function marbleTapTarget(
  cells: Cells,
  under: number | null,
  tap: { x: number; y: number },
  reach = TOUCH_REACH,
): number | null {
  if (under !== null && isFree(cells, under)) return under;
  const free = CELLS.map((_, c) => c).filter((c) => cells[c] !== 0 && isFree(cells, c));
  const near = nearestWithin(
    free,
    (c) => {
      const p = POSITIONS[c] as { x: number; y: number };
      return Math.hypot(p.x - tap.x, p.y - tap.y);
    },
    reach,
  );
  return near ?? under;
}
