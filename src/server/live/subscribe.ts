/** A connection subscribing to a game: the state or the moves it missed (a page at a time), then live frames. */
import { type Refusal, refuse } from '../../engine/index.ts';
import type { Store } from '../../store/index.ts';
import { type Connection, deliver, type HubState, type Subscription } from './broadcasts.ts';
import { endFrame, moveFrames, stateFrame } from './frames.ts';

export const MAX_SUBSCRIPTIONS = 200;
/** Moves of the backlog sent in reply to one subscription. */
export const BACKLOG_PAGE = 100;

/**
 * Subscribe a connection to a game. With `since`, send the moves after it (the last one with
 * the current view); without, send the current state. Then live frames follow.
 */
export async function subscribe(
  store: Store,
  { byGame, byConn, known, gameOf }: HubState,
  unsubscribe: (conn: Connection, gameId: number) => void,
  conn: Connection,
  gameId: number,
  since?: number,
): Promise<Refusal | null> {
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
    conn.send(stateFrame(game, record, sub.seat));
  } else {
    // At most a page of the backlog per request. A client further behind is told where the
    // page ended and subscribes again from there; until it has caught up it is sent nothing
    // live, so it gets every move once and in order.
    const missed = await store.moveLog(gameId, since, BACKLOG_PAGE);
    const page = missed.filter((m) => m.moveNo <= record.moveCount);
    const last = page.at(-1)?.moveNo ?? since;
    const complete = last >= record.moveCount;
    page.forEach((m, i) => {
      conn.send(moveFrames(game, record, m, complete && i === page.length - 1)(sub.seat));
    });
    if (!complete) {
      if (subs.get(conn) === sub) unsubscribe(conn, gameId);
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
}
