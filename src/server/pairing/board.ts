/**
 * The open list's live frames: seeks posted and removed in one turn of the event loop leave as
 * one `seeks` frame, the same object to every lobby (so each socket's format encodes it once).
 */
import type { SeekView, ServerFrame } from '../../api/index.ts';

export function seekBoard(sendAll: (frame: ServerFrame) => void) {
  let added = new Map<number, SeekView>();
  let removed = new Set<number>();
  let queued = false;

  const flush = () => {
    queued = false;
    if (added.size === 0 && removed.size === 0) return;
    const frame: ServerFrame = { type: 'seeks', added: [...added.values()], removed: [...removed] };
    added = new Map();
    removed = new Set();
    sendAll(frame);
  };

  return {
    change(change: { readonly added?: SeekView; readonly removed?: number }): void {
      if (change.added) {
        added.set(change.added.id, change.added);
        removed.delete(change.added.id);
      }
      if (change.removed !== undefined) {
        added.delete(change.removed);
        removed.add(change.removed);
      }
      if (!queued) {
        queued = true;
        setImmediate(flush);
      }
    },
  };
}
