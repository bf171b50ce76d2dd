import { useLayoutEffect, useRef } from 'react';

/**
 * Keyboard shortcuts for a whole page, wherever the focus is, except while typing in a form
 * control (and Space/Enter on a focused button, which press it). The handler returns whether it
 * used the key; used keys do not scroll or type. The listener is attached as the page is
 * committed (a layout effect), so a key pressed as soon as the page shows is not lost.
 */
export function usePageKeys(handler: (event: KeyboardEvent) => boolean): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (
        target instanceof HTMLInputElement ||
        target instanceof HTMLSelectElement ||
        target instanceof HTMLTextAreaElement
      )
        return;
      if (target instanceof HTMLButtonElement && (event.key === ' ' || event.key === 'Enter')) return;
      if (latest.current(event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
