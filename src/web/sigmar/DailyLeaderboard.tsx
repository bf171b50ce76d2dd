/**
 * The daily board's leaderboard (`/sigmar/daily?date=YYYY-MM-DD`, today by default): the day's
 * cleared boards, fewest hints then fastest, and the week's totals; every result was proved by
 * the server replaying its moves and timed by the server's clock.
 */
import { useEffect, useState } from 'react';
import { type DailyBoard, type DailyWeek, hintsText, raceTime } from '../../api/index.ts';
import { api } from '../online/api.ts';
import { PlayerLink } from '../online/PlayerLink.tsx';
import { useSession } from '../online/session.tsx';
import { sentence } from '../sentence.ts';
import { todayUtc } from './boardAddress.ts';
import { leaderboardPath } from './dailyRace.ts';

const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The day the address asks for, if it is one; else today. */
function askedDay(): string {
  const asked = new URLSearchParams(window.location.search).get('date') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : todayUtc();
}

export function DailyLeaderboard() {
  const { session } = useSession();
  const [day] = useState(askedDay);
  const [board, setBoard] = useState<DailyBoard | null>(null);
  const [week, setWeek] = useState<DailyWeek | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    Promise.all([
      api<DailyBoard>('GET', `/api/daily/${day}`),
      api<DailyWeek>('GET', `/api/daily/week/${day}`),
    ])
      .then(([b, w]) => {
        if (!current) return;
        setBoard(b);
        setWeek(w);
      })
      .catch((e: Error) => current && setError(`${sentence(e.message)}.`));
    return () => {
      current = false;
    };
  }, [day]);
  const today = todayUtc();
  const me = session?.user;
  return (
    <section className="panel daily-leaderboard">
      <h1>Daily board of {day}</h1>
      <p className="meta">
        Sigmar's Garden's daily board is the same for everyone on a day (UTC). Logged in, you race it: the
        server times you from your first move, counts your hints, and records your place once it has replayed
        the moves that cleared the board. Fewest hints first, then fastest.{' '}
        <a href={`/sigmar?daily=${day}`}>Play this board</a>
      </p>
      <nav className="daily-days" aria-label="Other days">
        <a href={leaderboardPath(dayAfter(day, -1))}>← {dayAfter(day, -1)}</a>
        {day < today && <a href={leaderboardPath(dayAfter(day, 1))}>{dayAfter(day, 1)} →</a>}
        {day !== today && <a href={leaderboardPath(today)}>Today</a>}
      </nav>
      {error && <p className="error">{error}</p>}
      {board && (
        <>
          <p>
            {board.started} started, {board.cleared} cleared.
          </p>
          {board.places.length === 0 ? (
            <p className="meta">No one has cleared this board yet.</p>
          ) : (
            <PlacesTable caption="The day's places" className="daily-places" places={board.places} me={me} />
          )}
        </>
      )}
      {week && (
        <>
          <h2>
            The week {week.first} to {week.last}
          </h2>
          {week.places.length === 0 ? (
            <p className="meta">No board of that week has been cleared yet.</p>
          ) : (
            <PlacesTable
              caption="Boards cleared that week, then hints and time in all"
              className="daily-week"
              places={week.places}
              me={me}
            />
          )}
        </>
      )}
    </section>
  );
}

/** Places best first; a week's places also say how many boards each cleared. */
function PlacesTable({
  caption,
  className,
  places,
  me,
}: {
  caption: string;
  className: string;
  places: readonly (DailyBoard['places'][number] & { cleared?: number })[];
  me: string | undefined;
}) {
  const week = places.some((p) => p.cleared !== undefined);
  return (
    <div className="standings-table">
      <table className={`standings ${className}`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Player</th>
            {week && <th scope="col">Cleared</th>}
            <th scope="col">Hints</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {places.map((p) => (
            <tr key={p.user} className={p.user === me ? 'mine' : undefined}>
              <td>{p.place}</td>
              <td>
                <PlayerLink user={p.user} />
              </td>
              {week && <td>{p.cleared}</td>}
              <td>{hintsText(p.hints)}</td>
              <td>{raceTime(p.timeMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
