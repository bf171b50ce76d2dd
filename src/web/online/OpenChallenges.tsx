/**
 * Open challenges in the lobby: the list of those you may take (kept current by the server's
 * `seeks` frames), yours with Cancel, "Play someone" (a game and a pace) and a form to post one.
 */
import { useCallback, useEffect, useState } from 'react';
import type { QuickAnswer, SeekList, SeekView } from '../../api/index.ts';
import { seekOptionsText } from '../../api/index.ts';
import { applySeeks, formatRating, seatWords } from '../../engine/index.ts';
import { navigate } from '../router.ts';
import { useWebGames } from '../web-game.ts';
import { api, type GameShow, type GameType } from './api.ts';
import { TimeControlFields } from './Clock.tsx';
import { GameSelect } from './GameSelect.tsx';
import { firstChoice } from './lobby.ts';
import { useNotices } from './notices.tsx';
import { PlayerLink } from './PlayerLink.tsx';

import { useSession } from './session.tsx';

const PACES = ['1d', '2d', '3d', '5d', '7d', '14d'] as const;
const said = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Terms({ seek, me }: { seek: SeekView; me: string }) {
  const options = seekOptionsText(seek);
  const range =
    seek.minRating === null && seek.maxRating === null
      ? ''
      : ` · ratings ${seek.minRating ?? 'any'}–${seek.maxRating ?? 'any'}`;
  return (
    <span>
      <strong>{seek.title}</strong>
      {options && ` (${options})`}
      <span className="meta">
        {' '}
        · {seek.timeControl === 'none' ? 'no clock' : `${seek.timeControl} per move`} ·{' '}
        {seek.rated ? 'rated' : 'unrated'} · {seatWords(seek, me)}
        {range}
      </span>
    </span>
  );
}

export function OpenChallenges({ types }: { types: readonly GameType[] }) {
  const { session } = useSession();
  const { onSeeks } = useNotices();
  const [list, setList] = useState<SeekList>({ open: [], mine: [] });
  const [problem, setProblem] = useState('');
  const me = session?.user ?? '';

  const load = useCallback(() => {
    api<SeekList>('GET', '/api/seeks', undefined, session ?? undefined).then(setList, (e: Error) =>
      setProblem(e.message),
    );
  }, [session]);
  useEffect(load, [load]);
  useEffect(
    () =>
      onSeeks((frame) => {
        if (frame === null) return load();
        let refetch = false;
        setList((l) => {
          const next = applySeeks(l, frame, me);
          refetch = next.refetch;
          return next.list;
        });
        if (refetch) load();
      }),
    [onSeeks, load, me],
  );

  const act = async (run: () => Promise<void>) => {
    setProblem('');
    try {
      await run();
    } catch (e) {
      setProblem(said(e));
    }
  };
  const take = (seek: SeekView) =>
    act(async () => {
      const game = await api<GameShow>('POST', `/api/seeks/${seek.id}/take`, {}, session ?? undefined);
      navigate(`/game/${game.id}`);
    });
  const cancel = (seek: SeekView) =>
    act(async () => {
      await api('DELETE', `/api/seeks/${seek.id}`, undefined, session ?? undefined);
      setList((l) => ({ ...l, mine: l.mine.filter((s) => s.id !== seek.id) }));
    });

  // One that expired while the page was open is no longer offered (expiry is not announced).
  const now = Date.now();
  const open = list.open.filter((s) => s.expiresAt > now);
  return (
    <section aria-labelledby="seeks-title">
      <h3 id="seeks-title">Open challenges</h3>
      <p className="meta">
        Anyone may take one: the game begins at once. Yours stay open for a week, five at most.
      </p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {open.length === 0 ? (
        <p className="meta">No open challenges you can take right now.</p>
      ) : (
        <ul className="game-list challenges seeks">
          {open.map((seek) => (
            <li key={seek.id}>
              <Terms seek={seek} me={me} />
              <span>
                <PlayerLink user={seek.user} /> <span className="meta rating">({formatRating(seek)})</span>
              </span>
              {session && (
                <button
                  type="button"
                  className="small"
                  aria-label={`Take ${seek.title} from ${seek.user}`}
                  onClick={() => void take(seek)}
                >
                  Take
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.mine.length > 0 && (
        <>
          <h3>Your open challenges</h3>
          <ul className="game-list challenges seeks">
            {list.mine.map((seek) => (
              <li key={seek.id}>
                <Terms seek={seek} me={me} />
                <span className="meta">waiting for someone to take it</span>
                <button
                  type="button"
                  className="small secondary"
                  aria-label={`Cancel your open ${seek.title} challenge`}
                  onClick={() => void cancel(seek)}
                >
                  Cancel
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {session && <PlaySomeone types={types} onPosted={load} />}
      {session && <PostSeek types={types} onPosted={load} />}
    </section>
  );
}

/** Quick pairing: the nearest-rated open challenge of this game and pace, or one posted. */
function PlaySomeone({ types, onPosted }: { types: readonly GameType[]; onPosted: () => void }) {
  const { session } = useSession();
  const [chosen, setType] = useState<string | null>(null);
  const [pace, setPace] = useState('3d');
  const [note, setNote] = useState('');
  const type = chosen ?? firstChoice(types);
  const play = async () => {
    setNote('');
    try {
      const answer = await api<QuickAnswer>(
        'POST',
        '/api/seeks/quick',
        { gameType: type, timeControl: pace },
        session ?? undefined,
      );
      if (answer.paired) return navigate(`/game/${answer.gameId}`);
      setNote(
        'Nobody was waiting: your open challenge is posted. You are told here the moment someone takes it.',
      );
      onPosted();
    } catch (e) {
      setNote(said(e));
    }
  };
  return (
    <form
      className="setup"
      aria-label="Play someone"
      onSubmit={(e) => {
        e.preventDefault();
        void play();
      }}
    >
      <GameSelect label="Game to play" types={types} value={type} onChange={setType} />
      <label>
        Pace
        <select aria-label="Pace" value={pace} onChange={(e) => setPace(e.target.value)}>
          {PACES.map((p) => (
            <option key={p} value={p}>
              {p.slice(0, -1)} day{p === '1d' ? '' : 's'} per move
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Play someone</button>
      {note && (
        <p className="meta" role="status">
          {note}
        </p>
      )}
    </form>
  );
}

/** An open challenge with every term: the game's options, clock, rated, seat, rating range. */
function PostSeek({ types, onPosted }: { types: readonly GameType[]; onPosted: () => void }) {
  const { session } = useSession();
  const games = useWebGames();
  const [chosen, setType] = useState<string | null>(null);
  const [optionsOf, setOptionsOf] = useState<Readonly<Record<string, unknown>>>({});
  const [timeControl, setTimeControl] = useState('3d');
  const [rated, setRated] = useState(true);
  const [seat, setSeat] = useState('random');
  const [range, setRange] = useState({ min: '', max: '' });
  const [error, setError] = useState('');
  // The form is drawn only while open: its fields share their labels with the challenge form's.
  const [shown, setShown] = useState(false);
  const type = chosen ?? firstChoice(types);
  const form = games[type]?.online?.options;
  const options = form ? (Object.hasOwn(optionsOf, type) ? optionsOf[type] : form.initial) : undefined;
  const post = async () => {
    setError('');
    try {
      await api(
        'POST',
        '/api/seeks',
        {
          gameType: type,
          options,
          timeControl,
          rated,
          seat,
          ...(range.min.trim() ? { minRating: Number(range.min) } : {}),
          ...(range.max.trim() ? { maxRating: Number(range.max) } : {}),
        },
        session ?? undefined,
      );
      onPosted();
    } catch (e) {
      setError(said(e));
    }
  };
  return (
    <details onToggle={(e) => setShown(e.currentTarget.open)}>
      <summary>Post an open challenge with your terms</summary>
      {shown && (
        <form
          className="setup"
          aria-label="Post an open challenge"
          onSubmit={(e) => {
            e.preventDefault();
            void post();
          }}
        >
          <GameSelect label="Game to offer" types={types} value={type} onChange={setType} />
          {form && (
            <form.Fields
              value={options}
              onChange={(value) => setOptionsOf({ ...optionsOf, [type]: value })}
            />
          )}
          <TimeControlFields value={timeControl} onChange={setTimeControl} />
          <label>
            Seat
            <select aria-label="Seat" value={seat} onChange={(e) => setSeat(e.target.value)}>
              <option value="random">drawn when taken</option>
              <option value="first">I move first</option>
              <option value="second">I move second</option>
            </select>
          </label>
          <label>
            Rated
            <input
              type="checkbox"
              aria-label="Rated"
              checked={rated}
              onChange={(e) => setRated(e.target.checked)}
            />
          </label>
          <label>
            Lowest rating
            <input
              aria-label="Lowest rating"
              inputMode="numeric"
              size={5}
              value={range.min}
              onChange={(e) => setRange({ ...range, min: e.target.value })}
            />
          </label>
          <label>
            Highest rating
            <input
              aria-label="Highest rating"
              inputMode="numeric"
              size={5}
              value={range.max}
              onChange={(e) => setRange({ ...range, max: e.target.value })}
            />
          </label>
          <button type="submit">Post</button>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </details>
  );
}
