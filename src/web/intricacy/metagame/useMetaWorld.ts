import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  LockView,
  NotesPage,
  PlayersPage,
  ScorePage,
  WorldView,
} from '../../../games/intricacy/index.ts';
import { ApiError, type Session } from '../../online/api.ts';
import { metaApi } from './meta-api.ts';

/** Where each list of the page is: the first item shown (the server chooses how many). */
export interface Offsets {
  readonly players: number;
  readonly notes: number;
  readonly scores: number;
  readonly columns: number;
  readonly retired: number;
}

/** What the page shows: your own summary and one page of each list. */
export interface MetaWorld {
  readonly world: WorldView;
  readonly players: PlayersPage;
  /** The notes you have read (none for an outsider). */
  readonly notes: NotesPage | null;
  readonly scores: ScorePage;
  readonly retired: readonly LockView[];
}

const FIRST: Offsets = { players: 0, notes: 0, scores: 0, columns: 0, retired: 0 };
const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

/**
 * The metagame as one reader sees it, a page of each list at a time: refetched on `refresh()`
 * (after a change) and whenever a list turns to another page.
 */
export function useMetaWorld(session: Session | null) {
  const [shown, setShown] = useState<MetaWorld | null>(null);
  const [error, setError] = useState('');
  const [offsets, setOffsets] = useState<Offsets>(FIRST);

  // Fetches may overlap (a live notice and the refetch after an action, a logout, a page turned):
  // only the latest one's answer is shown, so an older world never replaces a newer one.
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const asked = ++latest.current;
    try {
      const [world, players, notes, scores, retired] = await Promise.all([
        metaApi.world(session),
        metaApi.players(session, offsets.players),
        session ? metaApi.notesRead(session, offsets.notes) : Promise.resolve(null),
        metaApi.scores(offsets.scores, offsets.columns),
        metaApi.retired(session, offsets.retired),
      ]);
      if (asked !== latest.current) return;
      setShown({ world, players, notes: world.viewer ? notes : null, scores, retired });
      setError('');
    } catch (e) {
      if (asked === latest.current) setError(`Could not load the metagame: ${messageOf(e)}`);
    }
  }, [session, offsets]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const turn = useCallback((list: keyof Offsets, offset: number) => {
    setOffsets((o) => ({ ...o, [list]: Math.max(0, offset) }));
  }, []);
  return { shown, error, setError, refresh, offsets, turn };
}
