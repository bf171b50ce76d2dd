import { useEffect, useMemo, useState } from 'react';
import { isChallengeTo, isOwnChallenge } from '../../engine/index.ts';
import { navigate, onLinkClick } from '../router.ts';
import { useWebGames } from '../web-game.ts';
import { api, type GameShow, type GameType } from './api.ts';
import { RecentlyFinished } from './archive/RecentlyFinished.tsx';
import { ChallengeItem, type Withdraw } from './ChallengeItem.tsx';
import { TimeControlFields, TimeLimitNote, VacationPanel } from './Clock.tsx';
import { GameSelect } from './GameSelect.tsx';
import { LiveGames } from './LiveGames.tsx';
import { firstChoice, onlineTypes } from './lobby.ts';
import { NotificationSwitch, useNotices } from './notices.tsx';
import { OpenChallenges } from './OpenChallenges.tsx';
import { Standings } from './Standings.tsx';
import { useSession } from './session.tsx';

/** The lobby's online part: challenges, your games, a new challenge, games to watch, standings. */
export function OnlineLobby() {
  const { session } = useSession();
  const webGames = useWebGames();
  const [types, setTypes] = useState<GameType[]>([]);
  const { games: listed, problem: unlisted, reload: loadGames } = useNotices();
  const games = listed ?? [];
  const [error, setError] = useState('');
  const [declined, setProblem] = useState('');
  const problem = declined || unlisted;

  useEffect(() => {
    api<GameType[]>('GET', '/api/types')
      .then(setTypes)
      .catch((e: Error) => setError(`Online play is unavailable: ${e.message}.`));
  }, []);
  // New challenges and moves show up as the server's notices come (see ./notices.tsx).
  // Games played online can be challenged; the solo games are played on their own pages.
  const twoPlayer = useMemo(() => onlineTypes(types, webGames), [types, webGames]);

  if (error) return <p className="meta">{error}</p>;
  const challenges = session ? games.filter((g) => isChallengeTo(session.user, g)) : [];
  const mine = session ? games.filter((g) => isOwnChallenge(session.user, g)) : [];
  const others = games.filter((g) => !challenges.includes(g) && !mine.includes(g));
  const withdraw: Withdraw = async (id, how) => {
    setProblem('');
    try {
      await api('POST', `/api/games/${id}/${how}`, undefined, session);
      loadGames();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="online">
      <h2>Play online</h2>
      {!session && (
        <p className="meta">Log in (top right) to challenge people or the computer and to see your games.</p>
      )}
      {session && (
        <>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          {challenges.length > 0 && (
            <section aria-labelledby="challenges-title">
              <h3 id="challenges-title">Challenges</h3>
              <p className="meta">Accept to play; a declined game is void and never rated.</p>
              <ul className="game-list challenges">
                {challenges.map((g) => (
                  <ChallengeItem key={g.id} game={g} user={session.user} received withdraw={withdraw} />
                ))}
              </ul>
            </section>
          )}
          {mine.length > 0 && (
            <section aria-labelledby="own-challenges-title">
              <h3 id="own-challenges-title">Your challenges</h3>
              <p className="meta">
                Waiting for an answer; a cancelled challenge is void, as if never played.
              </p>
              <ul className="game-list own-challenges">
                {mine.map((g) => (
                  <ChallengeItem
                    key={g.id}
                    game={g}
                    user={session.user}
                    received={false}
                    withdraw={withdraw}
                  />
                ))}
              </ul>
            </section>
          )}
          <NotificationSwitch />
          <h3>Your games</h3>
          {others.length === 0 ? (
            <p className="meta">No games in progress.</p>
          ) : (
            <ul className="game-list">
              {others.map((g) => (
                <li key={g.id}>
                  <a href={`/game/${g.id}`} onClick={onLinkClick}>
                    {g.title} #{g.id}: {g.players.join(' vs ')}
                  </a>{' '}
                  <span className={g.toMove === session.user ? 'badge' : 'meta'}>
                    {g.toMove === session.user ? 'your move' : `${g.toMove} to move`}
                  </span>
                  <TimeLimitNote game={g} />
                </li>
              ))}
            </ul>
          )}
          <RecentlyFinished session={session} />
          <OpenChallenges types={twoPlayer} />
          <p>
            <a href="/tournaments" onClick={onLinkClick}>
              Tournaments
            </a>{' '}
            <span className="meta">· round robins and Swiss tournaments to enter</span>
          </p>
          <h3>Start a game</h3>
          <p className="meta">Challenge a person by their user id, or play the computer.</p>
          <ChallengeForm types={twoPlayer} />
          <h3>Vacation</h3>
          <VacationPanel session={session} />
        </>
      )}
      <LiveGames types={twoPlayer} />
      <Standings types={types} />
    </section>
  );
}

function ChallengeForm({ types }: { types: readonly GameType[] }) {
  const { session } = useSession();
  const games = useWebGames();
  const [chosen, setType] = useState<string | null>(null);
  const [opponent, setOpponent] = useState('computer');
  // Each game's options as last set, kept while another game is picked.
  const [optionsOf, setOptionsOf] = useState<Readonly<Record<string, unknown>>>({});
  const [error, setError] = useState('');
  const [timeControl, setTimeControl] = useState('none');
  if (!session) return null;
  const type = chosen ?? firstChoice(types);
  const form = games[type]?.online?.options;
  const options = form ? (Object.hasOwn(optionsOf, type) ? optionsOf[type] : form.initial) : undefined;
  const submit = async () => {
    setError('');
    try {
      const made = await api<GameShow>(
        'POST',
        '/api/games',
        { gameType: type, players: [session.user, opponent.trim().toLowerCase()], options, timeControl },
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
      <GameSelect label="Game" types={types} value={type} onChange={setType} />
      <label>
        Opponent
        <input
          aria-label="Opponent"
          value={opponent}
          onChange={(e) => setOpponent(e.target.value)}
          placeholder="a user id, or computer"
        />
      </label>
      {form && (
        <form.Fields value={options} onChange={(value) => setOptionsOf({ ...optionsOf, [type]: value })} />
      )}
      <TimeControlFields value={timeControl} onChange={setTimeControl} />
      <button type="submit">Challenge</button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
