import { useEffect, useRef, useState } from 'react';
import { COMPUTER_USER, type PreviewAnswer, type ServerFrame } from '../../api/index.ts';
import {
  confirmedMoves,
  formatRating,
  fromShow,
  hasMoved,
  type OnlineGame,
  playOwn,
  withEarlier,
  withTakebackOffer,
} from '../../engine/index.ts';
import { BoardText } from '../BoardText.tsx';
import { onLinkClick } from '../router.ts';
import { tabTitle } from '../routes.ts';
import { Status } from '../Status.tsx';
import { type OnlineProps, useWebGames } from '../web-game.ts';
import { api, type GameShow, type GameSummary } from './api.ts';
import { GameClockPanel } from './Clock.tsx';
import { GameChat, useGameChat } from './chat/GameChat.tsx';
import { EndButtons, MoveForm, MoveList, PreviewBar } from './GameParts.tsx';
import {
  frameEffect,
  gameTabTitle,
  keysHint,
  moveAnnouncement,
  type SentMove,
  statusText,
  withdrawal,
} from './game-page.ts';
import { useLiveGame } from './live.ts';
import { PageTitle } from './notices.tsx';
import { PlayerLink } from './PlayerLink.tsx';
import { ReplayViewer } from './replay/ReplayViewer.tsx';
import { useSession } from './session.tsx';
import { TakebackButtons } from './Takeback.tsx';

/** Moves fetched per press of "Earlier moves" (the page load brings the latest ones). */
const EARLIER_PAGE = 100;
/** Said when a move cannot be sent; it goes as soon as the connection is back. */
const NOT_CONNECTED = 'Not connected to the server: try again in a moment.';

/**
 * One game on the server, live: players see their moves at once (the rules module applies them
 * locally) and the server's answer reconciles them; a refused move is rolled back with the reason.
 * Anyone may watch. How frames and our own moves change the game is the engine's online-game
 * module, shared with the terminal client; how the game is drawn is its entry in the games table.
 */
export function GamePage({ id }: { id: number }) {
  const { session } = useSession();
  const games = useWebGames();
  const [show, setShow] = useState<GameShow | null>(null);
  const [live, setLive] = useState<OnlineGame | null>(null);
  const [message, setMessage] = useState('');
  // The position some typed moves would lead to, shown instead of the live one until dismissed.
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  // Stepping through the moves (always, once the game is over); a link with ?move= opens there.
  const [replaying, setReplaying] = useState(() => new URLSearchParams(window.location.search).has('move'));
  // The frame ref of our move on its way, so the server's refusal finds the move it rolls back.
  const sent = useRef<SentMove | null>(null);
  const nextRef = useRef(1);
  const chat = useGameChat(id, show?.private?.chat);

  const shown = (s: GameShow) => {
    setShow(s);
    setLive(fromShow(s));
  };
  const reload = () =>
    api<GameShow>('GET', `/api/games/${id}`, undefined, session)
      .then(shown)
      .catch((e: Error) => setMessage(e.message));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload reads only id and session
  useEffect(() => {
    void reload();
  }, [id, session]);

  const web = show && Object.hasOwn(games, show.gameType) ? games[show.gameType] : undefined;
  const game = web?.game;
  const onFrame = (frame: ServerFrame) => {
    chat.onFrame(frame);
    if (frame.type === 'takeback-offer') setShow((s) => s && withTakebackOffer(s, frame.offer));
    // Fewer moves than we hold: moves were taken back; read the game again (its takebacks too).
    if (frame.type === 'state' && live && frame.moveCount < live.moveCount) void reload();
    const effect = frameEffect(game, frame, live, sent.current);
    sent.current = effect.sent;
    setLive((l) => l && effect.update(l));
    if (effect.message !== undefined) setMessage(effect.message);
  };
  // Resubscribe from the last move the server confirmed, never from our move still on its way.
  const { send, connected } = useLiveGame(id, session, onFrame, () =>
    live ? confirmedMoves(live) : undefined,
  );
  useEffect(() => {
    if (connected) setMessage((m) => (m === NOT_CONNECTED ? '' : m));
  }, [connected]);

  const showPreview = (moves: string[]) => {
    if (moves.length === 0) return setMessage('Type a move to preview.');
    setMessage('');
    api<PreviewAnswer>('POST', `/api/games/${id}/preview`, { moves }, session)
      .then(setPreview)
      .catch((e: Error) => setMessage(e.message));
  };
  // A preview is of the position it was asked from: a new move (or a takeback) ends it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the move count matters
  useEffect(() => setPreview(null), [live?.moveCount]);

  const loadEarlier = (before: number) => {
    const from = Math.max(1, before - EARLIER_PAGE);
    api<GameShow>('GET', `/api/games/${id}?from=${from}&limit=${before - from}`, undefined, session)
      .then((page) => setLive((l) => l && withEarlier(l, page)))
      .catch((e: Error) => setMessage(e.message));
  };

  const title = (
    <PageTitle title={tabTitle(show ? gameTabTitle({ ...show, id }, session?.user) : `Game ${id}`)} />
  );
  if (!show || !live || !game) {
    const problem = show && !game ? `This client cannot show a game of ${show.title}.` : message;
    return (
      <section className="panel">
        {title}
        {problem ? <p className="error">{problem}</p> : <p>Loading game {id}…</p>}
      </section>
    );
  }
  const mySeat = session ? show.players.indexOf(session.user) : -1;
  const myTurn = session !== null && live.status === 'active' && live.toMove === session.user;
  const playing = mySeat >= 0 && live.status === 'active';

  const makeMove = (text: string) => {
    if (!myTurn || !session) return;
    const mine = playOwn(game, live, session.user, text);
    if (!mine.ok) {
      setMessage(mine.error);
      return;
    }
    const ref = nextRef.current++;
    sent.current = { ref, moveNo: mine.moveNo };
    // Shown at once; the server's answer confirms or rolls it back.
    setLive(mine.state);
    setMessage('');
    if (!send({ type: 'move', gameId: id, move: mine.move, moveNo: mine.moveNo, ref })) {
      sent.current = null;
      setLive(live);
      setMessage(NOT_CONNECTED);
    }
  };
  const end = (how: 'resign' | 'decline' | 'cancel') => {
    setMessage('');
    api<GameSummary>('POST', `/api/games/${id}/${how}`, undefined, session)
      .then((s) => setLive((l) => l && { ...l, status: s.status, outcome: s.outcome, toMove: null }))
      .catch((e: Error) => setMessage(e.message));
  };

  const online = web.online ?? {};
  const props: OnlineProps = {
    view: live.view,
    myTurn,
    active: live.status === 'active',
    moveCount: live.moveCount,
    seat: mySeat >= 0 ? mySeat : null,
    players: show.players,
    play: makeMove,
    say: setMessage,
  };
  const { Board, Status: GameStatus, Buttons } = online;
  // A previewed board is only looked at: nothing on it plays.
  const boardProps: OnlineProps = preview
    ? {
        ...props,
        view: preview.view,
        myTurn: false,
        play: () => setMessage('This is a preview: go back to the live position to play.'),
      }
    : props;
  const replay = replaying || live.status !== 'active';
  const toLive = () => {
    setReplaying(false);
    window.history.replaceState(null, '', `/game/${id}`);
  };
  return (
    <section className="game online-game">
      {title}
      <h1>
        {show.title} #{id}
      </h1>
      {preview && <PreviewBar moves={preview.moves.map((m) => m.text)} onBack={() => setPreview(null)} />}
      {replay ? (
        <ReplayViewer
          id={id}
          web={web}
          session={session}
          moveCount={live.moveCount}
          {...(live.status === 'active' ? { onLive: toLive } : {})}
        />
      ) : Board ? (
        <Board {...boardProps} />
      ) : (
        <div className="board-wrap">
          <pre className="text-board">{game.toText(boardProps.view, { names: show.players })}</pre>
        </div>
      )}
      <aside className="side">
        <Status
          text={
            <>
              {statusText(live, session?.user, show.players)}{' '}
              {connected ? '' : <span className="meta">(reconnecting…)</span>}
            </>
          }
          message={message}
          live={false}
        />
        <BoardText
          // A replay describes the position it shows itself.
          position={replay ? '' : (online.describe?.(boardProps.view) ?? '')}
          announcement={moveAnnouncement(live, statusText(live, session?.user, show.players))}
        />
        {mySeat < 0 && live.status === 'active' && (
          <p className="meta">You are watching: moves appear as they are played.</p>
        )}
        {/* A replay says the state of the position it shows itself. */}
        {GameStatus && !replay && <GameStatus {...props} />}
        <ul className="players">
          {show.seats.map((s) => (
            <li key={s.seat}>
              {game.seatName(live.view, s.seat)}:{' '}
              <strong>
                <PlayerLink user={s.user} />
              </strong>
              {s.rating && <span className="rating"> {formatRating(s.rating)}</span>}
              {s.seat === mySeat ? ' (you)' : ''}
            </li>
          ))}
        </ul>
        {/* A finished game's clock has stopped: no time is "left" in it. */}
        {show.clock && live.status === 'active' && (
          <GameClockPanel
            id={id}
            moveCount={live.moveCount}
            seatNames={show.seats.map((s) => `${s.user} (${game.seatName(live.view, s.seat)})`)}
          />
        )}
        {live.status === 'active' && (
          <MoveForm
            myTurn={myTurn}
            playing={playing}
            notation={game.notation}
            onMove={makeMove}
            onPreview={showPreview}
          >
            {Buttons && <Buttons {...props} />}
          </MoveForm>
        )}
        {playing && <EndButtons withdraw={withdrawal(live, show, mySeat)} onEnd={end} />}
        {session && mySeat >= 0 && (
          <TakebackButtons
            id={id}
            session={session}
            show={show}
            live={live}
            moved={hasMoved(live.moveCount, mySeat)}
            onShow={shown}
            say={setMessage}
          />
        )}
        {playing && online.keys && <p className="meta keys-hint">{keysHint(online.keys)}</p>}
        {!replay && (
          <>
            <MoveList live={live} onEarlier={loadEarlier} />
            <button type="button" className="secondary" onClick={() => setReplaying(true)}>
              Step through the moves
            </button>
          </>
        )}
        {/* The computer does not chat: a game against it offers none. */}
        {session && mySeat >= 0 && !show.players.includes(COMPUTER_USER) && (
          <GameChat gameId={id} session={session} chat={chat} connected={connected} />
        )}
        <p>
          <a href="/" onClick={onLinkClick}>
            Back to the lobby
          </a>
        </p>
      </aside>
    </section>
  );
}
