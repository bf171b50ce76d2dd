/**
 * The archive at /games: a player's finished games (yours, or `?user=` another's), newest first,
 * a page at a time, of every game or of one; each opens in the replay viewer.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ArchivePage as Page } from '../../../api/index.ts';
import { api, type GameSummary, type GameType } from '../api.ts';
import { useSession } from '../session.tsx';
import { ArchiveRows } from './ArchiveList.tsx';
import './archive.css';

/** Games fetched per page. */
const PAGE = 20;

export function ArchivePage() {
  const { session } = useSession();
  const asked = new URLSearchParams(window.location.search).get('user');
  const user = asked ?? session?.user ?? null;
  const [types, setTypes] = useState<GameType[]>([]);
  const [type, setType] = useState('');
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [more, setMore] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    api<GameType[]>('GET', '/api/types').then(setTypes, () => undefined);
  }, []);
  const load = useCallback(
    (offset: number) => {
      if (!user) return;
      const query = `user=${encodeURIComponent(user)}&offset=${offset}&limit=${PAGE}${type ? `&type=${type}` : ''}`;
      api<Page>('GET', `/api/games/finished?${query}`).then(
        (page) => {
          setGames((held) => [...(offset === 0 ? [] : (held ?? [])), ...page.games]);
          setMore(page.more);
          setProblem('');
        },
        (e: Error) => setProblem(`Cannot list the finished games: ${e.message}.`),
      );
    },
    [user, type],
  );
  useEffect(() => load(0), [load]);

  if (!user)
    return (
      <section className="panel archive">
        <h1>Finished games</h1>
        <p className="meta">Log in (top right) to see the games you have finished.</p>
      </section>
    );
  const mine = user === session?.user;
  return (
    <section className="panel archive">
      <h1>{mine ? 'Your finished games' : `Finished games of ${user}`}</h1>
      <p className="meta">Newest first. Open a game to replay it move by move, or download its moves.</p>
      <label className="inline">
        Show{' '}
        <select aria-label="Finished games of" value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">every game</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {games === null ? (
        <p className="meta">Loading…</p>
      ) : games.length === 0 ? (
        <p className="meta">{mine ? 'You have' : `${user} has`} no finished games yet.</p>
      ) : (
        <ArchiveRows user={user} games={games} />
      )}
      {more && games && (
        <button type="button" className="secondary" onClick={() => load(games.length)}>
          Older games
        </button>
      )}
    </section>
  );
}
