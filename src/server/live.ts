/**
 * Live updates. Each WebSocket connection subscribes to games; the hub sends every subscriber each
 * committed move (with the new view for the subscriber's seat), the end of a game, and, to
 * players only, the board's chat. A subscriber that names the last move number it saw is sent
 * exactly the moves after it before any live ones, so reconnecting loses nothing and repeats
 * nothing; a long backlog comes a page per subscription, the client resubscribing from the end
 * of each page (a `more` frame) until it has caught up. Changes committed by other server
 * processes arrive as store signals (PostgreSQL LISTEN/NOTIFY) and are read back from the store.
 */
import type { ServerFrame } from '../api/index.ts';
import { type GameEvent, type GameRecord, type Refusal, refuse } from '../engine/index.ts';
import type { AnyGame } from '../games/index.ts';
import type { ChatRow, RemoteSignal, Store } from '../store/index.ts';
import { fanOut } from './fan-out.ts';

export type { ServerFrame };

export interface Connection {
  /** The logged-in user, or null for a spectator. */
  readonly user: () => string | null;
  send(frame: ServerFrame): void;
}

interface Subscription {
  readonly conn: Connection;
  readonly seat: number | null;
  /** The last move number sent to this subscriber. */
  lastMoveNo: number;
  lastChatId: number;
  endSent: boolean;
  /** Live frames held back while the backlog is being sent. */
  pending: { moveNo: number; frame: (seat: number | null) => ServerFrame; end: boolean }[] | null;
}

export const MAX_SUBSCRIPTIONS = 200;
/** Moves of the backlog sent in reply to one subscription. */
export const BACKLOG_PAGE = 100;

export function createHub(store: Store, games: Readonly<Record<string, AnyGame>>) {
  const byGame = new Map<number, Map<Connection, Subscription>>();
  const byConn = new Map<Connection, Set<number>>();
  /** Per game with subscribers: the last move number and chat id delivered, for remote pulls. */
  const known = new Map<number, { moveNo: number; chatId: number; ended: boolean }>();
  const pulls = new Map<number, Promise<void>>();
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

  const gameOf = (record: GameRecord): AnyGame => {
    const game = games[record.gameType];
    if (!game) throw new Error(`unknown game type ${record.gameType}`);
    return game;
  };

  /**
   * The move frame builder for a record after one move. Views are computed once per seat, and
   * seats that see the same view object share one frame object (so it is encoded once).
   */
  const moveFrames = (
    record: GameRecord,
    move: { moveNo: number; seat: number; text: string; auto: boolean; at: number },
    withView: boolean,
  ) => {
    const game = gameOf(record);
    const bySeat = new Map<number | null, ServerFrame>();
    const byView = new Map<unknown, ServerFrame>();
    return (seat: number | null): ServerFrame => {
      let frame = bySeat.get(seat);
      if (frame) return frame;
      const view = withView ? game.view(record.state, seat) : undefined;
      frame = byView.get(view);
      if (!frame) {
        frame = {
          type: 'move',
          gameId: record.id,
          moveNo: move.moveNo,
          seat: move.seat,
          move: move.text,
          auto: move.auto,
          at: move.at,
          moveCount: record.moveCount,
          status: record.status,
          outcome: record.outcome,
          toMove: record.toMove,
          ...(withView ? { view } : {}),
        };
        byView.set(view, frame);
      }
      bySeat.set(seat, frame);
      return frame;
    };
  };

  const endFrame = (record: GameRecord): ServerFrame => ({
    type: 'end',
    gameId: record.id,
    status: record.status,
    outcome: record.outcome,
    moveCount: record.moveCount,
  });

  const chatFrame = (row: ChatRow): ServerFrame => ({
    type: 'chat',
    gameId: row.gameId,
    id: row.id,
    user: row.user,
    text: row.text,
    at: row.at,
  });

  const deliver = (
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

  const broadcastMove = (record: GameRecord, move: Parameters<typeof moveFrames>[1], withView: boolean) => {
    const k = known.get(record.id);
    if (k && move.moveNo > k.moveNo) k.moveNo = move.moveNo;
    const subs = byGame.get(record.id);
    if (!subs) return;
    const frame = moveFrames(record, move, withView);
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
      sub.conn.send({
        type: 'state',
        gameId: record.id,
        moveCount: record.moveCount,
        status: record.status,
        outcome: record.outcome,
        toMove: record.toMove,
        view: game.view(record.state, sub.seat),
      });
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

  /**
   * Deliver the moves the store holds after the last one delivered, up to and including move
   * `upTo` (all of them without it), in order; the last gets the view if it is the game's latest.
   * Returns the game as read after the log.
   */
  const catchUp = async (gameId: number, upTo = Number.MAX_SAFE_INTEGER) => {
    const k = known.get(gameId);
    if (!k) return undefined;
    // The log first, then the game: the game is then at least as new as the last logged move, so
    // that move carries the view unless newer moves were committed in between (their own signal
    // follows and brings the view). The other order could send the last move without a view.
    const moves = (await store.moveLog(gameId, k.moveNo)).filter((m) => m.moveNo <= upTo);
    const record = await store.loadGame(gameId);
    if (!record) return undefined;
    moves.forEach((m, i) => {
      broadcastMove(record, m, i === moves.length - 1 && m.moveNo === record.moveCount);
    });
    return record;
  };

  /**
   * The move a signal carries, sent on with the game read back, when it is the next move our
   * subscribers are owed and the game is still as that move left it; false when the log must be
   * read instead.
   */
  const nextMove = async (gameId: number, move: RemoteSignal['move']): Promise<GameRecord | false> => {
    if (!move || known.get(gameId)?.moveNo !== move.record.moveNo - 1) return false;
    const record = await store.loadGame(gameId);
    const k = known.get(gameId);
    if (!record || record.version !== move.version || k?.moveNo !== move.record.moveNo - 1) return false;
    broadcastMove(record, move.record, record.moveCount === move.record.moveNo);
    return record;
  };

  /** Read back what another process committed to a game our subscribers watch. */
  const pull = async (signal: RemoteSignal): Promise<void> => {
    const { gameId, kind } = signal;
    const k = known.get(gameId);
    if (!k) return;
    if (kind === 'chat') {
      for (const row of await store.chat(gameId, 100)) if (row.id > k.chatId) broadcastChat(row);
      return;
    }
    const before = k.moveNo;
    const record = (await nextMove(gameId, signal.move)) || (await catchUp(gameId));
    // Fewer moves than were delivered: another process took moves back.
    if (record && record.moveCount < before) broadcastState(record);
    // An end is sent only after the game's last move (one committed after the log was read comes
    // with its own signal).
    if (record && record.status !== 'active' && !k.ended && record.moveCount <= k.moveNo)
      broadcastEnd(record);
  };

  /**
   * Run `task` for a game after every earlier one for it has finished: store reads and the
   * deliveries that wait for them go out in the order they were asked for.
   */
  const inTurn = (gameId: number, task: () => Promise<void>): void => {
    const previous = pulls.get(gameId) ?? Promise.resolve();
    const next = previous.then(task).catch(() => undefined);
    pulls.set(gameId, next);
    void next.then(() => {
      if (pulls.get(gameId) === next) pulls.delete(gameId);
    });
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

  return {
    /**
     * A change committed by this process. Moves go out in order with no gaps: one whose
     * predecessors have not all been delivered (another process committed them and their signal
     * is still on its way) waits until they have been read from the store and sent.
     */
    local(event: GameEvent): void {
      const id = event.game.id;
      const k = known.get(id);
      const last = event.kind === 'move' ? event.move.moveNo - 1 : event.game.moveCount;
      if (!k || (!pulls.has(id) && k.moveNo >= last)) {
        deliverLocal(event);
        return;
      }
      inTurn(id, async () => {
        // Reads of the store only while moves before this one are still missing.
        if ((known.get(id)?.moveNo ?? last) < last) await catchUp(id, last);
        const now = known.get(id);
        // Sent only in order: should the store have failed to give the moves before it, the
        // next signal or move of this game reads them and this one together.
        if (now && now.moveNo >= last) deliverLocal(event);
      });
    },

    chat: broadcastChat,

    /** A change committed by another process; pulls for one game run one at a time. */
    remote(signal: RemoteSignal): void {
      if (signal.kind === 'resync') {
        for (const gameId of known.keys()) {
          this.remote({ kind: 'game', gameId });
          this.remote({ kind: 'chat', gameId });
        }
        return;
      }
      if (!known.has(signal.gameId)) return;
      inTurn(signal.gameId, () => pull(signal));
    },

    /**
     * Subscribe a connection to a game. With `since`, send the moves after it (the last one with
     * the current view); without, send the current state. Then live frames follow.
     */
    async subscribe(conn: Connection, gameId: number, since?: number): Promise<Refusal | null> {
      const mine = byConn.get(conn) ?? new Set<number>();
      if (!mine.has(gameId) && mine.size >= MAX_SUBSCRIPTIONS) {
        return refuse('rate-limited', `at most ${MAX_SUBSCRIPTIONS} subscriptions per connection`);
      }
      const first = await store.loadGame(gameId);
      if (!first) return refuse('not-found', `there is no game ${gameId}`);
      const user = conn.user();
      const seatIndex = user === null ? -1 : first.players.indexOf(user);
      const sub: Subscription = {
        conn,
        seat: seatIndex < 0 ? null : seatIndex,
        lastMoveNo: 0,
        lastChatId: Number.MAX_SAFE_INTEGER,
        endSent: false,
        pending: [],
      };
      let subs = byGame.get(gameId);
      if (!subs) {
        subs = new Map();
        byGame.set(gameId, subs);
      }
      subs.set(conn, sub);
      mine.add(gameId);
      byConn.set(conn, mine);
      // Read after registering, so nothing committed in between is missed.
      const record = (await store.loadGame(gameId)) ?? first;
      if (!known.has(gameId)) known.set(gameId, { moveNo: record.moveCount, chatId: 0, ended: false });
      const k = known.get(gameId);
      if (k && k.chatId === 0 && sub.seat !== null) {
        const lines = await store.chat(gameId, 1);
        k.chatId = Math.max(k.chatId, lines[0]?.id ?? 0);
      }
      sub.lastChatId = k?.chatId ?? 0;
      const game = gameOf(record);
      conn.send({
        type: 'subscribed',
        gameId,
        gameType: record.gameType,
        players: record.players,
        seat: sub.seat,
        moveCount: record.moveCount,
        status: record.status,
      });
      if (since === undefined || since > record.moveCount) {
        conn.send({
          type: 'state',
          gameId,
          moveCount: record.moveCount,
          status: record.status,
          outcome: record.outcome,
          toMove: record.toMove,
          view: game.view(record.state, sub.seat),
        });
      } else {
        // At most a page of the backlog per request. A client further behind is told where the
        // page ended and subscribes again from there; until it has caught up it is sent nothing
        // live, so it gets every move once and in order.
        const missed = await store.moveLog(gameId, since, BACKLOG_PAGE);
        const page = missed.filter((m) => m.moveNo <= record.moveCount);
        const last = page.at(-1)?.moveNo ?? since;
        const complete = last >= record.moveCount;
        page.forEach((m, i) => {
          conn.send(moveFrames(record, m, complete && i === page.length - 1)(sub.seat));
        });
        if (!complete) {
          if (subs.get(conn) === sub) this.unsubscribe(conn, gameId);
          conn.send({ type: 'more', gameId, since: last, moveCount: record.moveCount });
          return null;
        }
      }
      sub.lastMoveNo = record.moveCount;
      if (record.status !== 'active') {
        conn.send(endFrame(record));
        sub.endSent = true;
      }
      const held = sub.pending ?? [];
      sub.pending = null;
      for (const p of held) deliver(sub, p.moveNo, p.frame, p.end);
      return null;
    },

    unsubscribe(conn: Connection, gameId: number): void {
      byGame.get(gameId)?.delete(conn);
      if (byGame.get(gameId)?.size === 0) {
        byGame.delete(gameId);
        known.delete(gameId);
      }
      byConn.get(conn)?.delete(gameId);
    },

    drop(conn: Connection): void {
      for (const gameId of byConn.get(conn) ?? []) this.unsubscribe(conn, gameId);
      byConn.delete(conn);
    },

    /** Subscriptions in this process, for tests and the benchmark. */
    size: (): number => byConn.size,
  };
}

export type Hub = ReturnType<typeof createHub>;
