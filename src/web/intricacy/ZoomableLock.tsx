import { useState } from 'react';

/** How wide a cell is drawn when zoomed: a comfortable fingertip target. */
const ZOOM_CELL_PX = 34;

/**
 * A lock drawing that can be zoomed past the screen's width and scrolled with a finger, so the
 * cells of a big lock stay tappable on a phone (size 11 has 14 px cells at 390 px wide). Zooming
 * never draws it smaller than it fits.
 */
export function ZoomableLock({ size, children }: { size: number; children: React.ReactNode }) {
  const [zoomed, setZoomed] = useState(false);
  // A lock of size s spans about 2s + 5 cells across, frame and margin included.
  const width = (2 * size + 5) * ZOOM_CELL_PX;
  return (
    <>
      <div
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
