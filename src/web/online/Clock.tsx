/**
 * Correspondence clocks in the browser: each player's time on a timed game's page, the time left
 * in the lobby's list, the time control of a challenge, and the account's vacation. The words are
 * the wire contract's (src/api/clock.ts), as in the terminal and PBeM.
 */
import { useEffect, useState } from 'react';
import {
  clockAsOf,
  controlText,
  type GameClock,
  type GameShow,
  type GameSummary,
  momentText,
  seatClockText,
  timeLimitWords,
  type VacationState,
  vacationText,
} from '../../api/index.ts';
import { api, type Session } from './api.ts';

/** Re-render every minute: clocks count down. */
function useMinute(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A timed game's clocks, read again after every move (`moveCount`). */
export function GameClockPanel({
  id,
  moveCount,
  seatNames,
}: {
  id: number;
  moveCount: number;
  seatNames: readonly string[];
}) {
  const [clock, setClock] = useState<GameClock | null>(null);
  const now = useMinute();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after every move.
  useEffect(() => {
    let current = true;
    api<GameShow>('GET', `/api/games/${id}?limit=1`).then(
      (show) => current && setClock(show.clock ?? null),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id, moveCount]);
  if (!clock) return null;
  const shown = clockAsOf(clock, now);
  return (
    <section className="clock" aria-label="Clock">
      <p className="meta">{controlText(shown)}</p>
      <ul className="players">
        {seatNames.map((name, seat) => (
          <li key={name} className={seat === shown.toMove ? 'to-move' : ''}>
            {name}: {seatClockText(shown, seat)}
          </li>
        ))}
      </ul>
      {shown.deadline !== null && <p className="meta">Time runs out at {momentText(shown.deadline)}.</p>}
    </section>
  );
}

/** In a list: a timed game's control and how long the player to move has left. */
export function TimeLimitNote({ game }: { game: GameSummary }) {
  const now = useMinute();
  if (!game.timeLimit) return null;
  return <span className="meta"> · {timeLimitWords(game.timeLimit, now)}</span>;
}

const DAYS = ['none', '1', '2', '3', '5', '7', '14'] as const;
const BANKS = ['0', '3', '7', '14', '30'] as const;

/** The challenge form's time limit: days per move and a time bank, as `3d+7d` (or `none`). */
export function TimeControlFields({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const m = /^(\d+)d(?:\+(\d+)d)?$/.exec(value);
  const days = m?.[1] ?? 'none';
  const bank = m?.[2] ?? '0';
  const text = (d: string, b: string) => (d === 'none' ? 'none' : `${d}d${b === '0' ? '' : `+${b}d`}`);
  return (
    <>
      <label>
        Time limit
        <select value={days} onChange={(e) => onChange(text(e.target.value, bank))}>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d === 'none' ? 'none' : `${d} day${d === '1' ? '' : 's'} per move`}
            </option>
          ))}
        </select>
      </label>
      {days !== 'none' && (
        <label>
          Time bank
          <select aria-label="Time bank" value={bank} onChange={(e) => onChange(text(days, e.target.value))}>
            {BANKS.map((b) => (
              <option key={b} value={b}>
                {b === '0' ? 'none' : `up to ${b} days`}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}

/** The account's vacation: its days left, and a form to start one. */
export function VacationPanel({ session }: { session: Session }) {
  const [state, setState] = useState<VacationState | null>(null);
  const [days, setDays] = useState('7');
  const [error, setError] = useState('');
  useEffect(() => {
    api<VacationState>('GET', '/api/vacation', undefined, session).then(setState, (e: Error) =>
      setError(e.message),
    );
  }, [session]);
  if (!state) return error ? <p className="error">{error}</p> : null;
  const take = async () => {
    setError('');
    try {
      setState(await api<VacationState>('POST', '/api/vacation', { days: Number(days) }, session));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <form
      className="setup vacation"
      onSubmit={(e) => {
        e.preventDefault();
        void take();
      }}
    >
      <p className="meta">{vacationText(state)}</p>
      {state.until === null && state.daysLeft > 0 && (
        <>
          <label>
            Days
            <input
              aria-label="Vacation days"
              type="number"
              min={1}
              max={Math.min(30, state.daysLeft)}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </label>
          <button type="submit" className="small">
            Take a vacation
          </button>
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
