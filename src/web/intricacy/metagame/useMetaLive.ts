import type { Session } from '../../online/api.ts';
import { useLive } from '../../online/live.ts';

/**
 * The metagame's live updates: subscribed to "intricacy"; every {"type":"intricacy"} frame (and
 * every reconnection, which may have missed some) calls `onChange`, which refetches the world.
 */
export function useMetaLive(session: Session | null, onChange: () => void): boolean {
  return useLive(
    'intricacy',
    session,
    () => ({ type: 'subscribe', metagame: 'intricacy' }),
    (frame) => {
      if (frame.type === 'intricacy') onChange();
    },
    onChange,
  ).connected;
}
