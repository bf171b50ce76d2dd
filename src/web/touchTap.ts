/**
 * Finger-friendly taps on SVG boards. A finger covers more than a small piece on a phone, so a
 * touch takes the nearest piece that can be played within a reach of where it landed; a mouse is
 * precise and gets exactly what is under it. Used by the Warp and Weft, Atom-4 and Sigmar boards.
 */
import { useRef } from 'react';

/** The candidate nearest by `distance`, if one lies within `reach` (ties go to the first). */
export function nearestWithin<T>(
  candidates: Iterable<T>,
  distance: (candidate: T) => number,
  reach: number,
): T | undefined {
  let best: T | undefined;
  let bestDistance = reach;
  for (const c of candidates) {
    const d = distance(c);
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Tells, in an SVG board's click handler, whether the click came from a finger (or pen) and where it
 * landed in the drawing's own coordinates. Spread `onPointerDown` on the <svg>. A click from a mouse,
 * the keyboard or assistive technology (no position) gives null: take the element clicked.
 */
export function useTouchPoint(): {
  readonly onPointerDown: (event: React.PointerEvent) => void;
  readonly touchPoint: (event: React.MouseEvent<SVGSVGElement>) => { x: number; y: number } | null;
} {
  const pointer = useRef('mouse');
  return {
    onPointerDown: (event) => {
      pointer.current = event.pointerType;
    },
    touchPoint: (event) => {
      const ctm = event.currentTarget.getScreenCTM();
      if (pointer.current === 'mouse' || event.detail === 0 || !ctm) return null;
      const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
      return { x: p.x, y: p.y };
    },
  };
}
