/**
 * The server: Fastify with TypeBox-validated JSON routes under /api, the WebSocket at /ws, and
 * the PBeM command language at /api/pbm. `buildServer` opens the store, wires the service, live
 * hub and computer players together, and registers the route plugins (./routes/; the layout is
 * docs/architecture.md).
 */

import websocket from '@fastify/websocket';
import type { FastifyReply } from 'fastify';
import { followMove } from '../engine/index.ts';
import { openStore, type Store } from '../store/index.ts';
import { createAnalyses } from './analysis/index.ts';
import type { ServerConfig } from './config/index.ts';
import { createClockKeeper } from './correspondence/index.ts';
import { createDaily } from './daily/index.ts';
import { limiter, MAX_REFUSAL_WAIT_MS, refusalTurns, socketCap } from './guards/index.ts';
import type { App, RouteContext } from './http/index.ts';
import { answerFailures, createApp, guardConnections, limitClients, requestAuth } from './http/index.ts';
import { createHub, createNotices, keepSessions, type Notices, sessionSockets } from './live/index.ts';
import { createMailIn, listenSmtp, mailInLimits, type SmtpListener } from './mail-in/index.ts';
import { createMail, type Mail, mailSettings, mailSettingsFromEnv } from './mail-out/index.ts';
import { createIntricacy } from './metagame/index.ts';
import { seekBoard } from './pairing/index.ts';
import {
  accountRoutes,
  analysisRoutes,
  blockRoutes,
  dailyRoutes,
  gameRoutes,
  intricacyAccountRoutes,
  lessonRoutes,
  liveRoutes,
  mailRoutes,
  pbmRoutes,
  playerRoutes,
  seekRoutes,
  serveWeb,
  takebackRoutes,
  tournamentRoutes,
} from './routes/index.ts';
import { createBots, createService } from './service/index.ts';
import { createTournaments, type Tournaments } from './tournaments/index.ts';
import { type Games, servedGames } from './workers/index.ts';

/** Mails taken by the SMTP listener: per client address, and per sender address. */
/** How often expired open challenges are forgotten (the lists leave them out at once). */
const SEEK_SWEEP_MS = 3_600_000;
const SMTP_RATES = { perClient: { perSecond: 1, burst: 60 } };

/** What a server is built from besides its settings. */
export interface ServerParts {
  /** The games it serves, by id (default: every game Tessera hosts). */
  readonly games?: Games;
  /** The module exporting those games as GAMES, for the worker threads (see ./workers/served-games.ts). */
  readonly gamesModule?: string | URL;
  /** Where the log is written (default: standard output). */
  readonly logStream?: { write(line: string): void };
  /** The clock the daily board's races are timed by (default: the system's). */
  readonly now?: () => number;
}

export async function buildServer(config: ServerConfig, parts: ServerParts = {}) {
  const served = await servedGames(parts.games, parts.gamesModule);
  const store = await openStore({
    dataDir: config.dataDir,
    sqliteSync: config.sqliteSync,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.pgSchema ? { pgSchema: config.pgSchema } : {}),
    poolSize: config.pgConnections,
  });
  const { app, routes } = createApp(config, parts.logStream);
  const core = await buildCore(config, served, store, app);
  const front = await registerRoutes(config, store, app, core, parts.now ?? Date.now);
  const { upkeep, smtp } = await startBackground(config, store, app, core, front);
  const { service, hub, mail: mailed, mailIn } = core;
  const { sockets, connections, sessions } = front;
  return {
    app,
    routes,
    store,
    service,
    hub,
    notices: core.notices,
    sockets,
    connections,
    sessions,
    checkSessions: upkeep.checkSessions,
    mail: mailed,
    mailIn,
    smtp,
    tournaments: core.tournaments,
  };
}

type Served = Awaited<ReturnType<typeof servedGames>>;

/** The service, the live hub, notices, computer players, mail out and in, and the metagame, wired together. */
async function buildCore(config: ServerConfig, served: Served, store: Store, app: App) {
  const { games } = served;
  const botGames = new Set(
    Object.values(games)
      .filter((game) => game.ai !== undefined)
      .map((game) => game.id),
  );
  const hub = createHub(store, games);
  let bots: ReturnType<typeof createBots> | undefined;
  let mail: Mail | undefined;
  let notices: Notices | undefined;
  // Open challenges posted and removed, to every lobby here as one frame per turn.
  const board = seekBoard((frame) => notices?.everyone(frame));
  let tournaments: Tournaments | undefined;
  const service = createService({
    store,
    games,
    gamesModule: served.module,
    botGames,
    signups: config.signups,
    onSeeks: board.change,
    onEvent: (event) => {
      hub.local(event);
      notices?.changed(event);
      bots?.consider(event.game);
      mail?.mailer.nudge();
      if (event.kind === 'end') tournaments?.director.gameEnded(event.game);
    },
    onCreate: (record, control) => {
      notices?.created(record, control);
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
  tournaments = createTournaments({
    store,
    authority: service.authority,
    games,
    now: Date.now,
    everyMs: config.clockEveryMs,
    mails: mailed.tournaments,
    onCreate: (record) => {
      told.created(record);
      mailed.mailer.nudge();
    },
    onError: (error) => app.log.error({ err: error }, 'tournaments'),
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
    tournaments: tournaments.service,
    limits: mailInLimits(config),
    nudge: () => mailed.mailer.nudge(),
    log: (outcome, sender) => app.log.info({ mailIn: outcome, sender }, `mail in: ${outcome.kind}`),
  });
  // The Intricacy metagame (routes under /api/intricacy, "intricacy" WebSocket subscription).
  const intricacy = createIntricacy({
    store,
    onError: (error) => app.log.error({ err: error }, 'intricacy'),
  });
  const stopListening = await store.listen(
    (signal) => {
      // Another process ended sessions: their sockets here close now.
      if (signal.kind === 'sessions') return signal.ended && service.sessionsEndedElsewhere(signal.ended);
      intricacy.remote(signal);
      if (signal.kind === 'seek') void service.seekSignal(signal.gameId).catch(() => undefined);
      else if (signal.kind !== 'intricacy') hub.remote(signal);
      told.remote(signal);
    },
    (record, move, version) => followMove(games, record, move, version),
  );

  return {
    games,
    botGames,
    hub,
    service,
    notices: told,
    bots,
    mail: mailed,
    mailIn,
    analyses,
    intricacy,
    tournaments,
    stopListening,
  };
}

type Core = Awaited<ReturnType<typeof buildCore>>;

/** The guards at the door, then every route plugin with the context it needs. */
async function registerRoutes(config: ServerConfig, store: Store, app: App, core: Core, now: () => number) {
  const { games, botGames, service, hub, notices: told, intricacy, mail: mailed, analyses } = core;
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

  const context: RouteContext = {
    store,
    service,
    games,
    botGames,
    auth,
    mail: mailed.account,
    analyses,
    tournaments: core.tournaments.service,
  };
  await app.register(accountRoutes, context);
  await app.register(gameRoutes, context);
  await app.register(playerRoutes, context);
  await app.register(takebackRoutes, context);
  await app.register(pbmRoutes, context);
  await app.register(analysisRoutes, context);
  await app.register(mailRoutes, context);
  await app.register(intricacyAccountRoutes, context);
  await app.register(lessonRoutes, context);
  await app.register(blockRoutes, context);
  await app.register(dailyRoutes, {
    ...context,
    daily: createDaily({ store, now, msPerRemoval: config.dailyMsPerRemoval }),
  });
  await app.register(seekRoutes, context);
  await app.register(tournamentRoutes, context);
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

  return { sockets, connections, sessions };
}

/** What runs in the background (session upkeep, clocks, computer players, the mailer, the SMTP
 * listener), and what closing the server stops. */
async function startBackground(
  config: ServerConfig,
  store: Store,
  app: App,
  core: Core,
  { sessions }: Awaited<ReturnType<typeof registerRoutes>>,
) {
  const {
    service,
    bots,
    intricacy,
    stopListening,
    mail: mailed,
    mailIn,
    notices: told,
    analyses,
    tournaments,
  } = core;
  let smtp: SmtpListener | undefined;
  const upkeep = await keepSessions(app, store, sessions);
  const seekSweep = setInterval(
    () => void service.sweepSeeks().catch(() => undefined),
    SEEK_SWEEP_MS,
  ).unref();
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
    clearInterval(seekSweep);
    await clocks.stop();
    await tournaments.director.stop();
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
  tournaments.director.start();
  if (config.smtpListen) {
    smtp = await listenSmtp(mailIn, {
      ...SMTP_RATES,
      ...config.smtpListen,
      recipients: [(config.mail ?? mailSettingsFromEnv({})).from],
      onError: (error) => app.log.error({ err: error }, 'mail in'),
    });
  }
  return { upkeep, smtp };
}

export type { FastifyReply };
