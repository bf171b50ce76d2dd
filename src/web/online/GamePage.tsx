import { useEffect, useMemo, useRef, useState } from 'react';
import {
  applyFrame,
  confirmedMoves,
  dropLostOwn,
  fromShow,
  type OnlineGame,
  playOwn,
  refuseOwn,
  withEarlier,
} from '../../engine/index.ts';
import { type Atom4State, placementError as atom4PlacementError } from '../../games/atom4/index.ts';
import { GAMES } from '../../games/index.ts';
import { placementError, SIDE_NAMES, switchError, type WarpWeftState } from '../../games/warpweft/index.ts';
import { Atom4BoardSvg } from '../atom4/Atom4BoardSvg.tsx';
import { atom4CursorKey } from '../atom4/atom4Cursor.ts';
import { ColourWheel } from '../atom4/ColourWheel.tsx';
import { onLinkClick } from '../router.ts';
import { Status } from '../Status.tsx';
import { type Cursor, WeaveBoardSvg } from '../warpweft/WeaveBoardSvg.tsx';
import { weaveCursorKey } from '../warpweft/weaveCursor.ts';
import { api, type GameShow } from './api.ts';
import { type Frame, useLiveGame } from './live.ts';
import { useSession } from './session.tsx';

/** Moves fetched per press of "Earlier moves" (the page load brings the latest ones). */
const EARLIER_PAGE = 100;

/** The local pages' (and the terminal's) letter keys on the board: t/p switch, s swap; n next round. */
const LETTERS: Record<string, Record<string, string>> = {
  warpweft: { t: 'threads', p: 'patches', s: 'swap' },
  atom4: { n: 'next' },
};

/**
 * One game on the server, live: players see their moves at once (the rules module applies them
 * locally) and the server's answer reconciles them; a refused move is rolled back with the reason.
 * Anyone may watch. How frames and our own moves change the game is the engine's online-game
 * module, shared with the terminal client.
 */
export function GamePage({ id }: { id: number }) {
  const { session } = useSession();
  const [show, setShow] = useState<GameShow | null>(null);
  const [live, setLive] = useState<OnlineGame | null>(null);
  const [message, setMessage] = useState('');
  const [typed, setTyped] = useState('');
  const [hover, setHover] = useState<number | null>(null);
  // Keyboard cursors: a cell of the woven board, a point of the Atom-4 lattice.
  const [weaveCursor, setWeaveCursor] = useState<Cursor | null>(null);
  const [atomCursor, setAtomCursor] = useState<number | null>(null);
  // The frame ref of our move on its way, so the server's refusal finds the move it rolls back.
  const sent = useRef<{ ref: number; moveNo: number } | null>(null);
  const nextRef = useRef(1);

  useEffect(() => {
    api<GameShow>('GET', `/api/games/${id}`, undefined, session)
      .then((s) => {
        setShow(s);
        setLive(fromShow(s));
      })
      .catch((e: Error) => setMessage(e.message));
  }, [id, session]);

  const game = show ? GAMES[show.game] : undefined;
  const onFrame = (frame: Frame) => {
    if (frame.type === 'subscribed') {
      // A move sent on a connection that dropped before the server got it gets no answer.
      const held = frame.moveCount as number;
      if (live?.pending && live.pending.moveNo > held) {
        sent.current = null;
        setMessage('Your last move was lost with the connection: play it again.');
      }
      setLive((l) => l && dropLostOwn(l, held));
    } else if (frame.type === 'error') {
      const mine = sent.current;
      if (mine && mine.ref === frame.ref) {
        sent.current = null;
        setLive((l) => l && refuseOwn(l, mine.moveNo));
      }
      setMessage(String(frame.error));
    } else if (frame.type === 'ack') {
      // The echoed move frame, which names who moves next, settles the pending move.
      if (sent.current?.ref === frame.ref) sent.current = null;
    } else if (game) {
      setLive((l) => l && applyFrame(game, l, frame));
    }
  };
  // Resubscribe from the last move the server confirmed, never from our move still on its way.
  const { send, connected } = useLiveGame(id, session, onFrame, () =>
    live ? confirmedMoves(live) : undefined,
  );

  const loadEarlier = (before: number) => {
    const from = Math.max(1, before - EARLIER_PAGE);
    api<GameShow>('GET', `/api/games/${id}?from=${from}&limit=${before - from}`, undefined, session)
      .then((page) => setLive((l) => l && withEarlier(l, page)))
      .catch((e: Error) => setMessage(e.message));
  };

  const mySeat = session && show ? show.players.indexOf(session.user) : -1;
  const myTurn =
    live !== null && session !== null && live.status === 'active' && live.toMove === session.user;

  const makeMove = (text: string) => {
    if (!game || !live || !myTurn || !session) return;
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
    if (!send({ type: 'move', game: id, move: mine.move, moveNo: mine.moveNo, ref })) {
      sent.current = null;
      setLive(live);
      setMessage('Not connected to the server: try again in a moment.');
    }
  };

  const claimable = useMemo(() => {
    const set = new Set<number>();
    if (!myTurn || show?.game !== 'warpweft' || !live) return set;
    const state = live.view as WarpWeftState;
    for (const m of GAMES.warpweft?.legalMoves(state) ?? []) if (m.kind === 'place') set.add(m.piece);
    return set;
  }, [myTurn, show, live]);

  if (!show || !live || !game) {
    return (
      <section className="panel">
        {message ? <p className="error">{message}</p> : <p>Loading game {id}…</p>}
      </section>
    );
  }
  const status =
    live.status === 'active'
      ? live.toMove === session?.user
        ? 'Your move.'
        : `${live.toMove ?? '…'} to move.`
      : live.status === 'void'
        ? 'This game was declined (void).'
        : `Game over: ${live.outcome?.reason ?? ''}.`;

  const claimPiece = (piece: number) => {
    const state = live.view as WarpWeftState;
    const why = myTurn
      ? placementError(state, state.turn, state.modes[state.turn], piece)
      : 'it is not your move';
    if (why) setMessage(`${game.formatMove({ kind: 'place', piece }, state)}: ${why}`);
    else makeMove(game.formatMove({ kind: 'place', piece }, state));
  };
  const playPoint = (x: number, y: number) => {
    const why = myTurn ? atom4PlacementError(live.view as Atom4State, x, y) : 'it is not your move';
    if (why) setMessage(`You can't put a marble here: ${why}`);
    else makeMove(`${x},${y}`);
  };
  // The boards drawn here are played from the keyboard as on the local pages.
  const keyboard = show.game === 'warpweft' ? 'claims' : show.game === 'atom4' ? 'plays' : null;
  const onKeyDown = (event: React.KeyboardEvent) => {
    const letter = LETTERS[show.game]?.[event.key];
    if (letter) {
      event.preventDefault();
      if (myTurn) makeMove(letter);
      else setMessage('It is not your move.');
      return;
    }
    if (show.game === 'warpweft') {
      const action = weaveCursorKey(event.key, weaveCursor, (live.view as WarpWeftState).options.size);
      if (!action) return;
      event.preventDefault();
      if ('cursor' in action) setWeaveCursor(action.cursor);
      else claimPiece(action.claim);
    } else if (show.game === 'atom4') {
      const action = atom4CursorKey(event.key, atomCursor);
      if (!action) return;
      event.preventDefault();
      // The keyboard takes over the preview from a mouse resting on the board.
      setHover(null);
      if ('cursor' in action) setAtomCursor(action.cursor);
      else playPoint(action.play.x, action.play.y);
    }
  };

  return (
    <section className="game online-game">
      <h1>
        {show.title} #{id}
      </h1>
      <div
        className="board-wrap"
        {...(keyboard
          ? {
              role: 'application',
              tabIndex: 0,
              'aria-label': `Board: arrows move the cursor, Enter ${keyboard}`,
              onKeyDown,
            }
          : {})}
      >
        {show.game === 'warpweft' ? (
          <WeaveBoardSvg
            state={live.view as WarpWeftState}
            claimable={claimable}
            cursor={weaveCursor}
            onPiece={claimPiece}
          />
        ) : show.game === 'atom4' ? (
          <Atom4BoardSvg
            state={live.view as Atom4State}
            hover={hover}
            cursor={atomCursor}
            canPlay={myTurn}
            onHover={setHover}
            onCell={playPoint}
          />
        ) : (
          <pre className="text-board">{game.toText(live.view)}</pre>
        )}
      </div>
      <aside className="side">
        <Status
          text={
            <>
              {status} {connected ? '' : <span className="meta">(reconnecting…)</span>}
            </>
          }
          message={message}
        />
        {mySeat < 0 && <p className="meta">You are watching: moves appear as they are played.</p>}
        {show.game === 'atom4' && <Atom4Score state={live.view as Atom4State} />}
        {show.game === 'warpweft' && (
          <WeaveModes state={live.view as WarpWeftState} over={live.status !== 'active'} />
        )}
        <ul className="players">
          {show.seats.map((s) => (
            <li key={s.seat}>
              {game.seatName(live.view, s.seat)}: <strong>{s.user}</strong>
              {s.seat === mySeat ? ' (you)' : ''}
            </li>
          ))}
        </ul>
        {mySeat >= 0 && live.status === 'active' && (
          <form
            className="buttons"
            onSubmit={(e) => {
              e.preventDefault();
              makeMove(typed);
              setTyped('');
            }}
          >
            <input
              aria-label="Move"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="type a move"
            />
            <button type="submit" disabled={!myTurn}>
              Move
            </button>
            {show.game === 'atom4' && (live.view as Atom4State).roundResult !== null && (
              <button type="button" disabled={!myTurn} onClick={() => makeMove('next')}>
                Next round
              </button>
            )}
            {show.game === 'warpweft' && (
              <>
                <SwitchButton state={live.view as WarpWeftState} myTurn={myTurn} onSwitch={makeMove} />
                {/* The second player may swap instead of their first move. */}
                {live.moveCount === 1 && (
                  <button type="button" disabled={!myTurn} onClick={() => makeMove('swap')}>
                    Swap
                  </button>
                )}
              </>
            )}
          </form>
        )}
        {mySeat >= 0 && live.status === 'active' && (
          <EndButtons
            canDecline={live.moveCount <= mySeat}
            onEnd={(how) => {
              setMessage('');
              api<{ status: string; outcome: OnlineGame['outcome'] }>(
                'POST',
                `/api/games/${id}/${how}`,
                undefined,
                session,
              )
                .then((s) =>
                  setLive((l) => l && { ...l, status: s.status, outcome: s.outcome, toMove: null }),
                )
                .catch((e: Error) => setMessage(e.message));
            }}
          />
        )}
        {mySeat >= 0 && keyboard && live.status === 'active' && (
          <p className="meta keys-hint">
            Keys: Tab to the board, arrows move the cursor, Enter {keyboard}
            {show.game === 'warpweft' ? '; t or p switch, s swap' : '; n next round'}.
          </p>
        )}
        {live.movesFrom > 1 && (
          <button type="button" className="secondary" onClick={() => loadEarlier(live.movesFrom)}>
            Earlier moves (1 to {live.movesFrom - 1})
          </button>
        )}
        <ol className="moves" aria-label="Moves" start={live.movesFrom}>
          {live.moves.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the key is the move's number in the game.
            <li key={live.movesFrom + i}>{m}</li>
          ))}
        </ol>
        <p>
          <a href="/" onClick={onLinkClick}>
            Back to the lobby
          </a>
        </p>
      </aside>
    </section>
  );
}

/** Resign (or decline, before your first move), each asked twice so a slip of the finger is harmless. */
function EndButtons({
  canDecline,
  onEnd,
}: {
  canDecline: boolean;
  onEnd: (how: 'resign' | 'decline') => void;
}) {
  const [asking, setAsking] = useState<'resign' | 'decline' | null>(null);
  if (asking) {
    return (
      <div className="buttons confirm">
        <span>{asking === 'resign' ? 'Resign this game?' : 'Decline this game? It becomes void.'}</span>
        <button type="button" onClick={() => onEnd(asking)}>
          Yes, {asking}
        </button>
        <button type="button" className="secondary" onClick={() => setAsking(null)}>
          No
        </button>
      </div>
    );
  }
  return (
    <div className="buttons">
      {canDecline && (
        <button type="button" className="secondary" onClick={() => setAsking('decline')}>
          Decline
        </button>
      )}
      <button type="button" className="secondary" onClick={() => setAsking('resign')}>
        Resign
      </button>
    </div>
  );
}

function Atom4Score({ state }: { state: Atom4State }) {
  return (
    <>
      <p className="meta">
        Round {state.round} of {state.options.rounds} · score {state.scores[0]} : {state.scores[1]}
      </p>
      <ColourWheel current={state.colourIndex} />
    </>
  );
}

/** Each side's state (Threading or Patching), in its colour. */
function WeaveModes({ state, over }: { state: WarpWeftState; over: boolean }) {
  return (
    <div className="modes">
      {(['warp', 'weft'] as const).map((s) => (
        <span key={s} className={`mode ${s}${s === state.turn && !over ? ' active' : ''}`}>
          {SIDE_NAMES[s]}: {state.modes[s] === 'threads' ? 'Threading' : 'Patching'}
        </span>
      ))}
    </div>
  );
}

/** Switch between Threading and Patching; disabled, with the reason as its tooltip, when not allowed. */
function SwitchButton({
  state,
  myTurn,
  onSwitch,
}: {
  state: WarpWeftState;
  myTurn: boolean;
  onSwitch: (move: string) => void;
}) {
  const to = state.modes[state.turn] === 'threads' ? 'patches' : 'threads';
  const why = switchError(state, to);
  return (
    <button
      type="button"
      disabled={!myTurn || why !== null}
      title={why ?? `Switch to ${to}`}
      onClick={() => onSwitch(to)}
    >
      Switch to {to}
    </button>
  );
}
