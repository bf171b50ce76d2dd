/** Open challenges as the server's `seeks` frames change a client's list, and their seats in words; both clients use it; pure. */
import type { FrameOf, SeekList, SeekView } from '../api/index.ts';

/**
 * The list after a frame: seeks removed, the viewer's own added to `mine`, others to `open`; and
 * whether the list must be fetched anew (a seek with a rating range, which only the server can
 * check against the viewer's rating).
 */
export function applySeeks(
  list: SeekList,
  frame: FrameOf<'seeks'>,
  me: string,
): { readonly list: SeekList; readonly refetch: boolean } {
  const gone = new Set(frame.removed);
  const keep = (s: SeekView) => !gone.has(s.id) && !frame.added.some((a) => a.id === s.id);
  const theirs = frame.added.filter((s) => s.user !== me);
  const refetch = theirs.some((s) => s.minRating !== null || s.maxRating !== null);
  return {
    list: {
      open: [
        ...list.open.filter(keep),
        ...theirs.filter((s) => s.minRating === null && s.maxRating === null),
      ],
      mine: [...list.mine.filter(keep), ...frame.added.filter((s) => s.user === me)],
    },
    refetch,
  };
}

/** Who moves first, in the lobby's words. */
export const seatWords = (seek: SeekView, me: string): string => {
  if (seek.seat === 'random') return 'seats drawn';
  const posterFirst = seek.seat === 'first';
  if (seek.user === me) return posterFirst ? 'you move first' : 'you move second';
  return posterFirst ? `${seek.user} moves first` : 'you move first';
};
