import { useEffect } from 'react';
import type { Progress } from '../../games/intricacy/index.ts';
import { useSession } from '../online/session.tsx';
import { syncProgress } from './curriculum-data.ts';

/** Sync the progress when a page opens and at each login; `onSynced` gets the progress then. */
export function useProgressSync(
  onSynced: (progress: { solved: Progress; skipInitiation: boolean }) => void,
): void {
  const { session } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: synced again for each login only.
  useEffect(() => {
    let live = true;
    void syncProgress().then((progress) => {
      if (live && progress) onSynced(progress);
    });
    return () => {
      live = false;
    };
  }, [session?.token]);
}
