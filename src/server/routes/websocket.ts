/** Live updates: the WebSocket at /ws (frames and their limits: docs/api.md, "WebSocket"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { WebSocket } from 'ws';
import * as S from '../../api/index.ts';
import { accountSockets, clientOf, POLICY_VIOLATION } from '../guards/index.ts';
import { explain } from '../http/index.ts';
import { decode, type Format } from '../live/index.ts';
import type { LiveContext } from './live-context.ts';
import { dismiss, socketConnection } from './socket-connection.ts';
import { answerFrame } from './socket-frames.ts';
import { socketSession } from './socket-session.ts';

export type { LiveContext } from './live-context.ts';

const checkFrame = TypeCompiler.Compile(S.ClientFrame);
/** Frames one connection may have waiting to be handled. */
const MAX_WAITING_FRAMES = 64;
/** Frames over the limit after which the connection is closed (the first is warned), counted
 * until the client has kept within the limits for DROPS_FORGOTTEN_MS. */
const MAX_DROPPED_FRAMES = 16;
const DROPS_FORGOTTEN_MS = 10_000;

export const liveRoutes: FastifyPluginAsyncTypebox<LiveContext> = async (app, context) => {
  const { hub, notices, intricacy, sockets, socketLimit } = context;
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
      // A subscription still being handled when the socket closes must not outlive it.
      let closed = false;
      const isClosed = () => closed;
      const account = socketSession(
        socket,
        context,
        () => {
          hub.drop(conn);
          notices.unsubscribe(conn);
        },
        isClosed,
        accounts,
      );
      const conn = socketConnection(socket, format, account.user);
      const reply = (frame: S.ServerFrame) => conn.send(frame);
      const drop = () => {
        closed = true;
        account.forget();
        hub.drop(conn);
        notices.unsubscribe(conn);
        intricacy.unsubscribe(conn);
      };
      socket.on('close', drop);
      socket.on('error', drop);
      // A token in the address (older clients; ours send an auth frame, since addresses end up in
      // logs). Frames may arrive before it is checked: each handler waits for the check first.
      const authenticated = (query.token ? account.logIn(query.token) : Promise.resolve(null)).then((who) => {
        if (query.token && !who) reply(account.loginRefused());
      });
      // One frame budget for all of a client's sockets, so opening more buys no more frames.
      const key = clientOf(request.ip);
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
            await answerFrame({ context, conn, account, isClosed }, frame);
          })
          .catch((error: unknown) => {
            app.log.error({ err: error }, 'websocket frame failed');
            reply({ type: 'error', code: 'internal', error: 'internal error' });
          });
      });
    },
  );
};
