/** The form that creates a tournament: game, format, players, rounds, time control, start. */
import { useEffect, useMemo, useState } from 'react';
import type { CreateTournamentBody, TournamentView } from '../../../api/index.ts';
import { navigate } from '../../router.ts';
import { useWebGames } from '../../web-game.ts';
import { api, type GameType } from '../api.ts';
import { GameSelect } from '../GameSelect.tsx';
import { onlineTypes } from '../lobby.ts';
import { useSession } from '../session.tsx';

const DAY_MS = 86_400_000;

export function CreateTournament({ onCreated }: { readonly onCreated: () => void }) {
  const { session } = useSession();
  const webGames = useWebGames();
  const [all, setAll] = useState<GameType[]>([]);
  // The games for two, as the challenge form offers them.
  const types = useMemo(() => onlineTypes(all, webGames), [all, webGames]);
  const [type, setType] = useState('');
  const [name, setName] = useState('');
  const [format, setFormat] = useState<'round-robin' | 'swiss'>('round-robin');
  const [players, setPlayers] = useState(4);
  const [rounds, setRounds] = useState(3);
  const [time, setTime] = useState('3d');
  const [rated, setRated] = useState(true);
  const [start, setStart] = useState('');
  const [deadline, setDeadline] = useState('');
  const [problem, setProblem] = useState('');

  useEffect(() => {
    api<GameType[]>('GET', '/api/types').then(setAll, () => undefined);
  }, []);
  useEffect(() => setType((held) => held || (types[0]?.id ?? '')), [types]);

  const submit = async () => {
    const body: CreateTournamentBody = {
      gameType: type,
      format,
      maxPlayers: players,
      timeControl: time,
      rated,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(format === 'swiss' ? { rounds } : {}),
      ...(start ? { startsAt: Date.parse(`${start}T00:00:00Z`) } : {}),
      ...(format === 'swiss' && deadline ? { roundDays: Number(deadline) } : {}),
    };
    try {
      const made = await api<TournamentView>('POST', '/api/tournaments', body, session);
      setProblem('');
      onCreated();
      navigate(`/tournaments/${made.id}`);
    } catch (e) {
      setProblem(`Cannot create it: ${(e as Error).message}.`);
    }
  };

  const today = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  return (
    <form
      className="tournament-form"
      aria-label="Create a tournament"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>Create a tournament</h2>
      <label>
        Name
        <input
          value={name}
          maxLength={60}
          placeholder="(the game and format)"
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <GameSelect label="Game" types={types} value={type} onChange={setType} />
      <label>
        Format
        <select
          aria-label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value as typeof format)}
        >
          <option value="round-robin">Round robin (everyone plays everyone)</option>
          <option value="swiss">Swiss (rounds by score)</option>
        </select>
      </label>
      <label>
        Players
        <input
          type="number"
          min={2}
          max={64}
          value={players}
          onChange={(e) => setPlayers(Number(e.target.value))}
        />
      </label>
      {format === 'swiss' && (
        <>
          <label>
            Rounds
            <input
              type="number"
              min={1}
              max={20}
              value={rounds}
              onChange={(e) => setRounds(Number(e.target.value))}
            />
          </label>
          <label>
            Round deadline (days, optional)
            <input
              type="number"
              min={1}
              max={60}
              value={deadline}
              onChange={(e) => setDeadline(e.target.value)}
            />
          </label>
        </>
      )}
      <label>
        Time control
        <select aria-label="Time control" value={time} onChange={(e) => setTime(e.target.value)}>
          {['1d', '2d', '3d', '5d', '7d', '3d+10d', '7d+14d', 'none'].map((t) => (
            <option key={t} value={t}>
              {t === 'none' ? 'no time limit' : t}
            </option>
          ))}
        </select>
      </label>
      <label>
        Start on (optional; otherwise when full)
        <input type="date" min={today} value={start} onChange={(e) => setStart(e.target.value)} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} /> Rated
      </label>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" disabled={!type}>
        Create
      </button>
    </form>
  );
}
