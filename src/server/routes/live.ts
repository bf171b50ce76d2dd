/** Live updates: the WebSocket at /ws (frames and their limits: docs/api.md, "WebSocket"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { WebSocket } from 'ws';
import * as S from '../../api/index.ts';
import { accountSockets } from '../account-sockets.ts';
import { CUT_OFF_MS } from '../connections.ts';
import type { Intricacy } from '../intricacy-routes.ts';
import type { limiter } from '../limits.ts';
import type { Connection, Hub, ServerFrame } from '../live.ts';
import type { Notices } from '../notices.ts';
import { explain } from '../schema-sentence.ts';
import type { Service } from '../service.ts';
import type { sessionSockets } from '../session-sockets.ts';
import { clientOf, POLICY_VIOLATION, type socketCap } from '../socket-cap.ts';
import { decode, encode, type Format } from '../wire.ts';

const checkFrame = TypeCompiler.Compile(S.ClientFrame);
const encodedFrames: Record<Format, WeakMap<object, string | Buffer>> = {
  json: new WeakMap(),
  msgpack: new WeakMap(),
};
/** Frames one connection may have waiting to be handled. */
const MAX_WAITING_FRAMES = 64;
/** Frames over the limit after which the connection is closed (the first is warned), counted
 * until the client has kept within the limits for DROPS_FORGOTTEN_MS. */
const MAX_DROPPED_FRAMES = 16;
const DROPS_FORGOTTEN_MS = 10_000;

/** Close a WebSocket with the reason, read nothing more from it, and drop the connection soon
 * after rather than wait for the client's side of the closing handshake (it may never come). */
function dismiss(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.close(code, reason);
  (socket as unknown as { _socket?: import('node:net').Socket })._socket?.pause();
  setTimeout(() => socket.terminate(), CUT_OFF_MS).unref();
}

export interface LiveContext {
  readonly service: Service;
  readonly hub: Hub;
  /** The notices of a logged-in user's games. */
  readonly notices: Notices;
  readonly intricacy: Intricacy;
  /** Sockets by session, closed when their session ends. */
  readonly sessions: ReturnType<typeof sessionSockets>;
  /** Is the session still in the store and unexpired (another process may have ended it)? */
  readonly sessionCurrent: (tokenHash: string, now: number) => Promise<boolean>;
  /** The cap on open WebSockets, per client and in all. */
  readonly sockets: ReturnType<typeof socketCap>;
  readonly socketLimit: ReturnType<typeof limiter>;
  readonly accountLimit: ReturnType<typeof limiter>;
}

export const liveRoutes: FastifyPluginAsyncTypebox<LiveContext> = async (app, context) => {
  const { service, hub, notices, intricacy, sessions, sessionCurrent, sockets, socketLimit, accountLimit } =
    context;
  const accounts = accountSockets();
  app.get(
    '/ws',
    { websocket: true, schema: { querystring: S.SocketQuery } },
    async (socket: WebSocket, request) => {
      // Over the cap, the connection is closed with the reason before anything is set up for it.
      const admitted = sockets.admit(request.ip);
      if (!admitted.ok) return dismiss(socket, admitted.code, admitted.reason);
      socket.once('close', admitted.release);
      const query = request.query as { format?: Format; token?: string };
      const format: Format = query.format === 'json' ? 'json' : 'msgpack';
      let user: string | null = null;
      // The session the socket acts for: it closes when the session ends.
      let session: { tokenHash: string; untrack: () => void } | null = null;
      const forget = () => {
        session?.untrack();
        session = null;
      };
      const sessionEnded = () => {
        forget();
        user = null;
        socket.close(POLICY_VIOLATION, 'your session has ended; log in again');
      };
      /** Why the last login was refused though its session was valid (its account's cap). */
      let refusal: string | undefined;
      /** Act for the session that `token` opens, or for nobody if it opens none. */
      const logIn = async (token: string): Promise<string | null> => {
        const found = await service.session(token);
        forget();
        const before = user;
        const admitted = found && !closed ? accounts.admit(found.user) : undefined;
        refusal = admitted?.ok === false ? admitted.reason : undefined;
        user = admitted?.ok === false ? null : (found?.user ?? null);
        // Game subscriptions (their seat's view and chat) and notices were granted to the user the
        // socket acted for; kept under another identity, they would outlive that user's session.
        if (user !== before) {
          hub.drop(conn);
          notices.unsubscribe(conn);
        }
        if (found && admitted?.ok) {
          const untrack = sessions.add({ ...found, end: sessionEnded });
          session = {
            tokenHash: found.tokenHash,
            untrack: () => {
              untrack();
              admitted.release();
            },
          };
        }
        return user;
      };
      /** The user, once the session is confirmed still current (another process may have ended it). */
      const currentUser = async (): Promise<string | null> => {
        if (session && !(await sessionCurrent(session.tokenHash, Date.now()))) sessionEnded();
        return user;
      };
      // One frame budget for all of a client's sockets, so opening more buys no more frames.
      const key = clientOf(request.ip);
      const raw = (socket as unknown as { _socket?: import('node:net').Socket })._socket;
      let corked = false;
      const uncork = () => {
        corked = false;
        raw?.uncork();
      };
      const conn: Connection = {
        user: () => user,
        send(frame: ServerFrame) {
          if (socket.readyState !== socket.OPEN) return;
          // A client that stops reading is cut off rather than buffered without end.
          if (socket.bufferedAmount > 4 * 1024 * 1024) {
            dismiss(socket, 1013, 'too slow');
            return;
          }
          // A frame broadcast to many subscribers is encoded once per format.
          const cache = encodedFrames[format];
          let bytes = cache.get(frame);
          if (bytes === undefined) {
            bytes = encode(format, frame);
            cache.set(frame, bytes);
          }
          // Frames sent in one turn of the event loop (a move's broadcast and its acknowledgement)
          // leave in one write: the socket is corked until the turn ends.
          if (!corked) {
            corked = true;
            raw?.cork();
            setImmediate(uncork);
          }
          socket.send(bytes);
        },
      };
      const reply = (frame: ServerFrame) => conn.send(frame);
      // A subscription still being handled when the socket closes must not outlive it.
      let closed = false;
      const drop = () => {
        closed = true;
        forget();
        hub.drop(conn);
        notices.unsubscribe(conn);
        intricacy.unsubscribe(conn);
      };
      socket.on('close', drop);
      socket.on('error', drop);
      const loginRefused = (): ServerFrame =>
        refusal
          ? { type: 'error', code: 'rate-limited', error: refusal }
          : { type: 'error', code: 'unauthorized', error: 'that session token is not valid; log in again' };
      // A token in the address (older clients; ours send an auth frame, since addresses end up in
      // logs). Frames may arrive before it is checked: each handler waits for the check first.
      const authenticated = (query.token ? logIn(query.token) : Promise.resolve(null)).then((who) => {
        if (query.token && !who) reply(loginRefused());
      });
      // Frames from one connection are handled one at a time, in the order they were sent.
      let chain: Promise<void> = authenticated;
      let waiting = 0;
      // Frames over the limit are dropped: the first is answered, and a client that keeps sending
      // is cut off rather than answered frame by frame.
      let dropped = 0;
      let droppedAt = 0;
      socket.on('message', (data, isBinary) => {
        const now = Date.now();
        if (!socketLimit.take(key, now) || waiting >= MAX_WAITING_FRAMES) {
          if (now - droppedAt > DROPS_FORGOTTEN_MS) dropped = 0;
          dropped++;
          droppedAt = now;
          if (dropped === 1)
            reply({ type: 'error', code: 'rate-limited', error: 'too many frames; slow down' });
          else if (dropped >= MAX_DROPPED_FRAMES) dismiss(socket, POLICY_VIOLATION, 'too many frames');
          return;
        }
        waiting++;
        chain = chain
          .then(async () => {
            waiting--;
            if (closed) return;
            const frame = decode(data as Buffer, isBinary);
            if (!checkFrame.Check(frame)) {
              reply({
                type: 'error',
                code: 'bad-request',
                error:
                  frame === undefined
                    ? 'a frame must be MessagePack or JSON'
                    : `bad frame: ${explain(S.ClientFrame, frame, { part: 'frame', path: [] })}`,
              });
              return;
            }
            const ref = frame.ref === undefined ? {} : { ref: frame.ref };
            switch (frame.type) {
              case 'ping':
                reply({ type: 'pong', ...ref });
                return;
              case 'auth': {
                const who = await logIn(frame.token);
                if (!who) return reply({ ...loginRefused(), ...ref });
                return reply({ type: 'auth', user: who, ...ref });
              }
              case 'subscribe': {
                await currentUser();
                if (closed) return;
                if ('metagame' in frame) return intricacy.subscribe(conn, frame.ref);
                if ('notices' in frame) {
                  if (!user)
                    return reply({
                      type: 'error',
                      code: 'unauthorized',
                      error: 'log in first (send an auth frame) to hear of your games',
                      ...ref,
                    });
                  notices.subscribe(conn, user);
                  return reply({ type: 'subscribed', notices: true, ...ref });
                }
                const problem = await hub.subscribe(conn, frame.gameId, frame.since);
                if (closed)
                  hub.drop(conn); // it closed while the game was loading
                else if (problem)
                  reply({
                    type: 'error',
                    error: problem.error,
                    code: problem.code,
                    gameId: frame.gameId,
                    ...ref,
                  });
                return;
              }
              case 'unsubscribe':
                if ('metagame' in frame) {
                  intricacy.unsubscribe(conn);
                  return reply({ type: 'unsubscribed', metagame: frame.metagame, ...ref });
                }
                if ('notices' in frame) {
                  notices.unsubscribe(conn);
                  return reply({ type: 'unsubscribed', notices: true, ...ref });
                }
                hub.unsubscribe(conn, frame.gameId);
                return reply({ type: 'unsubscribed', gameId: frame.gameId, ...ref });
              case 'move': {
                await currentUser();
                if (closed) return;
                if (!user)
                  return reply({
                    type: 'error',
                    code: 'unauthorized',
                    error: 'log in first (send an auth frame)',
                    ...ref,
                  });
                if (!accountLimit.take(user, Date.now())) {
                  return reply({
                    type: 'error',
                    code: 'rate-limited',
                    error: 'too many requests for your account',
                    ...ref,
                  });
                }
                const taken = await service.move(user, frame.gameId, frame.move, frame.moveNo);
                if (!taken.ok)
                  return reply({
                    type: 'error',
                    error: taken.error,
                    code: taken.code,
                    gameId: frame.gameId,
                    ...ref,
                  });
                return reply({
                  type: 'ack',
                  gameId: frame.gameId,
                  moveNo: taken.value.moves[0]?.moveNo,
                  move: taken.value.moves[0]?.text,
                  moveCount: taken.value.game.moveCount,
                  ...ref,
                });
              }
            }
          })
          .catch((error: unknown) => {
            app.log.error({ err: error }, 'websocket frame failed');
            reply({ type: 'error', code: 'internal', error: 'internal error' });
          });
      });
    },
  );
};
