/**
 * What a client knows of one server game, and how the server's live frames and the player's own
 * moves change it. Both clients (web and terminal) use it, so the one set of rules for showing a
 * move at once and reconciling it with the server lives here, beside the authority it mirrors.
 * A move the player makes is shown at once (the rules module applies it locally) and kept as
 * `pending` until the server accepts or refuses it; a refusal puts the position back. Pure, so it
 * is tested without a server.
 */
import type {
  FrameOf,
  GameShow,
  GameStatus,
  GameSummary,
  LoggedMove,
  Outcome,
  ServerFrame,
} from '../api/index.ts';
import { type AnyGame, playText } from '../games/game.ts';
import { awaitingAnswer, hasMoved } from './port/index.ts';

/** A page of a game's move log as `GET /api/games/:id` gives it: moves movesFrom onwards. */
export type MovePage = Pick<GameShow, 'movesFrom'> & { readonly moves: readonly Pick<LoggedMove, 'move'>[] };

/** What `GET /api/games/:id` says of a game, as far as the live state needs it. */
export type ShownGame = MovePage & Pick<GameShow, 'view' | 'moveCount' | 'status' | 'toMove' | 'outcome'>;

/** A game in a lobby list, as far as telling a challenge needs it. */
export type ListedGame = Pick<GameSummary, 'status' | 'players' | 'challenger' | 'moveCount'>;

/** A challenge to you: someone else challenged you and you have not moved yet. */
export function isChallengeTo(me: string, g: ListedGame): boolean {
  const seat = g.players.indexOf(me);
  return (
    g.status === 'active' &&
    seat >= 0 &&
    g.challenger !== null &&
    g.challenger !== me &&
    !hasMoved(g.moveCount, seat)
  );
}

/** Your own challenge that its opponent has not answered yet: you may cancel it. */
export const isOwnChallenge = (me: string, g: ListedGame): boolean =>
  g.challenger === me && awaitingAnswer(g);

export interface OnlineGame {
  readonly view: unknown;
  /**
   * The moves held, numbered from movesFrom through moveCount: the latest page of the log and
   * every move since (earlier pages are fetched on demand, see `withEarlier`).
   */
  readonly moves: readonly string[];
  readonly movesFrom: number;
  /**
   * The moves the view has taken in: the server's count, except while a long backlog is still
   * arriving (then nobody is shown to move until it is in).
   */
  readonly moveCount: number;
  readonly status: GameStatus;
  readonly toMove: string | null;
  readonly outcome: Outcome | null;
  /** Our move, shown but not yet accepted, with the position to return to if it is refused. */
  readonly pending: { readonly moveNo: number; readonly before: OnlineGame } | null;
}

export function fromShow(show: ShownGame): OnlineGame {
  // A page that stops short of the position holds no moves we can list up to it.
  const reaches = show.movesFrom + show.moves.length - 1 === show.moveCount;
  return {
    view: show.view,
    moves: reaches ? show.moves.map((m) => m.move) : [],
    movesFrom: reaches ? show.movesFrom : show.moveCount + 1,
    moveCount: show.moveCount,
    status: show.status,
    toMove: show.toMove,
    outcome: show.outcome,
    pending: null,
  };
}

/** Move `moveNo` of the game, if it is among the moves held. */
const moveAt = (state: OnlineGame, moveNo: number): string | undefined =>
  moveNo >= state.movesFrom ? state.moves[moveNo - state.movesFrom] : undefined;

/** An earlier page of the move log put before the moves held (a page that does not meet them is ignored). */
export function withEarlier(state: OnlineGame, page: MovePage): OnlineGame {
  const before = page.moves.slice(0, state.movesFrom - page.movesFrom).map((m) => m.move);
  if (page.movesFrom >= state.movesFrom || page.movesFrom + before.length !== state.movesFrom) return state;
  return {
    ...state,
    moves: [...before, ...state.moves],
    movesFrom: page.movesFrom,
    pending: state.pending && { ...state.pending, before: withEarlier(state.pending.before, page) },
  };
}

/** The last move the server has confirmed to us: where to resubscribe from after a reconnect. */
export function confirmedMoves(state: OnlineGame): number {
  return state.pending ? state.pending.moveNo - 1 : state.moveCount;
}

/**
 * After a resubscription: the server holds `serverMoves` moves. A pending move numbered beyond
 * them never arrived (it went out on the connection that dropped, whose answer is lost with it),
 * so the position goes back to before it. Used where moves travel on the live socket (the web
 * page); a move sent over HTTP still gets its own answer.
 */
export function dropLostOwn(state: OnlineGame, serverMoves: number): OnlineGame {
  return state.pending && state.pending.moveNo > serverMoves ? state.pending.before : state;
}

/** Where the game stands after a state or move frame. */
const factsOf = (frame: FrameOf<'state' | 'move'>) => ({
  moveCount: frame.moveCount,
  status: frame.status,
  toMove: frame.toMove,
  outcome: frame.outcome,
});

/** The game after a frame from the server. */
export function applyFrame(game: AnyGame, given: OnlineGame, frame: ServerFrame): OnlineGame {
  let state = given;
  if (frame.type === 'state') {
    // The server's whole position replaces ours, pending move and all; the moves we hold are kept
    // only if they reach it.
    const { moveCount } = frame;
    const held = state.movesFrom - 1 + state.moves.length;
    const moves = held >= moveCount ? state.moves.slice(0, Math.max(0, moveCount - state.movesFrom + 1)) : [];
    const movesFrom = held >= moveCount ? Math.min(state.movesFrom, moveCount + 1) : moveCount + 1;
    return { ...state, ...factsOf(frame), view: frame.view, moves, movesFrom, pending: null };
  }
  if (frame.type === 'move') {
    const { moveNo, move: text } = frame;
    // Someone else's move took the number of our pending one: ours is void, start from before it.
    const pending = state.pending;
    if (
      pending &&
      moveNo <= pending.moveNo &&
      !(moveNo === pending.moveNo && moveAt(state, moveNo) === text)
    ) {
      state = pending.before;
    }
    if (moveNo < state.moveCount && (moveNo < state.movesFrom || moveAt(state, moveNo) === text)) {
      return state; // a repeat of a move we already have
    }
    const known = moveAt(state, moveNo) === text;
    let view = frame.view;
    if (view === undefined) {
      if (known) view = state.view;
      else {
        const applied = playText(game, state.view, text);
        view = applied.ok ? applied.value : state.view;
      }
    }
    // A move outside what we hold, or past a gap after it (never sent by a correct server), starts
    // the list afresh.
    const follows = moveNo >= state.movesFrom && moveNo <= state.movesFrom + state.moves.length;
    const moves = known
      ? state.moves
      : follows
        ? [...state.moves.slice(0, moveNo - state.movesFrom), text]
        : [text];
    const movesFrom = follows ? state.movesFrom : moveNo;
    const still = state.pending && state.pending.moveNo > moveNo ? state.pending : null;
    // A move of a backlog still arriving: the server's facts are those of its latest move.
    const catchingUp = frame.view === undefined && moveNo < frame.moveCount;
    const now = catchingUp ? { moveCount: moveNo, toMove: null } : factsOf(frame);
    return { ...state, ...now, view, moves, movesFrom, pending: still };
  }
  if (frame.type === 'end') {
    return { ...state, status: frame.status, outcome: frame.outcome, toMove: null };
  }
  return state;
}

/**
 * Our move shown at once, in the game's own notation. An error names what is wrong with it
 * (not our turn, illegal) and changes nothing.
 */
export function playOwn(
  game: AnyGame,
  state: OnlineGame,
  me: string,
  text: string,
): { ok: true; state: OnlineGame; move: string; moveNo: number } | { ok: false; error: string } {
  if (state.status !== 'active') return { ok: false, error: 'The game is over.' };
  if (state.pending) return { ok: false, error: 'Waiting for the server to take your last move.' };
  if (state.toMove !== me)
    return { ok: false, error: `It is ${state.toMove ?? 'nobody'}'s move, not yours.` };
  const parsed = game.parseMove(text, state.view);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const next = game.play(state.view, parsed.value);
  if (!next.ok) return { ok: false, error: next.error };
  const move = game.formatMove(parsed.value, state.view);
  const moveNo = state.moveCount + 1;
  return {
    ok: true,
    move,
    moveNo,
    state: {
      ...state,
      view: next.value,
      moves: [...state.moves, move],
      moveCount: moveNo,
      toMove: null,
      pending: { moveNo, before: state },
    },
  };
}

/** The server refused our pending move: back to the position before it. */
export function refuseOwn(state: OnlineGame, moveNo: number): OnlineGame {
  return state.pending?.moveNo === moveNo ? state.pending.before : state;
}

/** The server took our pending move (its reply names who moves next). */
export function acceptOwn(
  state: OnlineGame,
  moveNo: number,
  summary: Pick<GameSummary, 'moveCount' | 'status' | 'toMove' | 'outcome'>,
): OnlineGame {
  if (state.pending?.moveNo !== moveNo) return state;
  // Frames may already have carried the game further; only fill in what is still ours to know.
  if (state.moveCount > moveNo) return { ...state, pending: null };
  return {
    ...state,
    pending: null,
    toMove: summary.moveCount === moveNo ? summary.toMove : state.toMove,
    status: summary.moveCount === moveNo ? summary.status : state.status,
    outcome: summary.moveCount === moveNo ? summary.outcome : state.outcome,
  };
}
