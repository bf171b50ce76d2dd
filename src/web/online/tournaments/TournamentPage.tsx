/**
 * One tournament at /tournaments/<id>: its terms and entrants, entering and leaving before it
 * starts, the standings with their tie-breaks, the crosstable and each round's games, every game
 * linked to its replay.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatPoints as points, type TournamentView } from '../../../api/index.ts';
import { onLinkClick } from '../../router.ts';
import { api } from '../api.ts';
import { PlayerLink } from '../PlayerLink.tsx';
import { useSession } from '../session.tsx';
import { describeLine } from './TournamentsPage.tsx';
import './tournaments.css';

function Standings({ t }: { readonly t: TournamentView }) {
  return (
    <table className="tournament-table">
      <caption>Standings</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Player</th>
          <th scope="col">Points</th>
          <th scope="col">Played</th>
          <th scope="col">
            <abbr title="Sonneborn–Berger: the points of those you beat, and half of those you drew with">
              SB
            </abbr>
          </th>
          <th scope="col">
            <abbr title="Buchholz: the points of all your opponents">Buchholz</abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {t.standings.map((s) => (
          <tr key={s.player}>
            <td>{s.rank}</td>
            <td>
              <PlayerLink user={s.player} />
            </td>
            <td>{points(s.points)}</td>
            <td>{s.played}</td>
            <td>{points(s.sonnebornBerger)}</td>
            <td>{points(s.buchholz)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Crosstable({ t }: { readonly t: TournamentView }) {
  const { players, cells } = t.crosstable;
  return (
    <div className="crosstable-scroll">
      <table className="tournament-table crosstable">
        <caption>Crosstable (each row's score against each column)</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            {players.map((p, j) => (
              <th scope="col" key={p} title={p}>
                {j + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((p, i) => (
            <tr key={p}>
              <th scope="row">
                {i + 1}. {p}
              </th>
              {players.map((q, j) => (
                <td key={q} className={i === j ? 'self' : undefined}>
                  {(cells[i]?.[j] ?? []).map((c) => (
                    <a
                      key={c.gameId}
                      href={`/game/${c.gameId}`}
                      onClick={onLinkClick}
                      aria-label={`${p} against ${q}, round ${c.round}: ${c.score === null ? 'playing' : points(c.score)}`}
                    >
                      {c.score === null ? '*' : points(c.score)}
                    </a>
                  ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Rounds({ t }: { readonly t: TournamentView }) {
  return (
    <section aria-label="Rounds">
      {[...t.paired].reverse().map((r) => (
        <div key={r.round} className="tournament-round">
          <h3>
            Round {r.round}
            {r.deadline !== null && (
              <span className="meta"> · deadline {new Date(r.deadline).toLocaleDateString()}</span>
            )}
          </h3>
          <ul>
            {t.boards
              .filter((b) => b.round === r.round)
              .map((b) => (
                <li key={b.board}>
                  {b.second === null ? (
                    <span>
                      {b.first}: bye <span className="meta">(a point)</span>
                    </span>
                  ) : (
                    <a href={`/game/${b.gameId}`} onClick={onLinkClick}>
                      {b.first} – {b.second}:{' '}
                      {b.voided
                        ? 'void'
                        : b.firstScore === null
                          ? 'playing'
                          : `${points(b.firstScore)}–${points(1 - b.firstScore)}`}
                    </a>
                  )}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

export function TournamentPage({ id }: { readonly id: number }) {
  const { session } = useSession();
  const [t, setT] = useState<TournamentView | null>(null);
  const [problem, setProblem] = useState('');
  const load = useCallback(() => {
    api<TournamentView>('GET', `/api/tournaments/${id}`).then(
      (shown) => {
        setT(shown);
        setProblem('');
      },
      (e: Error) => setProblem(`Cannot show tournament ${id}: ${e.message}.`),
    );
  }, [id]);
  useEffect(load, [load]);

  const act = async (what: 'join' | 'leave') => {
    try {
      setT(await api<TournamentView>('POST', `/api/tournaments/${id}/${what}`, undefined, session));
      setProblem('');
    } catch (e) {
      setProblem(`Cannot ${what === 'join' ? 'enter' : 'leave'}: ${(e as Error).message}.`);
    }
  };

  if (!t)
    return (
      <section className="panel tournaments">
        <h1>Tournament {id}</h1>
        {problem ? (
          <p className="error" role="alert">
            {problem}
          </p>
        ) : (
          <p className="meta">Loading…</p>
        )}
      </section>
    );
  const entered = session !== null && t.entrants.includes(session.user);
  return (
    <section className="panel tournaments">
      <p className="meta">
        <a href="/tournaments" onClick={onLinkClick}>
          All tournaments
        </a>
      </p>
      <h1>{t.name}</h1>
      <p className="meta">
        {describeLine(t)} · created by {t.creator}
      </p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <p>
        Entrants ({t.entrants.length}/{t.maxPlayers}):{' '}
        {t.entrants.length === 0
          ? 'none yet'
          : t.entrants.map((p, i) => (
              <span key={p}>
                {i > 0 && ', '}
                <PlayerLink user={p} />
              </span>
            ))}
      </p>
      {t.state === 'open' &&
        (session ? (
          <button type="button" onClick={() => void act(entered ? 'leave' : 'join')}>
            {entered ? 'Leave' : 'Enter'}
          </button>
        ) : (
          <p className="meta">Log in (top right) to enter.</p>
        ))}
      {t.state !== 'open' && t.state !== 'cancelled' && (
        <>
          <Standings t={t} />
          <Crosstable t={t} />
          <Rounds t={t} />
        </>
      )}
    </section>
  );
}
