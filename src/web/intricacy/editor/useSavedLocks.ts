import { useEffect, useState } from 'react';
import type { ToolMove } from '../../../games/intricacy/index.ts';
import { useSession } from '../../online/session.tsx';
import { deleteSavedLock, savedLocks, saveLock, syncSavedLocks } from './saved.ts';

/**
 * The saved locks for a page, brought up to date with the account when the page opens and when
 * someone logs in; `note` says what could not be kept on the server.
 */
export function useSavedLocks() {
  const { session } = useSession();
  const [saved, setSaved] = useState(savedLocks);
  const [note, setNote] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: synced again for each login.
  useEffect(() => {
    let live = true;
    setSaved(savedLocks());
    void syncSavedLocks().then((problem) => {
      if (!live) return;
      setSaved(savedLocks());
      setNote(problem);
    });
    return () => {
      live = false;
    };
  }, [session?.token]);
  return {
    saved,
    note,
    async save(name: string, text: string, solution: readonly ToolMove[] | null): Promise<string> {
      const said = await saveLock(name, text, solution);
      setSaved(savedLocks());
      return said;
    },
    async remove(name: string): Promise<string | null> {
      const problem = await deleteSavedLock(name);
      setSaved(savedLocks());
      return problem;
    },
  };
}
