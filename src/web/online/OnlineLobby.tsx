import { useEffect, useState } from 'react';
import { navigate, onLinkClick } from '../router.ts';
import { WarpWeftFields } from '../warpweft/WarpWeftFields.tsx';
import { api, type GameSummary } from './api.ts';
import { useSession } from './session.tsx';

interface GameType {
  readonly id: string;
  readonly title: string;
  readonly computer: boolean;
}
interface Standing {
  readonly user: string;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly provisional: boolean;
}

// Two-player games can be challenged; the solo games are played on their own pages.
const TWO_PLAYER = new Set(['warpweft', 'atom4']);

/** The lobby's online part: your games, a new challenge, standings. */
export function OnlineLobby() {
  const { session } = useSession();
  const [types, setTypes] = useState<GameType[]>([]);
  const [games, setGames] = useState<GameSummary[]>([]);
  const [standings, setStandings] = useState<Standing[]>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    api<GameType[]>('GET', '/api/types')
      .then((t) => setTypes(t.filter((g) => TWO_PLAYER.has(g.id))))
      .catch((e: Error) => setError(`Online play is unavailable: ${e.message}.`));
    api<Standing[]>('GET', '/api/ratings/warpweft')
      .then(setStandings)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!session) return;
    api<GameSummary[]>('GET', `/api/games?user=${encodeURIComponent(session.user)}&filter=active`)
      .then(setGames)
      .catch((e: Error) => setError(e.message));
  }, [session]);

  if (error) return <p className="meta">{error}</p>;
  return (
    <section className="online">
      <h2>Play online</h2>
      {!session && (
        <p className="meta">Log in (top right) to challenge people or the computer and to see your games.</p>
      )}
      {session && (
        <>
          <h3>Your games</h3>
          {games.length === 0 ? (
            <p className="meta">No games in progress.</p>
          ) : (
            <ul className="game-list">
              {games.map((g) => (
                <li key={g.id}>
                  <a href={`/game/${g.id}`} onClick={onLinkClick}>
                    {g.title} #{g.id}: {g.players.join(' vs ')}
                  </a>{' '}
                  <span className="meta">
                    {g.toMove === session.user ? '· your move' : `· ${g.toMove} to move`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <ChallengeForm types={types} />
        </>
      )}
      {standings.length > 0 && (
        <>
          <h3>Warp and Weft standings</h3>
          <table className="standings">
            <thead>
              <tr>
                <th>Player</th>
                <th>Rating</th>
                <th>Games</th>
                <th>Won</th>
                <th>Lost</th>
              </tr>
            </thead>
            <tbody>
              {standings.map((s) => (
                <tr key={s.user}>
                  <td>{s.user}</td>
                  <td>
                    {Math.round(s.rating)}
                    {s.provisional ? ' P' : ''}
                  </td>
                  <td>{s.games}</td>
                  <td>{s.wins}</td>
                  <td>{s.losses}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function ChallengeForm({ types }: { types: readonly GameType[] }) {
  const { session } = useSession();
  const [type, setType] = useState('warpweft');
  const [opponent, setOpponent] = useState('computer');
  const [size, setSize] = useState(4);
  const [variant, setVariant] = useState<'thread' | 'patch'>('thread');
  const [error, setError] = useState('');
  if (!session) return null;
  const submit = async () => {
    setError('');
    try {
      const options = type === 'warpweft' ? { size, variant } : undefined;
      const made = await api<{ id: number }>(
        'POST',
        '/api/games',
        { game: type, players: [session.user, opponent.trim().toLowerCase()], options },
        session,
      );
      navigate(`/game/${made.id}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <form
      className="setup"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        Game
        <select aria-label="Game" value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Opponent
        <input
          aria-label="Opponent"
          value={opponent}
          onChange={(e) => setOpponent(e.target.value)}
          placeholder="a user id, or computer"
        />
      </label>
      {type === 'warpweft' && (
        <WarpWeftFields
          size={size}
          variant={variant}
          onChange={(newSize, newVariant) => {
            setSize(newSize);
            setVariant(newVariant);
          }}
        />
      )}
      <button type="submit">Challenge</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
