/**
 * The tournaments page at /tournaments: those open for entry, running and finished, and a form to
 * create one (a logged-in player).
 */
import { useCallback, useEffect, useState } from 'react';
import type { TournamentLine } from '../../../api/index.ts';
import { onLinkClick } from '../../router.ts';
import { api } from '../api.ts';
import { useSession } from '../session.tsx';
import { CreateTournament } from './CreateTournament.tsx';
import './tournaments.css';

const STATES = [
  ['open', 'Open for entry'],
  ['running', 'Under way'],
  ['finished', 'Finished'],
] as const;

export function describeLine(t: TournamentLine): string {
  const format = t.format === 'swiss' ? `Swiss, ${t.rounds} rounds` : 'round robin';
  const when =
    t.state === 'open'
      ? t.startsAt === null
        ? 'starts when full'
        : `starts ${new Date(t.startsAt).toLocaleDateString()}`
      : t.state === 'running'
        ? `round ${t.roundsPaired} of ${t.rounds}`
        : t.state;
  return `${t.title} · ${format} · ${t.players}/${t.maxPlayers} players · ${t.timeControl === 'none' ? 'no time limit' : t.timeControl}${t.rated ? ' · rated' : ''} · ${when}`;
}

export function TournamentsPage() {
  const { session } = useSession();
  const [lines, setLines] = useState<TournamentLine[] | null>(null);
  const [problem, setProblem] = useState('');
  const load = useCallback(() => {
    api<{ tournaments: TournamentLine[] }>('GET', '/api/tournaments').then(
      (r) => {
        setLines(r.tournaments);
        setProblem('');
      },
      (e: Error) => setProblem(`Cannot list the tournaments: ${e.message}.`),
    );
  }, []);
  useEffect(load, [load]);

  return (
    <section className="panel tournaments">
      <h1>Tournaments</h1>
      <p className="meta">
        Round robins and Swiss tournaments at correspondence pace: every game has its own clock. Enter one
        before it starts; it starts when full, or on its date.
      </p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {lines === null ? (
        <p className="meta">Loading…</p>
      ) : (
        STATES.map(([state, heading]) => {
          const these = lines.filter((t) => t.state === state);
          return (
            <section key={state} aria-label={heading}>
              <h2>{heading}</h2>
              {these.length === 0 ? (
                <p className="meta">None.</p>
              ) : (
                <ul className="tournament-list">
                  {these.map((t) => (
                    <li key={t.id}>
                      <a href={`/tournaments/${t.id}`} onClick={onLinkClick}>
                        {t.name}
                      </a>
                      <span className="meta"> {describeLine(t)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
      {session ? (
        <CreateTournament onCreated={load} />
      ) : (
        <p className="meta">Log in (top right) to create or enter a tournament.</p>
      )}
    </section>
  );
}
