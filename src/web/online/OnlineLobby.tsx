import { useEffect, useMemo, useState } from 'react';
import { termsText } from '../../api/index.ts';
import { isChallengeTo, isOwnChallenge } from '../../engine/index.ts';
import { navigate, onLinkClick } from '../router.ts';
import { useWebGames } from '../web-game.ts';
import { api, type GameShow, type GameType } from './api.ts';
import { RecentlyFinished } from './archive/RecentlyFinished.tsx';
import { TimeControlFields, TimeLimitNote, VacationPanel } from './Clock.tsx';
import { GameSelect } from './GameSelect.tsx';
import { LiveGames } from './LiveGames.tsx';
import { firstChoice, onlineTypes } from './lobby.ts';
import { NotificationSwitch, useNotices } from './notices.tsx';
import { OpenChallenges } from './OpenChallenges.tsx';
import { PlayerLink } from './PlayerLink.tsx';
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
  const withdraw = async (id: number, how: 'decline' | 'cancel') => {
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
                {challenges.map((g) => {
                  const from = g.players.filter((p) => p !== session.user).join(', ');
                  return (
                    <li key={g.id}>
                      <span>
                        {g.title} #{g.id} from{' '}
                        {g.players
                          .filter((p) => p !== session.user)
                          .map((p) => (
                            <strong key={p}>
                              <PlayerLink user={p} />{' '}
                            </strong>
                          ))}
                        {g.toMove === session.user && <span className="badge">your move</span>}
                        <TimeLimitNote game={g} />
                        <span className="terms">{termsText(g, session.user)}</span>
                      </span>
                      <span className="buttons">
                        <button
                          type="button"
                          className="small"
                          aria-label={`Accept ${g.title} #${g.id} from ${from}`}
                          onClick={() => navigate(`/game/${g.id}`)}
                        >
                          Accept
                        </button>
                        <button
                          type="button"
                          className="small secondary"
                          aria-label={`Decline ${g.title} #${g.id} from ${from}`}
                          onClick={() => void withdraw(g.id, 'decline')}
                        >
                          Decline
                        </button>
                      </span>
                    </li>
                  );
                })}
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
                {mine.map((g) => {
                  const to = g.players.filter((p) => p !== session.user).join(', ');
                  return (
                    <li key={g.id}>
                      <span>
                        <a href={`/game/${g.id}`} onClick={onLinkClick}>
                          {g.title} #{g.id}
                        </a>{' '}
                        to{' '}
                        {g.players
                          .filter((p) => p !== session.user)
                          .map((p) => (
                            <strong key={p}>
                              <PlayerLink user={p} />{' '}
                            </strong>
                          ))}
                        <span className={g.toMove === session.user ? 'badge' : 'meta'}>
                          {g.toMove === session.user ? 'your move' : `waiting for ${g.toMove}`}
                        </span>
                        <TimeLimitNote game={g} />
                        <span className="terms">{termsText(g, session.user)}</span>
                      </span>
                      <span className="buttons">
                        <button
                          type="button"
                          className="small secondary"
                          aria-label={`Cancel ${g.title} #${g.id} to ${to}`}
                          onClick={() => void withdraw(g.id, 'cancel')}
                        >
                          Cancel
                        </button>
                      </span>
                    </li>
                  );
                })}
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
