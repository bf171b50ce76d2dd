/** A client's frame on the WebSocket answered: ping, auth, subscribe and unsubscribe (a game, notices, the metagame), move. */
import type * as S from '../../api/index.ts';
import type { Connection, ServerFrame } from '../live/index.ts';
import type { LiveContext } from './live-context.ts';
import type { SocketSession } from './socket-session.ts';

/** One socket as its frames see it. */
export interface SocketFrames {
  readonly context: LiveContext;
  readonly conn: Connection;
  readonly account: SocketSession;
  /** Has the socket closed (a frame still being handled must not outlive it)? */
  readonly isClosed: () => boolean;
}

type Frame<T extends S.ClientFrame['type']> = Extract<S.ClientFrame, { type: T }>;
/** The client's reference, echoed in every answer to its frame. */
type Ref = { readonly ref?: S.ClientFrame['ref'] };

const unauthorized = (error: string, ref: Ref): ServerFrame => ({
  type: 'error',
  code: 'unauthorized',
  error,
  ...ref,
});

async function auth({ conn, account }: SocketFrames, frame: Frame<'auth'>, ref: Ref): Promise<void> {
  const who = await account.logIn(frame.token);
  if (!who) return conn.send({ ...account.loginRefused(), ...ref });
  return conn.send({ type: 'auth', user: who, ...ref });
}

async function subscribe(socket: SocketFrames, frame: Frame<'subscribe'>, ref: Ref): Promise<void> {
  const { conn, account, isClosed } = socket;
  const { hub, notices, intricacy } = socket.context;
  const user = await account.currentUser();
  if (isClosed()) return;
  if ('metagame' in frame) return intricacy.subscribe(conn, frame.ref);
  if ('notices' in frame) {
    if (!user) return conn.send(unauthorized('log in first (send an auth frame) to hear of your games', ref));
    notices.subscribe(conn, user);
    return conn.send({ type: 'subscribed', notices: true, ...ref });
  }
  const problem = await hub.subscribe(conn, frame.gameId, frame.since);
  if (isClosed())
    hub.drop(conn); // it closed while the game was loading
  else if (problem)
    conn.send({ type: 'error', error: problem.error, code: problem.code, gameId: frame.gameId, ...ref });
}

function unsubscribe({ conn, context }: SocketFrames, frame: Frame<'unsubscribe'>, ref: Ref): void {
  if ('metagame' in frame) {
    context.intricacy.unsubscribe(conn);
    conn.send({ type: 'unsubscribed', metagame: frame.metagame, ...ref });
    return;
  }
  if ('notices' in frame) {
    context.notices.unsubscribe(conn);
    conn.send({ type: 'unsubscribed', notices: true, ...ref });
    return;
  }
  context.hub.unsubscribe(conn, frame.gameId);
  conn.send({ type: 'unsubscribed', gameId: frame.gameId, ...ref });
}

async function move(socket: SocketFrames, frame: Frame<'move'>, ref: Ref): Promise<void> {
  const { conn, account, isClosed } = socket;
  const { service, accountLimit } = socket.context;
  const user = await account.currentUser();
  if (isClosed()) return;
  if (!user) return conn.send(unauthorized('log in first (send an auth frame)', ref));
  if (!accountLimit.take(user, Date.now())) {
    return conn.send({
      type: 'error',
      code: 'rate-limited',
      error: 'too many requests for your account',
      ...ref,
    });
  }
  const taken = await service.move(user, frame.gameId, frame.move, frame.moveNo);
  if (!taken.ok)
    return conn.send({ type: 'error', error: taken.error, code: taken.code, gameId: frame.gameId, ...ref });
  return conn.send({
    type: 'ack',
    gameId: frame.gameId,
    moveNo: taken.value.moves[0]?.moveNo,
    move: taken.value.moves[0]?.text,
    moveCount: taken.value.game.moveCount,
    ...ref,
  });
}

/** Answers one frame that passed the schema. */
export async function answerFrame(socket: SocketFrames, frame: S.ClientFrame): Promise<void> {
  const ref = frame.ref === undefined ? {} : { ref: frame.ref };
  switch (frame.type) {
    case 'ping':
      return socket.conn.send({ type: 'pong', ...ref });
    case 'auth':
      return auth(socket, frame, ref);
    case 'subscribe':
      return subscribe(socket, frame, ref);
    case 'unsubscribe':
      return unsubscribe(socket, frame, ref);
    case 'move':
      return move(socket, frame, ref);
  }
}
