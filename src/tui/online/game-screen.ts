/**
 * One server game, live, in the terminal: the board drawn as in local play, our moves sent with
 * the move number we expect (so a move made on a stale board is refused, not misapplied), the
 * opponent's moves arriving over the WebSocket, and the connection's state always on screen.
 */
import { Box, Text, useWindowSize } from 'ink';
import { createElement as h, useEffect, useRef, useState } from 'react';
import { clockLine, type MoveAnswer, type PreviewAnswer, type TakebackOffer } from '../../api/index.ts';
import {
  acceptOwn,
  applyFrame,
  confirmedMoves,
  formatRating,
  fromShow,
  type OnlineGame,
  playOwn,
  refuseOwn,
  withTakebackOffer,
} from '../../engine/index.ts';
import type { TuiGames } from '../games.ts';
import { useKeys } from '../key-queue.ts';
import type { Cursor } from '../pad.ts';
import { renderLine } from '../segments.ts';
import type { Theme } from '../theme.ts';
import { boardSize, tooSmallNotice } from '../too-small.ts';
import { ApiError, type Client, type GameShow, type GameSummary } from './api.ts';
import { isMyTurn, linkWords, screenFit, stoppedClock, turnWords, wrappedRows } from './game-status.ts';
import { connectLiveGame, type LinkState } from './live.ts';
import { PREVIEW_KEYS, previewMove, previewNote } from './preview-key.ts';
import {
  offerSpan,
  offerWords,
  TAKEBACK_KEYS,
  type TakebackAction,
  type TakebackView,
  takebackKey,
} from './takeback-keys.ts';

export function OnlineGameScreen({
  client,
  games,
  id,
  theme,
  onExit,
}: {
  client: Client;
  games: TuiGames;
  id: number;
  theme: Theme;
  onExit: () => void;
}) {
  const { rows, columns } = useWindowSize();
  const me = client.session?.user ?? '';
  const [show, setShow] = useState<GameShow | null>(null);
  const [state, setState] = useState<OnlineGame | null>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [link, setLink] = useState<LinkState>({ kind: 'connecting', attempt: 0 });
  const [message, setMessage] = useState('');
  const [confirmResign, setConfirmResign] = useState(false);
  // The board some moves would lead to, shown instead of the live one until any key.
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  const latest = useRef<OnlineGame | null>(null);
  latest.current = state;
  // Our last takeback offer, kept past the frame that clears it, to say when it was taken up.
  const myOffer = useRef<TakebackOffer | null>(null);
  const offerNow = show?.takebackOffer;
  if (offerNow) myOffer.current = offerNow.by === me ? offerNow : null;
  const wasLost = useRef(false);

  const game = show ? games[show.gameType]?.rules : undefined;
  const pad = show ? games[show.gameType]?.online?.pad : undefined;

  useEffect(() => {
    let live = true;
    client.request<GameShow>('GET', `/api/games/${id}`).then(
      (loaded) => {
        if (!live) return;
        const keys = games[loaded.gameType]?.online?.pad;
        if (!keys) return setMessage(`${loaded.title} cannot be played in the terminal client yet.`);
        setShow(loaded);
        setState(fromShow(loaded));
        setCursor(keys.start(loaded.view));
      },
      (error: Error) => live && setMessage(`Cannot open game #${id}: ${error.message}`),
    );
    return () => {
      live = false;
    };
  }, [client, games, id]);

  // The live connection, once the game is loaded; it resubscribes from the last move we hold.
  const loaded = show !== null;
  // A timed game's clocks are read again after every move.
  const timed = show?.clock !== undefined;
  const moveCount = state?.moveCount;
  useEffect(() => {
    if (timed && moveCount !== undefined)
      client.request<GameShow>('GET', `/api/games/${id}`).then(setShow, () => undefined);
  }, [timed, moveCount, client, id]);
  useEffect(() => {
    if (!loaded || !game) return;
    const connection = connectLiveGame({
      baseUrl: client.baseUrl,
      session: client.session,
      game: id,
      lastMoveNo: () => (latest.current ? confirmedMoves(latest.current) : undefined),
      onFrame: (frame) => {
        const about = 'gameId' in frame ? frame.gameId : undefined;
        if (about !== undefined && about !== id) return;
        if (frame.type === 'error') return setMessage(`Server: ${frame.error}`);
        if (frame.type === 'subscribed' && wasLost.current) {
          wasLost.current = false;
          setMessage(`Reconnected: the board is caught up with the server.`);
        }
        if (frame.type === 'takeback-offer') setShow((s) => s && withTakebackOffer(s, frame.offer));
        // Fewer moves than we hold: moves were taken back; read the game again (its takebacks too).
        if (frame.type === 'state' && latest.current && Number(frame.moveCount) < latest.current.moveCount) {
          // Our own offer taken up: say so, since the board alone does not.
          const mine = myOffer.current;
          myOffer.current = null;
          if (mine) setMessage(`Takeback accepted: ${offerSpan(mine)} taken back.`);
          client.request<GameShow>('GET', `/api/games/${id}`).then(setShow, () => undefined);
        }
        setState((s) => (s ? applyFrame(game, s, frame) : s));
      },
      onLink: (next) => {
        if (next.kind === 'connecting' && next.attempt > 0) wasLost.current = true;
        setLink(next);
      },
    });
    return () => connection.close();
  }, [loaded, game, client, id]);

  const send = (text: string) => {
    if (!game || !state) return;
    const mine = playOwn(game, state, me, text);
    if (!mine.ok) return setMessage(mine.error);
    setState(mine.state);
    setMessage(`Sending ${mine.move}...`);
    client
      .request<MoveAnswer>('POST', `/api/games/${id}/moves`, {
        move: mine.move,
        moveNo: mine.moveNo,
      })
      .then(
        (reply) => {
          setState((s) => (s ? acceptOwn(s, mine.moveNo, reply.game) : s));
          setMessage((m) => (m === `Sending ${mine.move}...` ? '' : m));
        },
        (error: Error) => {
          setState((s) => (s ? refuseOwn(s, mine.moveNo) : s));
          const unsent = error instanceof ApiError && error.status === 0;
          setMessage(
            `${unsent ? `${mine.move} was not sent` : `The server refused ${mine.move}`}: ${error.message}`,
          );
        },
      );
  };

  const resign = () => {
    setConfirmResign(false);
    client.request<GameSummary>('POST', `/api/games/${id}/resign`).then(
      () => setMessage('You resigned.'),
      (error: Error) => setMessage(`Resign refused: ${error.message}`),
    );
  };

  const takeback = (action: TakebackAction) => {
    const rematch = action === 'rematch';
    const path = `/api/games/${id}/${rematch ? 'rematch' : 'takeback'}`;
    if (action === 'reject') myOffer.current = null;
    client.request<GameShow>('POST', path, rematch ? undefined : { action }).then(
      (answer) => {
        if (rematch) return setMessage(`Rematch: game #${answer.id} created with the seats swapped.`);
        setShow(answer);
        setState(fromShow(answer));
        setMessage(
          action === 'propose' ? '' : action === 'accept' ? 'Takeback accepted.' : 'Takeback refused.',
        );
      },
      (error: Error) => setMessage(`Refused: ${error.message}`),
    );
  };
  const showPreview = (move: string) => {
    setMessage(`Previewing ${move}...`);
    client.request<PreviewAnswer>('POST', `/api/games/${id}/preview`, { moves: [move] }).then(
      (answer) => {
        setPreview(answer);
        setMessage('');
      },
      (error: Error) => setMessage(`Cannot preview ${move}: ${error.message}`),
    );
  };
  // A preview is of the position it was asked from: a new move (or a takeback) ends it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the move count matters
  useEffect(() => setPreview(null), [moveCount]);

  const takebackView = (): TakebackView | undefined =>
    show && state
      ? {
          me,
          playing: show.players.includes(me),
          active: state.status === 'active',
          moveCount: state.moveCount,
          offer: show.takebackOffer,
        }
      : undefined;

  useKeys((input, key) => {
    if (preview) return setPreview(null);
    if (confirmResign) {
      if (input === 'y') resign();
      else {
        setConfirmResign(false);
        setMessage('');
      }
      return;
    }
    if (input === 'q' || key.escape) return onExit();
    if (!pad || !state || !cursor) return;
    if (input === 'R') {
      if (state.status !== 'active') return setMessage('The game is over.');
      return setConfirmResign(true);
    }
    const view = takebackView();
    const asked = view ? takebackKey(input, view) : null;
    if (asked) return 'action' in asked ? takeback(asked.action) : setMessage(asked.message);
    const previewing = previewMove(pad, input, state.view, cursor, show?.players.indexOf(me) ?? -1);
    if (previewing)
      return 'move' in previewing ? showPreview(previewing.move) : setMessage(previewing.message);
    const result = pad.onKey(input, key, state.view, cursor, show?.players.indexOf(me) ?? -1);
    if (!result) return;
    if ('cursor' in result) {
      setCursor(result.cursor);
      if (!message.startsWith('Reconnected') && !message.startsWith('The server refused')) setMessage('');
    } else if ('message' in result) setMessage(result.message);
    else send(result.move);
  });

  if (!show || !state || !pad || !game || !cursor) {
    return h(
      Box,
      { flexDirection: 'column' },
      h(Text, { bold: true }, `Game #${id}`),
      h(Text, { wrap: 'wrap' }, message || 'Loading...'),
      h(Text, { dimColor: theme.colour }, 'q back to your games'),
    );
  }

  const seat = show.players.indexOf(me);
  const myTurn = isMyTurn(state, me);
  const clock = show.clock && clockLine(stoppedClock(show.clock, state.status), show.players, Date.now());
  const who = (s: number) => {
    const rating = show.seats[s]?.rating;
    return `${show.players[s]}${rating ? ` ${formatRating(rating)}` : ''} (${game.seatName(state.view, s)})`;
  };
  const players = show.players.map((_, s) => who(s)).join(' vs ');
  const turn = turnWords(state, me, seat, show.players);
  const connection = linkWords(link);

  const shownView = preview ? preview.view : state.view;
  // While the live link is down the turn may be out of date, so the warning takes its place.
  const statusLine = connection || `${turn} ${pad.describe(state.view, cursor, seat)}`;
  const keyLine = `${pad.keys}  ${TAKEBACK_KEYS}  ${PREVIEW_KEYS}`;
  // The status and the keys wrap rather than lose their ends; the board gives way first.
  const bare = pad.lines(shownView, cursor, theme, myTurn, false, seat).length;
  const fit = screenFit(
    rows,
    bare,
    wrappedRows(statusLine, columns),
    wrappedRows(keyLine, columns),
    pad.lines(shownView, cursor, theme, myTurn, true, seat).length - bare,
  );
  const board = pad.lines(shownView, cursor, theme, myTurn && !preview, fit.header, seat);
  const small = tooSmallNotice({ columns, rows }, { ...boardSize(board), rows: bare + 1 }, 'q goes back');
  if (small) return small;
  const offered = offerWords(takebackView() as TakebackView);
  const note = preview
    ? previewNote(preview.moves.map((m) => m.text))
    : confirmResign
      ? 'Really resign this game? (y/n)'
      : message || offered;
  return h(
    Box,
    { flexDirection: 'column' },
    fit.title &&
      h(
        Text,
        { bold: true, wrap: 'truncate' },
        // The move number before the players, whose ratings may make the line too long for the screen.
        `${show.title} #${id}, move ${state.moveCount + 1}  ${players}`,
      ),
    fit.title && clock && h(Text, { dimColor: theme.colour, wrap: 'truncate' }, clock),
    ...board.map((line, i) => renderLine(line, theme, i)),
    h(
      Text,
      { bold: true, color: theme.colour && connection ? 'yellow' : undefined, wrap: 'wrap' },
      fit.noteLine || !note ? statusLine : note,
    ),
    fit.noteLine && h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, note || ' '),
    fit.keys && h(Text, { dimColor: theme.colour, wrap: 'wrap' }, keyLine),
  );
}
