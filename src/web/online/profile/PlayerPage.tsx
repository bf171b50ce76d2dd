import { type FormEvent, useEffect, useState } from 'react';
import { COMPUTER_USER, type HeadToHead, type Profile, type RatingHistory } from '../../../api/index.ts';
import { onLinkClick } from '../../router.ts';
import { ago, api, type GameSummary } from '../api.ts';
import { BlockButton } from '../Blocks.tsx';
import { PlayerLink } from '../PlayerLink.tsx';
import { RatingCells, RatingNote } from '../Standings.tsx';
import { useSession } from '../session.tsx';
import './profile.css';
import { DailyStreak } from './DailyStreak.tsx';
import { byGameType, gameResult, opponentsOf, recordText } from './profile.ts';
import { RatingChart } from './RatingChart.tsx';

/** The server's refusal as a sentence of its own. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/**
 * A player's page (`/player/<id>`): their rating in each game with its history as a chart, their
 * latest games, and their record against another player (`?vs=<id>`, by default the visitor).
 * Loaded only when opened, with the charting library.
 */
export default function PlayerPage({ user }: { user: string }) {
  const { session } = useSession();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [history, setHistory] = useState<RatingHistory | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    setProfile(null);
    setError('');
    Promise.all([
      api<Profile>('GET', `/api/players/${user}`),
      api<RatingHistory>('GET', `/api/players/${user}/history`),
    ])
      .then(([p, h]) => {
        if (!current) return;
        setProfile(p);
        setHistory(h);
      })
      .catch((e: Error) => current && setError(sentence(e.message)));
    return () => {
      current = false;
    };
  }, [user]);

  if (error) {
    return (
      <section className="panel">
        <h1>{user}</h1>
        <p className="error">{error}</p>
      </section>
    );
  }
  if (!profile || !history) return <section className="panel">Loading {user}’s profile…</section>;
  const histories = byGameType(history.points);
  return (
    <section className="panel profile">
      <h1>{profile.user}</h1>
      <p className="meta">
        Playing here since {new Date(profile.since).toLocaleDateString()}
        {session?.user === profile.user ? ' (you)' : ''}.
      </p>
      {session && session.user !== profile.user && profile.user !== COMPUTER_USER && (
        <BlockButton user={profile.user} />
      )}
      <h2>Ratings</h2>
      {profile.ratings.length === 0 ? (
        <p>No rated games yet.</p>
      ) : (
        <>
          <table className="standings profile-ratings">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Rating</th>
                <th scope="col">Games</th>
                <th scope="col">Won</th>
                <th scope="col">Lost</th>
                <th scope="col">Drawn</th>
              </tr>
            </thead>
            <tbody>
              {profile.ratings.map((r) => (
                <tr key={r.gameType}>
                  <th scope="row">{r.title}</th>
                  <RatingCells record={r} />
                </tr>
              ))}
            </tbody>
          </table>
          <RatingNote />
          <div className="rating-charts">
            {profile.ratings.map((r) => {
              const points = histories.get(r.gameType);
              return points ? <RatingChart key={r.gameType} title={r.title} points={points} /> : null;
            })}
          </div>
        </>
      )}
      <DailyStreak user={profile.user} />
      <h2>Recent games</h2>
      <GameList games={profile.recent} user={profile.user} empty="No games yet." />
      <Versus user={profile.user} />
    </section>
  );
}

function GameList({ games, user, empty }: { games: readonly GameSummary[]; user: string; empty: string }) {
  if (games.length === 0) return <p className="meta">{empty}</p>;
  return (
    <ul className="game-list">
      {games.map((g) => (
        <li key={g.id}>
          <a href={`/game/${g.id}`} onClick={onLinkClick}>
            {g.title} #{g.id}
          </a>
          {opponentsOf(g, user).map((o) => (
            <span key={o}>
              {' '}
              vs <PlayerLink user={o} />
            </span>
          ))}{' '}
          <span className="meta">
            · {gameResult(g, user)} · {ago(g.updatedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The opponent asked for in the address (`?vs=`), if any. */
const vsInAddress = () => new URLSearchParams(window.location.search).get('vs') ?? '';

/** The player's record against another, chosen by name (the visitor's own by default). */
function Versus({ user }: { user: string }) {
  const { session } = useSession();
  const mine = session && session.user !== user ? session.user : '';
  const [other, setOther] = useState(() => vsInAddress() || mine);
  const [typed, setTyped] = useState(other);
  const [record, setRecord] = useState<HeadToHead | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    setRecord(null);
    setError('');
    if (!other) return;
    api<HeadToHead>('GET', `/api/players/${user}/versus/${encodeURIComponent(other)}`)
      .then((r) => current && setRecord(r))
      .catch((e: Error) => current && setError(sentence(e.message)));
    return () => {
      current = false;
    };
  }, [user, other]);
  const compare = (event: FormEvent) => {
    event.preventDefault();
    const name = typed.trim();
    setOther(name);
    window.history.replaceState(
      null,
      '',
      name ? `/player/${user}?vs=${encodeURIComponent(name)}` : `/player/${user}`,
    );
  };
  return (
    <section aria-labelledby="versus-title">
      <h2 id="versus-title">Head to head</h2>
      <form className="versus-form" onSubmit={compare}>
        <label>
          {user} against
          <input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="user id"
            maxLength={20}
            autoCapitalize="none"
          />
        </label>
        <button type="submit">Compare</button>
      </form>
      {error && <p className="error">{error}</p>}
      {record && (
        <div className="versus">
          {record.records.length === 0 ? (
            <p>
              {record.user} and <PlayerLink user={record.opponent} /> have not finished a game together yet.
            </p>
          ) : (
            <ul>
              {record.records.map((r) => (
                <li key={r.gameType}>
                  {r.title}: {record.user} {recordText(r)} against <PlayerLink user={record.opponent} />
                </li>
              ))}
            </ul>
          )}
          {record.recent.length > 0 && <GameList games={record.recent} user={record.user} empty="" />}
        </div>
      )}
    </section>
  );
}
