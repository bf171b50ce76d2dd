import { useCallback, useEffect, useState } from 'react';
import { onLinkClick } from '../router.ts';
import { ago, api, type GameSummary, type GameType } from './api.ts';

/** How often the list refreshes itself while the lobby is open. */
const REFRESH_MS = 15_000;

/** Games being played on the server, most recently moved first: open one to watch it live. */
export function LiveGames({ types }: { types: readonly GameType[] }) {
  const [type, setType] = useState('');
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(() => {
    api<GameSummary[]>('GET', `/api/games/live${type ? `?type=${encodeURIComponent(type)}` : ''}`)
      .then((g) => {
        setGames(g);
        setError('');
      })
      .catch((e: Error) => setError(`Cannot list the games being played: ${e.message}.`));
  }, [type]);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <section className="live-games" aria-labelledby="live-games-title">
      <h3 id="live-games-title">Watch a game</h3>
      <div className="buttons">
        <label className="inline">
          Show
          <select aria-label="Games to watch" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">every game</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="small" onClick={load}>
          Refresh
        </button>
      </div>
      {error && <p className="error">{error}</p>}
      {games !== null &&
        (games.length === 0 ? (
          <p className="meta">Nobody is playing just now.</p>
        ) : (
          <ul className="game-list">
            {games.map((g) => (
              <li key={g.id}>
                <a href={`/game/${g.id}`} onClick={onLinkClick}>
                  {g.title} #{g.id}: {g.players.join(' vs ')}
                </a>{' '}
                <span className="meta">
                  · {g.moveCount === 1 ? '1 move' : `${g.moveCount} moves`} · {ago(g.updatedAt)}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
