/**
 * The server: Fastify with TypeBox-validated JSON routes under /api, the WebSocket at /ws, and
 * the PBeM command language at /api/pbm. `buildServer` opens the store, wires the service, live
 * hub and computer players together, and registers the route plugins (./routes/; the layout is
 * docs/architecture.md).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyReply, type FastifySchema } from 'fastify';
import { openStore } from '../store/index.ts';
import { analysisRoutes, createAnalyses } from './analysis/index.ts';
import { createBots } from './bots.ts';
import { createClockKeeper } from './clocks.ts';
import type { ServerConfig } from './config.ts';
import { fastifyTrustProxy, guardConnections } from './connections.ts';
import { createIntricacy } from './intricacy-routes.ts';
import { limiter } from './limits.ts';
import { createHub } from './live.ts';
import { logSerializers } from './log-redaction.ts';
import { createMail, type Mail, mailSettings, mailSettingsFromEnv } from './mail/index.ts';
import { createMailIn, listenSmtp, mailInLimits, type SmtpListener } from './mail-in/index.ts';
import { createNotices, type Notices } from './notices.ts';
import { accountRoutes } from './routes/accounts.ts';
import type { RouteContext } from './routes/context.ts';
import { gameRoutes } from './routes/games.ts';
import { answerFailures } from './routes/http-error.ts';
import { intricacyAccountRoutes } from './routes/intricacy-account.ts';
import { liveRoutes } from './routes/live.ts';
import { mailRoutes } from './routes/mail.ts';
import { pbmRoutes } from './routes/pbm.ts';
import { playerRoutes } from './routes/players.ts';
import { limitClients, requestAuth } from './routes/request-auth.ts';
import { takebackRoutes } from './routes/takebacks.ts';
import { serveWeb } from './routes/web.ts';
import { createService } from './service.ts';
import { sessionSockets } from './session-sockets.ts';
import { keepSessions } from './session-upkeep.ts';
import { socketCap } from './socket-cap.ts';
import { MAX_REFUSAL_WAIT_MS, refusalTurns } from './unread-holds.ts';
import { type Games, servedGames } from './worker-games.ts';

/** Mails taken by the SMTP listener: per client address, and per sender address. */
const SMTP_RATES = { perClient: { perSecond: 1, burst: 60 } };

/** What a server is built from besides its settings. */
export interface ServerParts {
  /** The games it serves, by id (default: every game Tessera hosts). */
  readonly games?: Games;
  /** The module exporting those games as GAMES, for the worker threads (see ./worker-games.ts). */
  readonly gamesModule?: string | URL;
  /** Where the log is written (default: standard output). */
  readonly logStream?: { write(line: string): void };
}

export async function buildServer(config: ServerConfig, parts: ServerParts = {}) {
  const served = await servedGames(parts.games, parts.gamesModule);
  const { games } = served;
  const store = await openStore({
    dataDir: config.dataDir,
    sqliteSync: config.sqliteSync,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.pgSchema ? { pgSchema: config.pgSchema } : {}),
    poolSize: config.pgConnections,
  });
  const botGames = new Set(
    Object.values(games)
      .filter((game) => game.ai !== undefined)
      .map((game) => game.id),
  );
  const app = Fastify({
    logger:
      config.log === false
        ? false
        : {
            level: config.log,
            serializers: logSerializers,
            ...(parts.logStream ? { stream: parts.logStream } : {}),
          },
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
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();
  /** Every route and the schemas it validates with (tests walk them with bad input). */
  const routes: { readonly method: string; readonly url: string; readonly schema?: FastifySchema }[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    routes.push({ method: String(method), url, ...(schema ? { schema } : {}) });
  });

  const hub = createHub(store, games);
  let bots: ReturnType<typeof createBots> | undefined;
  let mail: Mail | undefined;
  let notices: Notices | undefined;
  const service = createService({
    store,
    games,
    gamesModule: served.module,
    botGames,
    signups: config.signups,
    onEvent: (event) => {
      hub.local(event);
      notices?.changed(event);
      bots?.consider(event.game);
      mail?.mailer.nudge();
    },
    onCreate: (record) => {
      notices?.created(record);
      bots?.consider(record);
      mail?.mailer.nudge();
    },
  });
  notices = createNotices(store, service.summary);
  const told = notices;
  service.onChat((row) => {
    hub.chat(row);
    told.chat(row);
  });
  bots = createBots({
    store,
    gamesModule: served.module,
    thinkMs: config.botThinkMs,
    threads: config.botThreads,
    play: (gameId, move, moveNo) => service.move('computer', gameId, move, moveNo),
    onError: (error) => app.log.error({ err: error }, 'computer player failed'),
  });
  await service.ensureBotUser();
  // Mail out: notices left by commits become mails, sent in the background.
  mail = await createMail({
    store,
    service,
    settings: mailSettings(config.mail ?? mailSettingsFromEnv({}), config.dataDir, config.port),
    onError: (error, what) => app.log.error({ err: error }, `mail: ${what}`),
  });
  const mailed = mail;
  const analyses = createAnalyses({
    store,
    games,
    gamesModule: served.module,
    threads: config.botThreads,
    onError: (error) => app.log.error({ err: error }, 'analysis failed'),
  });
  // Mail in: the built-in SMTP listener, when asked for.
  const mailIn = createMailIn({
    store,
    service,
    games,
    botGames,
    from: (config.mail ?? mailSettingsFromEnv({})).from,
    mail: mailed.account,
    analyses,
    limits: mailInLimits(config),
    nudge: () => mailed.mailer.nudge(),
    log: (outcome, sender) => app.log.info({ mailIn: outcome, sender }, `mail in: ${outcome.kind}`),
  });
  let smtp: SmtpListener | undefined;
  // The Intricacy metagame (routes under /api/intricacy, "intricacy" WebSocket subscription).
  const intricacy = createIntricacy({
    store,
    onError: (error) => app.log.error({ err: error }, 'intricacy'),
  });
  const stopListening = await store.listen((signal) => {
    intricacy.remote(signal);
    if (signal.kind !== 'intricacy') hub.remote(signal);
    told.remote(signal);
  });

  const accountLimit = limiter(config.rate.account);
  const sockets = socketCap({ perAddress: config.maxSocketsPerAddress, total: config.maxSockets });
  // One client's delayed refusals take turns, both kinds together (see refusalsPerSecond).
  const turns = refusalTurns(config.refusalsPerSecond, MAX_REFUSAL_WAIT_MS);
  const connections = guardConnections(app, config, turns);
  const sessions = sessionSockets();
  service.onSessionsEnd((ended) => sessions.ended(ended));
  /** Is the session still in the store and unexpired (another process may have ended it)? */
  const sessionCurrent = async (tokenHash: string, now: number) =>
    ((await store.getSession(tokenHash))?.expiresAt ?? 0) > now;

  answerFailures(app);
  await serveWeb(app, config.webRoot);
  limitClients(app, limiter(config.rate.client), config.overBudgetDelayMs, turns);
  const auth = requestAuth({ service, accountLimit, passwordLimit: limiter(config.rate.password) });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  const context: RouteContext = { store, service, games, botGames, auth, mail: mailed.account, analyses };
  await app.register(accountRoutes, context);
  await app.register(gameRoutes, context);
  await app.register(playerRoutes, context);
  await app.register(takebackRoutes, context);
  await app.register(pbmRoutes, context);
  await app.register(analysisRoutes, context);
  await app.register(mailRoutes, context);
  await app.register(intricacyAccountRoutes, context);
  await app.register(async (scope) => intricacy.routes(scope, auth));
  await app.register(liveRoutes, {
    service,
    hub,
    notices: told,
    intricacy,
    sessions,
    sessionCurrent,
    sockets,
    socketLimit: limiter(config.rate.socket),
    accountLimit,
  });

  const upkeep = await keepSessions(app, store, sessions, sessionCurrent);
  // Correspondence clocks: reminders before time runs out, games lost on time.
  const clocks = createClockKeeper({
    store,
    authority: service.authority,
    now: Date.now,
    everyMs: config.clockEveryMs,
    onError: (error) => app.log.error({ err: error }, 'clocks'),
    onReminded: (record) => told.remind(record),
  });
  app.addHook('onClose', async () => {
    upkeep.stop();
    await clocks.stop();
    await bots?.close();
    await analyses.close();
    await service.close(); // the deal worker threads
    await intricacy.close();
    await stopListening();
    await smtp?.close();
    await mailed.mailer.close();
    await store.close();
  });
  await bots.resume();
  mailed.mailer.start();
  clocks.start();
  if (config.smtpListen) {
    smtp = await listenSmtp(mailIn, {
      ...SMTP_RATES,
      ...config.smtpListen,
      recipients: [(config.mail ?? mailSettingsFromEnv({})).from],
      onError: (error) => app.log.error({ err: error }, 'mail in'),
    });
  }
  return {
    app,
    routes,
    store,
    service,
    hub,
    notices: told,
    sockets,
    connections,
    sessions,
    checkSessions: upkeep.checkSessions,
    mail: mailed,
    mailIn,
    smtp,
  };
}

export type { FastifyReply };
