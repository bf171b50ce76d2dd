import { useEffect, useRef, useState } from 'react';

/** How wide a cell is drawn when zoomed: a comfortable fingertip target. */
const ZOOM_CELL_PX = 34;
/** Zoom is offered when it would draw the lock wider than a phone held upright. */
const MIN_ZOOM_WIDTH_PX = 420;

/**
 * A lock drawing that can be zoomed past the screen's width and scrolled with a finger, so the
 * cells of a big lock stay tappable on a phone (size 11 has 14 px cells at 390 px wide). Zooming
 * never draws it smaller than it fits.
 */
export function ZoomableLock({ size, children }: { size: number; children: React.ReactNode }) {
  const [zoomed, setZoomed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  // Zooming in starts at the middle of the lock.
  useEffect(() => {
    const el = frame.current;
    if (!zoomed || !el) return;
    el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
    el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
  }, [zoomed]);
  // A lock of size s spans about 2s + 5 cells across, frame and margin included.
  const width = (2 * size + 5) * ZOOM_CELL_PX;
  // A small lock's cells are already big enough on a phone: nothing to zoom.
  if (width <= MIN_ZOOM_WIDTH_PX) return children;
  return (
    <>
      <div
        ref={frame}
        className={`lock-scroll${zoomed ? ' zoomed' : ''}`}
        style={{ '--zoom-width': `${width}px` } as React.CSSProperties}
      >
        {children}
      </div>
      <button
        type="button"
        className="secondary zoom"
        aria-pressed={zoomed}
        onClick={() => setZoomed(!zoomed)}
        title={zoomed ? 'Fit the lock to the screen' : 'Draw the lock larger; scroll it with a finger'}
      >
        {zoomed ? 'Fit board' : 'Zoom board'}
      </button>
    </>
  );
}
