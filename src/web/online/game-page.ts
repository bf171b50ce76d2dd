/**
 * The online game page's logic, apart from React: what a live frame does to the page, the status
 * line, and the words for a board played from the keyboard. Pure, so it is tested without a
 * browser.
 */
import { resultText, type ServerFrame } from '../../api/index.ts';
import { applyFrame, dropLostOwn, isOwnChallenge, type OnlineGame, refuseOwn } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { BoardKeys } from '../web-game.ts';

/** Our move on its way to the server: the frame ref its answer carries, and the move's number. */
export interface SentMove {
  readonly ref: number;
  readonly moveNo: number;
}

/** What a frame does to the page: how the game changes, our move still on its way, what to say. */
export interface FrameEffect {
  readonly update: (live: OnlineGame) => OnlineGame;
  readonly sent: SentMove | null;
  readonly message?: string;
}

export const LOST_MOVE = 'Your last move was lost with the connection: play it again.';

const unchanged = (live: OnlineGame): OnlineGame => live;

/**
 * A frame from the server, given the game as the page shows it and our move on its way. The
 * server's refusal of our move rolls it back; a resubscription finding fewer moves than ours means
 * our move went out on a connection that dropped, so it is dropped too and the player told.
 */
export function frameEffect(
  game: AnyGame | undefined,
  frame: ServerFrame,
  live: OnlineGame | null,
  sent: SentMove | null,
): FrameEffect {
  if (frame.type === 'subscribed' && 'gameId' in frame) {
    // A move sent on a connection that dropped before the server got it gets no answer.
    const held = frame.moveCount;
    const lost = live?.pending != null && live.pending.moveNo > held;
    return {
      update: (l) => dropLostOwn(l, held),
      sent: lost ? null : sent,
      ...(lost ? { message: LOST_MOVE } : {}),
    };
  }
  if (frame.type === 'error') {
    const mine = sent !== null && sent.ref === frame.ref ? sent : null;
    return {
      update: mine ? (l) => refuseOwn(l, mine.moveNo) : unchanged,
      sent: mine ? null : sent,
      message: frame.error,
    };
  }
  // The echoed move frame, which names who moves next, settles the pending move.
  if (frame.type === 'ack') return { update: unchanged, sent: sent?.ref === frame.ref ? null : sent };
  return { update: game ? (l) => applyFrame(game, l, frame) : unchanged, sent };
}

/** The browser tab's title for a game: the game and the opponent ("Atom-4 vs bob"), or both players. */
export function gameTabTitle(
  show: { readonly title: string; readonly id: number; readonly players: readonly string[] },
  me: string | undefined,
): string {
  if (show.players.length < 2) return `${show.title} #${show.id}`;
  const others = show.players.filter((p) => p !== me);
  return others.length < show.players.length
    ? `${show.title} vs ${others.join(', ')}`
    : `${show.title}: ${show.players.join(' vs ')}`;
}

/** The status line: whose move it is, or how the game ended, naming the `players` by seat. */
export function statusText(live: OnlineGame, me: string | undefined, players: readonly string[]): string {
  if (live.status === 'active') return live.toMove === me ? 'Your move.' : `${live.toMove ?? '…'} to move.`;
  const result = resultText({ ...live, players });
  return live.status === 'void' ? `${result}.` : `Game over: ${result}.`;
}

/** What a screen reader says after each move: the move's number and notation, then the status. */
export function moveAnnouncement(live: OnlineGame, status: string): string {
  const last = live.moves.at(-1);
  if (last === undefined) return status;
  return `Move ${live.movesFrom + live.moves.length - 1}: ${last}. ${status}`;
}

/** The move a letter key plays on this board, if any. */
export const letterMove = (keys: BoardKeys, key: string): string | undefined =>
  Object.hasOwn(keys.letters, key) ? keys.letters[key] : undefined;

/** The board's name for screen readers, which says how to play it. */
export const boardLabel = (keys: BoardKeys): string => `Board: arrows move the cursor, Enter ${keys.enter}`;

/** The hint under the buttons. */
export const keysHint = (keys: BoardKeys): string =>
  `Keys: Tab to the board, arrows move the cursor, Enter ${keys.enter}; ${keys.lettersHelp}.`;

/** The moves in the move box: one or more, separated by spaces (as PBeM's preview takes them). */
export const typedMoves = (typed: string): string[] => typed.split(/\s+/).filter((m) => m !== '');

/**
 * How a player may end the game short of resigning: their own challenge nobody has answered is
 * cancelled, a game they have not moved in yet is declined; otherwise only resigning is left.
 */
export function withdrawal(
  live: Pick<OnlineGame, 'status' | 'moveCount'>,
  show: { readonly players: readonly string[]; readonly challenger: string | null },
  seat: number,
): 'cancel' | 'decline' | null {
  const me = show.players[seat];
  if (me === undefined) return null;
  if (isOwnChallenge(me, { ...show, status: live.status, moveCount: live.moveCount })) return 'cancel';
  return live.moveCount <= seat ? 'decline' : null;
}
