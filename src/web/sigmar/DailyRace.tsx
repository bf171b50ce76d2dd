/**
 * Today's daily board raced while logged in (./dailyRace.ts): the clock is started at the first
 * move, hints are counted by the server before they are shown, and clearing the board sends its
 * moves; the panel says the player's place and links to the day's leaderboard.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { hintsText, raceTime } from '../../api/index.ts';
import { sigmar } from '../../games/sigmar/index.ts';
import { useSession } from '../online/session.tsx';
import { onLinkClick } from '../router.ts';
import { sentence } from '../sentence.ts';
import { todayUtc } from './boardAddress.ts';
import { leaderboardPath, type RaceState, raceHint, raceMine, raceResult, raceStart } from './dailyRace.ts';
import type { PageGame } from './pageGame.ts';

const failure = (e: unknown): RaceState => ({
  kind: 'refused',
  error: e instanceof Error ? e.message : String(e),
});

/** The race on the page's board: its state, and the server's say before a hint is shown. */
export function useDailyRace(played: PageGame) {
  const { session } = useSession();
  const daily = played.board.daily;
  // The day is fixed when the board opens: a race begun before midnight (UTC) is finished after it.
  const date = useMemo(() => (session && daily === todayUtc() ? daily : null), [session, daily]);
  const [race, setRace] = useState<RaceState>({ kind: 'off' });
  const started = useRef<string | null>(null);
  const sent = useRef<string | null>(null);
  /** How many moves the page held when the board was last at its start with the race open:
   * the next move after them starts the clock. */
  const ready = useRef<number | null>(null);

  // What the server has of this player's race today (a reload, another device).
  useEffect(() => {
    started.current = null;
    ready.current = null;
    if (!date || !session) {
      setRace({ kind: 'off' });
      return;
    }
    let current = true;
    raceMine(date, session)
      .then(({ session: mine }) => {
        if (!current) return;
        if (mine) started.current = date;
        setRace(
          mine?.cleared
            ? { kind: 'recorded', session: mine, accepted: null }
            : { kind: 'open', session: mine },
        );
      })
      .catch((e: unknown) => current && setRace(failure(e)));
    return () => {
      current = false;
    };
  }, [date, session]);

  const moves = played.moves;
  const won = sigmar.outcome(played.state)?.kind === 'win';
  const atStart = played.state.removed.length === 0;
  useEffect(() => {
    // A race the server has not started begins from the board's start: moves made before (logged
    // out) were not timed, so the player goes back to the start first.
    if (started.current === date) return;
    if (race.kind === 'open' && !race.session && !atStart && ready.current === null)
      setRace({ kind: 'stale' });
    else if ((race.kind === 'open' || race.kind === 'stale') && atStart) {
      ready.current = moves.length;
      if (race.kind === 'stale') setRace({ kind: 'open', session: null });
    }
  }, [race, atStart, date, moves.length]);
  useEffect(() => {
    if (race.kind !== 'open' || !date || !session || moves.length === 0) return;
    if (started.current !== date && (ready.current === null || moves.length <= ready.current)) return;
    // The first move starts the server's clock; a cleared board sends its moves, once.
    const start = started.current !== date;
    const send = won && sent.current !== date;
    if (!start && !send) return;
    started.current = date;
    if (send) sent.current = date;
    (async () => {
      if (start) {
        const s = await raceStart(date, session);
        setRace((r) => (r.kind === 'open' ? { kind: 'open', session: s } : r));
      }
      if (!send) return;
      const accepted = await raceResult(date, moves, session);
      const { hints, timeMs } = accepted.result;
      setRace({ kind: 'recorded', accepted, session: { date, startedAt: 0, hints, cleared: true, timeMs } });
    })().catch((e: unknown) => {
      sent.current = null;
      setRace(failure(e));
    });
  }, [race.kind, date, session, moves, won]);

  /** Null when the hint may be shown (counted by the server first), else why not. */
  const beforeHint = async (): Promise<string | null> => {
    if (race.kind !== 'open' || !date || !session) return null;
    try {
      started.current = date;
      const counted = await raceHint(date, session);
      setRace({ kind: 'open', session: counted });
      return null;
    } catch (e) {
      return sentence(e instanceof Error ? e.message : String(e));
    }
  };
  return { race, racing: race.kind === 'open', beforeHint };
}

/** The race in words beside the board, with the link to the day's leaderboard. */
export function DailyRacePanel({ race, daily }: { race: RaceState; daily: string | null }) {
  const { session } = useSession();
  if (session ? race.kind === 'off' : daily !== todayUtc()) return null;
  const link = (
    <a href={leaderboardPath(daily ?? todayUtc())} onClick={onLinkClick}>
      Today's leaderboard
    </a>
  );
  let text: string;
  if (!session) text = 'Log in to race this board: your time and place go on the leaderboard.';
  else if (race.kind === 'refused') text = `Your result was not recorded: ${race.error}.`;
  else if (race.kind === 'recorded') {
    const s = race.session;
    const placed = race.accepted
      ? `You placed ${race.accepted.result.place} of ${race.accepted.board.cleared}`
      : 'You have cleared this board';
    text = `${placed}: ${raceTime(s.timeMs ?? 0)}, ${hintsText(s.hints)}.`;
  } else if (race.kind === 'stale')
    text = 'Try Again to race this board from its start: moves made before you logged in were not timed.';
  else if (race.kind === 'open' && race.session)
    text = `Racing: your clock started at your first move. Hints so far: ${race.session.hints}.`;
  else text = 'Racing: your clock starts at your first move; hints are counted.';
  return (
    <p className={`daily-race${race.kind === 'refused' ? ' error' : ''}`} role="status">
      {text} {link}
    </p>
  );
}
