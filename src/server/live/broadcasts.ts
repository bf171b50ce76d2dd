/** The hub's subscribers by game and by connection, and every change sent to the subscribers of its game, in order. */
import type { ServerFrame } from '../../api/index.ts';
import type { GameEvent, GameRecord } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { ChatRow } from '../../store/index.ts';
import { fanOut } from './fan-out.ts';
import { chatFrame, endFrame, type FrameMove, moveFrames, stateFrame } from './frames.ts';

export interface Connection {
  /** The logged-in user, or null for a spectator. */
  readonly user: () => string | null;
  send(frame: ServerFrame): void;
}

export interface Subscription {
  readonly conn: Connection;
  readonly seat: number | null;
  /** The last move number sent to this subscriber. */
  lastMoveNo: number;
  lastChatId: number;
  endSent: boolean;
  /** Live frames held back while the backlog is being sent. */
  pending: { moveNo: number; frame: (seat: number | null) => ServerFrame; end: boolean }[] | null;
}

/** What the hub knows: who watches which game, and per watched game what was delivered. */
export interface HubState {
  readonly byGame: Map<number, Map<Connection, Subscription>>;
  readonly byConn: Map<Connection, Set<number>>;
  /** Per game with subscribers: the last move number and chat id delivered, for remote pulls. */
  readonly known: Map<number, { moveNo: number; chatId: number; ended: boolean }>;
  readonly gameOf: (record: GameRecord) => AnyGame;
}

export function hubState(games: Readonly<Record<string, AnyGame>>): HubState {
  return {
    byGame: new Map(),
    byConn: new Map(),
    known: new Map(),
    gameOf: (record) => {
      const game = games[record.gameType];
      if (!game) throw new Error(`unknown game type ${record.gameType}`);
      return game;
    },
  };
}

/** A frame to one subscriber: held while its backlog is sent, else sent once and in order. */
export const deliver = (
  sub: Subscription,
  moveNo: number,
  frame: (seat: number | null) => ServerFrame,
  end: boolean,
) => {
  if (sub.pending) {
    sub.pending.push({ moveNo, frame, end });
    return;
  }
  if (end) {
    if (sub.endSent) return;
    sub.endSent = true;
  } else {
    if (moveNo <= sub.lastMoveNo) return;
    sub.lastMoveNo = moveNo;
  }
  sub.conn.send(frame(sub.seat));
};

export function broadcasts({ byGame, known, gameOf }: HubState) {
  /** To every subscriber of a game still subscribed: the players at once, spectators in slices. */
  const paced = fanOut();
  const toSubs = (gameId: number, subs: Map<Connection, Subscription>, each: (sub: Subscription) => void) =>
    paced.send(
      gameId,
      subs.values(),
      (sub) => sub.seat !== null,
      (sub) => {
        if (byGame.get(gameId)?.get(sub.conn) === sub) each(sub);
      },
    );

  const broadcastMove = (record: GameRecord, move: FrameMove, withView: boolean) => {
    const k = known.get(record.id);
    if (k && move.moveNo > k.moveNo) k.moveNo = move.moveNo;
    const subs = byGame.get(record.id);
    if (!subs) return;
    const frame = moveFrames(gameOf(record), record, move, withView);
    toSubs(record.id, subs, (sub) => deliver(sub, move.moveNo, frame, false));
  };

  const broadcastEnd = (record: GameRecord) => {
    const k = known.get(record.id);
    if (k) k.ended = true;
    const subs = byGame.get(record.id);
    if (!subs) return;
    const frame = endFrame(record);
    toSubs(record.id, subs, (sub) => deliver(sub, record.moveCount, () => frame, true));
  };

  /**
   * The game's whole position to every subscriber: after a takeback, when the game went back to an
   * earlier move and the moves after it are gone (clients drop the moves they held past it).
   */
  const broadcastState = (record: GameRecord) => {
    const k = known.get(record.id);
    if (k) k.moveNo = record.moveCount;
    const subs = byGame.get(record.id);
    if (!subs) return;
    const game = gameOf(record);
    toSubs(record.id, subs, (sub) => {
      // One still catching up reads the log again when it subscribes from where its page ended.
      if (sub.pending) return;
      sub.lastMoveNo = record.moveCount;
      sub.conn.send(stateFrame(game, record, sub.seat));
    });
  };

  const broadcastChat = (row: ChatRow) => {
    const k = known.get(row.gameId);
    if (k && row.id > k.chatId) k.chatId = row.id;
    const subs = byGame.get(row.gameId);
    if (!subs) return;
    const frame = chatFrame(row);
    for (const sub of subs.values()) {
      // Chat is private to the board's players.
      if (sub.seat === null || row.id <= sub.lastChatId) continue;
      sub.lastChatId = row.id;
      sub.conn.send(frame);
    }
  };

  /** Deliver a change committed by this process; every move before it must have gone out. */
  const deliverLocal = (event: GameEvent): void => {
    if (event.kind === 'move') broadcastMove(event.game, event.move, true);
    if (event.kind === 'takeback') broadcastState(event.game);
    if (event.kind === 'takeback-offer') {
      const frame: ServerFrame = { type: 'takeback-offer', gameId: event.game.id, offer: event.offer };
      const subs = byGame.get(event.game.id);
      if (subs) toSubs(event.game.id, subs, (sub) => sub.conn.send(frame));
    }
    if (event.kind === 'end' || event.game.status !== 'active') broadcastEnd(event.game);
  };

  return { broadcastMove, broadcastEnd, broadcastState, broadcastChat, deliverLocal };
}

export type Broadcasts = ReturnType<typeof broadcasts>;
