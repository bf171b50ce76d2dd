/**
 * The server: Fastify with TypeBox-validated JSON routes under /api, the WebSocket at /ws, and
 * the PBeM command language at /api/pbm. `buildServer` opens the store and wires the service,
 * live hub and computer players together.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import proxyAddr from '@fastify/proxy-addr';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type AnyGame, GAMES } from '../games/index.ts';
import { openStore } from '../store/index.ts';
import { AIS } from './ais.ts';
import { createBots } from './bots.ts';
import type { ServerConfig } from './config.ts';
import { createIntricacy } from './intricacy-routes.ts';
import { limiter } from './limits.ts';
import { type Connection, createHub, type ServerFrame } from './live.ts';
import { runPbm } from './pbm.ts';
import * as S from './schemas.ts';
import { createService, type Reply } from './service.ts';
import { sessionSockets } from './session-sockets.ts';
import { clientOf, POLICY_VIOLATION, socketCap } from './socket-cap.ts';
import { decode, encode, type Format } from './wire.ts';

class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

const unwrap = <T>(reply: Reply<T>): T => {
  if (!reply.ok) throw new HttpError(reply.status, reply.error);
  return reply.value;
};

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
/** How long a connection closed for misbehaving has to take the close frame before it is dropped. */
const CUT_OFF_MS = 1000;
/** How long a shutdown waits for connections to finish before dropping those still open. */
const SHUTDOWN_GRACE_MS = 2000;
/** How often sockets' sessions are checked against the store (expiry, logout by another process). */
const SESSION_CHECK_MS = 30_000;

/** Does the operator's trustProxy setting make the connecting peer `address` a trusted proxy? */
function trustsPeer(setting: ServerConfig['trustProxy']): (address: string) => boolean {
  if (setting === false) return () => false;
  // `true` and a hop count trust whoever connects: the server is reachable only through proxies.
  if (setting === true || typeof setting === 'number') return () => true;
  const trusted = proxyAddr.compile([...setting]);
  return (address) => trusted(address, 0);
}

/** End a connection once what was written has left, and drop it after CUT_OFF_MS whatever the
 * peer does (it may never read, nor hang up). Whatever the client sends meanwhile is not read. */
function hangUp(socket: import('node:net').Socket, last?: string): void {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  if (last) socket.write(last);
  socket.end();
  setTimeout(() => socket.destroy(), CUT_OFF_MS).unref();
}

/** The answer to a connection over the cap, sent before its request is read. */
function refuseConnection(socket: import('node:net').Socket, code: number, reason: string): void {
  const body = JSON.stringify({ error: reason });
  const status = code === POLICY_VIOLATION ? '429 Too Many Requests' : '503 Service Unavailable';
  hangUp(
    socket,
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Close a WebSocket with the reason, read nothing more from it, and drop the connection soon
 * after rather than wait for the client's side of the closing handshake (it may never come). */
function dismiss(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.close(code, reason);
  (socket as unknown as { _socket?: import('node:net').Socket })._socket?.pause();
  setTimeout(() => socket.terminate(), CUT_OFF_MS).unref();
}

/** What a server is built from besides its settings. */
export interface ServerParts {
  /** The games it serves, by id (default: every game Tessera hosts). */
  readonly games?: Readonly<Record<string, AnyGame>>;
}

export async function buildServer(config: ServerConfig, parts: ServerParts = {}) {
  const games = parts.games ?? GAMES;
  const store = await openStore({
    dataDir: config.dataDir,
    sqliteSync: config.sqliteSync,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.pgSchema ? { pgSchema: config.pgSchema } : {}),
  });
  const botGames = new Set(
    Object.values(games)
      .filter((game) => game.ai !== undefined || Object.hasOwn(AIS, game.id))
      .map((game) => game.id),
  );
  // Fastify (since 5.12.1) treats a bare hop count as "trust nothing", so a count becomes a trust
  // function here: the socket's peer and the next hops-1 forwarders are the operator's proxies.
  const trustProxy =
    typeof config.trustProxy === 'number'
      ? (_address: string, hop: number) => hop < (config.trustProxy as number)
      : typeof config.trustProxy === 'object'
        ? [...config.trustProxy]
        : config.trustProxy;
  const app = Fastify({
    logger: config.log === false ? false : { level: config.log },
    bodyLimit: config.bodyLimit,
    // A client that sends its request slowly, or stops reading, loses its connection; Node checks
    // the request timeouts every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.headersTimeoutMs / 2)),
    },
    // While shutting down, new requests get 503 rather than hanging.
    return503OnClosing: true,
    // Behind a reverse proxy, request.ip (the key of rate limits and the connection cap) comes
    // from X-Forwarded-For as far as the trusted hops allow.
    trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const hub = createHub(store, games);
  let bots: ReturnType<typeof createBots> | undefined;
  const service = createService({
    store,
    games,
    botGames,
    onEvent: (event) => {
      hub.local(event);
      bots?.consider(event.game);
    },
    onCreate: (record) => bots?.consider(record),
  });
  service.onChat((row) => hub.chat(row));
  bots = createBots({
    store,
    games,
    thinkMs: config.botThinkMs,
    threads: config.botThreads,
    play: (gameId, move, moveNo) => service.move('computer', gameId, move, moveNo),
    onError: (error) => app.log.error({ err: error }, 'computer player failed'),
  });
  await service.ensureBotUser();
  // The Intricacy metagame (routes under /api/intricacy, "intricacy" WebSocket subscription).
  const intricacy = createIntricacy({
    store,
    onError: (error) => app.log.error({ err: error }, 'intricacy'),
  });
  const stopListening = await store.listen((signal) => {
    intricacy.remote(signal);
    if (signal.kind !== 'intricacy') hub.remote(signal);
  });

  const clientLimit = limiter(config.rate.client);
  const accountLimit = limiter(config.rate.account);
  const socketLimit = limiter(config.rate.socket);
  const passwordLimit = limiter(config.rate.password);
  const sockets = socketCap({ perAddress: config.maxSocketsPerAddress, total: config.maxSockets });
  // Every TCP connection, HTTP or WebSocket, counts against the connecting address, so slow
  // requests from one address cannot use up the server's file descriptors. A trusted proxy's
  // connections count only towards the total: the per-client caps then key on X-Forwarded-For.
  const connections = socketCap({
    perAddress: config.maxConnectionsPerAddress,
    total: config.maxConnections,
    uncapped: trustsPeer(config.trustProxy),
  });
  /** Every admitted connection, for the shutdown to drop those still open after its grace. */
  const admittedConnections = new Set<import('node:net').Socket>();
  app.server.on('connection', (socket: import('node:net').Socket) => {
    const admitted = connections.admit(socket.remoteAddress ?? '');
    if (!admitted.ok) return refuseConnection(socket, admitted.code, admitted.reason);
    admittedConnections.add(socket);
    socket.once('close', () => {
      admitted.release();
      admittedConnections.delete(socket);
    });
  });
  const sessions = sessionSockets();
  service.onSessionsEnd((ended) => sessions.ended(ended));
  /** Is the session still in the store and unexpired (another process may have ended it)? */
  const sessionCurrent = async (tokenHash: string, now: number) =>
    ((await store.getSession(tokenHash))?.expiresAt ?? 0) > now;

  // Validate with TypeBox itself: bodies exactly as sent (no type coercion, so `false` is never
  // taken for the string "false"); path and query strings converted to numbers where declared.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const checker = TypeCompiler.Compile(schema as TSchema);
    const convert = httpPart !== 'body';
    return (data: unknown) => {
      const value = convert ? Value.Convert(schema as TSchema, data) : data;
      if (checker.Check(value)) return { value };
      const first = checker.Errors(value).First();
      return { error: new HttpError(400, `${httpPart}${first?.path ?? ''}: ${first?.message ?? 'invalid'}`) };
    };
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'internal error' });
    }
    return reply.status(status).send({ error: error.message });
  });
  // Security headers on every response. The web client loads only its own scripts, styles, workers
  // and sockets, and may not be framed. HSTS is left to the TLS-terminating proxy, which knows
  // whether the site is HTTPS-only; for the same reason no upgrade-insecure-requests.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  // The web client, when it has been built (`npm run build:web`): its files at /, and its
  // index.html for any other page address so that links into the client work.
  const web = existsSync(join(config.webRoot, 'index.html'));
  if (web) await app.register(fastifyStatic, { root: config.webRoot, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' && !/^\/(api|ws)(\/|$|\?)/.test(request.url);
    if (web && page) return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send({ error: `no such endpoint: ${request.method} ${request.url.slice(0, 100)}` });
  });
  // A WebSocket request answered over HTTP instead (refused by a limit, a bad query, no such path)
  // has a connection the HTTP server no longer looks after: nothing else would ever close it.
  app.addHook('onResponse', async (request) => {
    // (Node marks such a request `upgrade`; its type does not say so.)
    if ((request.raw as { upgrade?: boolean }).upgrade === true) hangUp(request.raw.socket);
  });
  // Buckets key on the client (an IPv6 /64 is one), as the connection caps do.
  app.addHook('onRequest', async (request, reply) => {
    if (!clientLimit.take(clientOf(request.ip), Date.now())) {
      reply.header('retry-after', '1');
      throw new HttpError(429, 'too many requests from your address; slow down');
    }
  });
  /** The stricter limit of the routes that check a password (scrypt is slow on purpose). */
  const checksPassword = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!passwordLimit.take(clientOf(request.ip), Date.now())) {
      reply.header('retry-after', '1');
      throw new HttpError(429, 'too many password checks from your address; slow down');
    }
  };

  const bearer = (request: FastifyRequest): string | undefined => {
    const header = request.headers.authorization;
    const m = header ? /^Bearer\s+(\S{1,200})$/i.exec(header) : null;
    return m?.[1];
  };
  /** The logged-in user, or a 401. Also the per-account rate limit. */
  const userOf = async (request: FastifyRequest): Promise<string> => {
    const token = bearer(request);
    const user = token ? await service.authenticate(token) : undefined;
    if (!user)
      throw new HttpError(401, 'log in first: send "Authorization: Bearer <token>" from POST /api/login');
    if (!accountLimit.take(user, Date.now())) throw new HttpError(429, 'too many requests for your account');
    return user;
  };
  const maybeUser = async (request: FastifyRequest): Promise<string | null> =>
    bearer(request) ? userOf(request) : null;

  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  app.get('/api/health', async () => ({ ok: true, store: store.kind }));
  app.get('/api/types', async () =>
    Object.values(games).map((g) => ({ id: g.id, title: g.title, computer: botGames.has(g.id) })),
  );

  // Accounts.
  app.post(
    '/api/signup',
    { onRequest: checksPassword, schema: { body: S.Credentials } },
    async (request, reply) => {
      const made = unwrap(await service.signup(request.body.user, request.body.password));
      return reply.status(201).send(made);
    },
  );
  app.post('/api/login', { onRequest: checksPassword, schema: { body: S.Credentials } }, async (request) =>
    unwrap(await service.login(request.body.user, request.body.password)),
  );
  app.post('/api/logout', async (request) => {
    await userOf(request);
    await service.logout(bearer(request) as string);
    return { ok: true };
  });
  app.get('/api/me', async (request) => ({ user: await userOf(request) }));
  app.post(
    '/api/password',
    { onRequest: checksPassword, schema: { body: S.PasswordChange } },
    async (request) => {
      const user = await userOf(request);
      unwrap(await service.changePassword(user, request.body.old, request.body.new, bearer(request)));
      return { ok: true };
    },
  );
  app.put('/api/rejects/:type', { schema: { params: S.TypeParams, body: S.RejectBody } }, async (request) =>
    unwrap(await service.setRejects(await userOf(request), request.params.type, request.body.reject)),
  );

  // Games.
  app.post('/api/games', { schema: { body: S.Challenge } }, async (request, reply) => {
    const user = await userOf(request);
    const made = unwrap(
      await service.challenge(user, request.body.game, request.body.players, request.body.options),
    );
    return reply.status(201).send(unwrap(await service.show(user, made.id)));
  });
  app.get('/api/games', { schema: { querystring: S.ListQuery } }, async (request) =>
    unwrap(await service.list(request.query.user, request.query.filter ?? 'all', request.query.type ?? null)),
  );
  // Games being played, most recently moved first, for anyone to watch.
  app.get('/api/games/live', { schema: { querystring: S.LiveQuery } }, async (request) => {
    const type = request.query.type ?? null;
    if (type !== null) unwrap(service.gameType(type));
    return (await store.liveGames(type, request.query.limit ?? 30)).map(service.summary);
  });
  app.get('/api/games/:id', { schema: { params: S.GameParams, querystring: S.ShowQuery } }, async (request) =>
    unwrap(await service.show(await maybeUser(request), request.params.id, request.query)),
  );
  app.post(
    '/api/games/:id/moves',
    { schema: { params: S.GameParams, body: S.MoveBody } },
    async (request) => {
      const user = await userOf(request);
      const taken = unwrap(
        await service.move(user, request.params.id, request.body.move, request.body.moveNo),
      );
      return { game: service.summary(taken.game), moves: taken.moves, dropped: taken.dropped };
    },
  );
  app.get('/api/games/:id/queue', { schema: { params: S.GameParams } }, async (request) => {
    const shown = unwrap(await service.show(await userOf(request), request.params.id));
    if (!shown.private) throw new HttpError(403, `you are not a player in game ${request.params.id}`);
    return { moves: shown.private.queue };
  });
  app.post(
    '/api/games/:id/queue',
    { schema: { params: S.GameParams, body: S.QueueBody } },
    async (request) => {
      const taken = unwrap(await service.queue(await userOf(request), request.params.id, request.body.moves));
      return { game: service.summary(taken.game), moves: taken.moves, dropped: taken.dropped };
    },
  );
  app.delete('/api/games/:id/queue', { schema: { params: S.GameParams } }, async (request) => {
    unwrap(await service.clearQueue(await userOf(request), request.params.id));
    return { moves: [] };
  });
  app.post('/api/games/:id/resign', { schema: { params: S.GameParams } }, async (request) =>
    service.summary(unwrap(await service.resign(await userOf(request), request.params.id))),
  );
  app.post('/api/games/:id/decline', { schema: { params: S.GameParams } }, async (request) =>
    service.summary(unwrap(await service.decline(await userOf(request), request.params.id))),
  );
  app.get('/api/games/:id/chat', { schema: { params: S.GameParams } }, async (request) =>
    unwrap(await service.readChat(await userOf(request), request.params.id)),
  );
  app.post(
    '/api/games/:id/chat',
    { schema: { params: S.GameParams, body: S.ChatBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(unwrap(await service.chat(await userOf(request), request.params.id, request.body.text))),
  );
  app.get('/api/history/:type', { schema: { params: S.TypeParams } }, async (request) =>
    unwrap(await service.history(request.params.type)),
  );
  app.get('/api/ratings/:type', { schema: { params: S.TypeParams } }, async (request) =>
    unwrap(await service.standings(request.params.type)),
  );

  // PBeM commands: a reply is always text; a refused command is a 400 with the reason.
  app.post('/api/pbm', { onRequest: checksPassword, schema: { body: S.PbmBody } }, async (request, reply) => {
    const answer = await runPbm(service, request.body.args, games, botGames);
    return reply.status(answer.ok ? 200 : 400).send(answer);
  });

  await intricacy.routes(app, { userOf, maybeUser });

  // Live updates.
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
      /** Act for the session that `token` opens, or for nobody if it opens none. */
      const logIn = async (token: string): Promise<string | null> => {
        const found = await service.session(token);
        forget();
        user = found?.user ?? null;
        if (found && !closed) {
          const untrack = sessions.add({ ...found, end: sessionEnded });
          session = { tokenHash: found.tokenHash, untrack };
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
        intricacy.unsubscribe(conn);
      };
      socket.on('close', drop);
      socket.on('error', drop);
      // A token in the address (older clients; ours send an auth frame, since addresses end up in
      // logs). Frames may arrive before it is checked: each handler waits for the check first.
      const authenticated = (query.token ? logIn(query.token) : Promise.resolve(null)).then((who) => {
        if (query.token && !who)
          reply({ type: 'error', error: 'that session token is not valid; log in again' });
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
          if (dropped === 1) reply({ type: 'error', error: 'too many frames; slow down' });
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
              const first = frame === undefined ? undefined : checkFrame.Errors(frame).First();
              reply({
                type: 'error',
                error:
                  frame === undefined
                    ? 'a frame must be MessagePack or JSON'
                    : `bad frame: ${first?.path || '/'} ${first?.message ?? ''}`.trim(),
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
                if (!who)
                  return reply({
                    type: 'error',
                    error: 'that session token is not valid; log in again',
                    ...ref,
                  });
                user = who;
                return reply({ type: 'auth', user: who, ...ref });
              }
              case 'subscribe': {
                await currentUser();
                if (closed) return;
                if (frame.game === 'intricacy') return intricacy.subscribe(conn, frame.ref);
                const problem = await hub.subscribe(conn, frame.game, frame.since);
                if (closed)
                  hub.drop(conn); // it closed while the game was loading
                else if (problem) reply({ type: 'error', error: problem, game: frame.game, ...ref });
                return;
              }
              case 'unsubscribe':
                if (frame.game === 'intricacy') intricacy.unsubscribe(conn);
                else hub.unsubscribe(conn, frame.game);
                return reply({ type: 'unsubscribed', game: frame.game, ...ref });
              case 'move': {
                await currentUser();
                if (closed) return;
                if (!user)
                  return reply({ type: 'error', error: 'log in first (send an auth frame)', ...ref });
                if (!accountLimit.take(user, Date.now())) {
                  return reply({ type: 'error', error: 'too many requests for your account', ...ref });
                }
                const taken = await service.move(user, frame.game, frame.move, frame.moveNo);
                if (!taken.ok) return reply({ type: 'error', error: taken.error, game: frame.game, ...ref });
                return reply({
                  type: 'ack',
                  game: frame.game,
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
            reply({ type: 'error', error: 'internal error' });
          });
      });
    },
  );

  // Expired sessions are refused when used; this also removes them from the store.
  await store.purgeSessions(Date.now());
  const purge = setInterval(() => void store.purgeSessions(Date.now()).catch(() => undefined), 3_600_000);
  purge.unref();
  /** Close the sockets of sessions that expired or that another process ended. */
  const checkSessions = async () => {
    const now = Date.now();
    await sessions.check((hash) => sessionCurrent(hash, now));
  };
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkSessions()
      .catch((error: unknown) => app.log.error({ err: error }, 'session check failed'))
      .finally(() => {
        checking = false;
      });
  }, SESSION_CHECK_MS);
  sessionCheck.unref();

  // A shutdown lets connections finish (WebSockets get a close frame) for a short grace, then drops
  // those still open: a client that never answers the closing handshake, or stopped reading,
  // must not hold the server up.
  let shutdownGrace: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    shutdownGrace = setTimeout(() => {
      for (const socket of admittedConnections) socket.destroy();
    }, SHUTDOWN_GRACE_MS);
    shutdownGrace.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(shutdownGrace);
    clearInterval(purge);
    clearInterval(sessionCheck);
    await bots?.close();
    await service.close(); // the deal worker threads
    await intricacy.close();
    await stopListening();
    await store.close();
  });
  await bots.resume();
  return { app, store, service, hub, sockets, connections, sessions, checkSessions };
}

export type { FastifyReply };
