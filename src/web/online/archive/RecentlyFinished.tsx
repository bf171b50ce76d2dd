/** The lobby's "Recently finished": your last few finished games, read again whenever your list of
 * games changes (a game that ends leaves that list and shows up here). */
import { useEffect, useState } from 'react';
import type { ArchivePage } from '../../../api/index.ts';
import { onLinkClick } from '../../router.ts';
import { api, type GameSummary, type Session } from '../api.ts';
import { useNotices } from '../notices.tsx';
import { ArchiveRows } from './ArchiveList.tsx';
import './archive.css';

const RECENT = 5;

export function RecentlyFinished({ session }: { session: Session }) {
  const { games: active } = useNotices();
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const { user } = session;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the active games change
  useEffect(() => {
    let current = true;
    api<ArchivePage>('GET', `/api/games/finished?user=${encodeURIComponent(user)}&limit=${RECENT}`).then(
      (page) => current && setGames(page.games),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [user, active]);
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="recent-title" className="recently-finished">
      <h3 id="recent-title">Recently finished</h3>
      <ArchiveRows user={user} games={games} />
      <p className="meta">
        <a href="/games" onClick={onLinkClick}>
          All your finished games
        </a>
      </p>
    </section>
  );
}
