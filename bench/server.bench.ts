/**
 * Server load: N simulated players over WebSocket (MessagePack) play many concurrent two-player
 * Warp and Weft games against a real `tessera serve` process, each move pinned by its number.
 * Reports sustained moves/s and p50/p99 latency from sending a move to its acknowledgement and
 * to the opponent's notification, for SQLite, and for PostgreSQL when TEST_DATABASE_URL (or
 * DATABASE_URL) is set.
 *
 *   npm run bench -- server                                   (short: 200 clients, 5 s per backend)
 *   BENCH_CLIENTS=1000 BENCH_SECONDS=30 npm run bench -- server
 *
 * Accounts, sessions and games are seeded straight into the store before the server starts, so
 * set-up does not spend minutes in scrypt; everything measured goes through the server.
 *
 * The server also reports from inside (TESSERA_STATS, SIGUSR2) its event-loop delay, CPU time per
 * move and memory over the measured seconds, and its memory with BENCH_IDLE_SOCKETS (default
 * 1000,10000) idle logged-in connections. BENCH_BACKENDS=sqlite runs one backend;
 * on PostgreSQL the phases run again with BENCH_PROCESSES (default 2) server processes sharing the
 * database, the two players of each game on different ones (BENCH_PROCESSES=1 skips them);
 * BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR" profiles the server.
 *
 * Each phase runs first against the floor (./server-floor.ts): the same clients and database, a
 * move parsed, stored durably as Tessera stores it, acknowledged and sent to the opponent, and
 * nothing else. Every Tessera figure is then printed as a ratio to the floor's from the same run
 * (`server-ratios-…` lines), and to boardgame.io's where the two compare; on PostgreSQL, two
 * processes' CPU per move and notification p99 as a ratio to one process's.
 *
 * For comparison the same load (same clients, same closed loop: each player answers as soon as
 * the opponent's move reaches it) runs against boardgame.io 0.50's default server with Claim, an
 * equivalent simple game (./server-bgio.ts), in the same run. boardgame.io clients apply their own
 * moves optimistically and get no separate acknowledgement, so only the opponent's notification
 * latency is comparable there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthority } from '../src/engine/index.ts';
import { GAMES, playText } from '../src/games/index.ts';
import { legalMoves, type WarpWeftState, warpweft } from '../src/games/warpweft/index.ts';
import { createRng } from '../src/grid/rng.ts';
import { type Frame, LiveClient } from '../src/server/live/ws-client.ts';
import { openStore, type StoreConfig } from '../src/store/index.ts';
import { startServer } from '../test/support.ts';
import { report } from './report.ts';
import { CELLS } from './server-bgio.ts';
import {
  type Backend,
  backends,
  percentile,
  seedAccounts,
  serverStats,
  startFloor,
  statsEnv,
  withFreshStore,
} from './server-fixture.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const GAMES_PER_PAIR = 4;
/** Players' thinking time per move, one run each: 0 saturates the server (throughput); a pause
 * like a person's (0.5–1.5 × the value) shows latency at a realistic load. */
const THINK_MS = (process.env.BENCH_THINK_MS ?? '0,1000').split(',').map(Number);
const SIZE = 6;
/** On PostgreSQL, the phases again with this many server processes (1: not). */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
/** Idle connections to measure the server's memory with, logged in and sending nothing (none: ''). */
const IDLE_SOCKETS = (process.env.BENCH_IDLE_SOCKETS ?? '1000,10000')
  .split(',')
  .filter((n) => n.trim() !== '')
  .map(Number)
  .sort((a, b) => a - b);

/** The simulated clients' CPU time (this process, all its threads), in ms. */
const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

/** Servers this bench started, killed should it exit early. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill();
});
const killAtExit = (child: ChildProcess) => {
  children.add(child);
  child.once('exit', () => children.delete(child));
};

async function seed(config: StoreConfig) {
  const store = await openStore(config);
  const authority = createAuthority({ port: store, games: GAMES, now: Date.now });
  const tokens = await seedAccounts(
    store,
    Array.from({ length: CLIENTS }, (_, i) => `p${i}`),
  );
  const games: number[][] = [];
  // Created concurrently, so the store's transactions share commits.
  for (let pair = 0; pair < CLIENTS / 2; pair++) {
    const made = await Promise.all(
      Array.from({ length: GAMES_PER_PAIR }, (_, k) =>
        authority.create({
          gameType: 'warpweft',
          players: [`p${2 * pair}`, `p${2 * pair + 1}`],
          options: { size: SIZE },
          seed: k,
        }),
      ),
    );
    games.push(
      made.map((m) => {
        if (!m.ok) throw new Error(m.error);
        return m.value.id;
      }),
    );
  }
  await store.close();
  return { tokens, games };
}

/** What one phase measured. */
interface Figures {
  readonly movesPerSecond: number;
  readonly ackP99: number;
  readonly notifiedP99: number;
  readonly cpuPerMove: number;
}

/** The floor's games: as many per pair as Tessera's, numbered, with no set-up in the store. */
const floorGames = () =>
  Array.from({ length: CLIENTS / 2 }, (_, pair) =>
    Array.from({ length: GAMES_PER_PAIR }, (_, k) => pair * GAMES_PER_PAIR + k + 1),
  );
const OPTIONS = (() => {
  const parsed = warpweft.parseOptions({ size: SIZE });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
})();

/**
 * One phase: `processes` servers on the store (two only on PostgreSQL), the two players of each
 * game on different ones, so that every notification crosses from one process to the other.
 * `floor` runs the floor server (./server-floor.ts) instead of Tessera: it sends no views, so its
 * clients play each move they are told of on their own copy of the game.
 */
async function run(
  { name: backend, env, config, dataDir }: Backend,
  thinkMs: number,
  processes = 1,
  floor = false,
): Promise<Figures> {
  const { tokens, games } = floor ? { tokens: [], games: floorGames() } : await seed(config);
  const servers = await Promise.all(
    Array.from({ length: processes }, () =>
      floor
        ? startFloor({ ...env, ...statsEnv() }, dataDir)
        : startServer({ ...env, TESSERA_LOG: 'error', ...statsEnv() }, dataDir),
    ),
  );
  for (const s of servers) killAtExit(s.child);
  const server = servers[0] as (typeof servers)[number];
  const acks: number[] = [];
  const notes: number[] = [];
  let moves = 0;
  let refused = 0;
  let measuring = false;
  let stopping = false;
  const rng = createRng(7);
  const sockets: LiveClient[] = [];

  for (let pair = 0; pair < CLIENTS / 2; pair++) {
    const players = [0, 1].map(
      (s) =>
        new LiveClient((servers[s % processes] ?? server).url, { token: tokens[2 * pair + s] ?? 'floor' }),
    );
    sockets.push(...players);
    await Promise.all(players.map((p) => p.opened));
    const queue = [...(games[pair] as number[])];
    let game = queue.shift() as number;
    /** When each move number was sent, for its acknowledgement and notification. */
    const sent = new Map<number, number>();
    let view: WarpWeftState | undefined;
    const seatOf = (v: WarpWeftState) => ((v.turn === 'warp') === (v.warpSeat === 0) ? 0 : 1);
    const play = () => {
      if (stopping || !view || view.result) return;
      const seat = seatOf(view);
      const options = legalMoves(view);
      const move = warpweft.formatMove(rng.pick(options), view);
      sent.set(view.ply + 1, performance.now());
      (players[seat] as LiveClient).send({ type: 'move', gameId: game, move, moveNo: view.ply + 1 });
    };
    const next = () => {
      if (view && !view.result) return;
      const id = queue.shift();
      if (id === undefined) return;
      game = id;
      view = undefined;
      sent.clear();
      for (const p of players) p.send({ type: 'subscribe', gameId: game });
    };
    players.forEach((socket, seat) => {
      socket.onFrame = (f: Frame) => {
        if (f.gameId !== game) return;
        if (f.type === 'ack') {
          const at = sent.get(f.moveNo as number);
          if (measuring && at !== undefined) {
            acks.push(performance.now() - at);
            moves++;
          }
        } else if (f.type === 'error') {
          refused++;
        } else if (f.type === 'move' && (f.view || (floor && view))) {
          const v = (f.view as WarpWeftState | undefined) ?? played(view as WarpWeftState, f.move as string);
          // Only the player who did not move counts the notification, then replies.
          if (seatOf(v) === seat || v.result) {
            const at = sent.get(f.moveNo as number);
            if (measuring && seatOf(v) === seat && at !== undefined) notes.push(performance.now() - at);
            view = v;
            if (v.result) next();
            else if (thinkMs > 0) setTimeout(play, thinkMs * (0.5 + rng.nextFloat()));
            else play();
          }
        } else if (f.type === 'state' && seat === 0) {
          view = (f.view as WarpWeftState | undefined) ?? warpweft.setup(OPTIONS, 0);
          setTimeout(play, thinkMs * rng.nextFloat());
        }
        socket.frames.length = 0;
      };
    });
    for (const p of players) p.send({ type: 'subscribe', gameId: game });
  }
  // Warm up, then measure.
  await new Promise((r) => setTimeout(r, 1000 + 2 * thinkMs));
  measuring = true;
  await Promise.all(servers.map(serverStats));
  const start = performance.now();
  const clientCpu = process.cpuUsage();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const elapsed = (performance.now() - start) / 1000;
  const clientMs = cpuMs(process.cpuUsage(clientCpu));
  const each = await Promise.all(servers.map(serverStats));
  const stats = each[0] as (typeof each)[number];
  const serverMs = each.reduce((sum, s) => sum + s.cpuMs, 0);
  stopping = true;
  await Promise.all(sockets.map((s) => s.close()));
  await Promise.all(servers.map((s) => s.kill()));
  acks.sort((a, b) => a - b);
  notes.sort((a, b) => a - b);
  const name = `server-${floor ? 'floor-' : ''}${backend}${processes > 1 ? `-${processes}processes` : ''}${thinkMs > 0 ? `-think${thinkMs}ms` : ''}`;
  report(name, `clients`, CLIENTS, 'connections');
  report(name, 'moves per second', Math.round(moves / elapsed), 'moves/s');
  report(name, 'ack latency p50', +percentile(acks, 50).toFixed(2), 'ms');
  report(name, 'ack latency p99', +percentile(acks, 99).toFixed(2), 'ms');
  report(name, 'opponent notified p50', +percentile(notes, 50).toFixed(2), 'ms');
  report(name, 'opponent notified p99', +percentile(notes, 99).toFixed(2), 'ms');
  if (refused > 0) report(name, 'refused moves', refused, 'moves');
  // Measured inside the server over the same seconds.
  report(name, 'server event-loop delay p99', stats.loopDelayP99Ms, 'ms');
  report(name, 'server event-loop delay max', stats.loopDelayMaxMs, 'ms');
  report(name, 'server CPU per move', +(serverMs / Math.max(1, moves)).toFixed(3), 'ms');
  report(name, 'clients CPU per move', +(clientMs / Math.max(1, moves)).toFixed(3), 'ms');
  report(name, 'server RSS', stats.rssMB, 'MB');
  return {
    movesPerSecond: moves / elapsed,
    ackP99: percentile(acks, 99),
    notifiedP99: percentile(notes, 99),
    cpuPerMove: serverMs / Math.max(1, moves),
  };
}

/** A move the floor reported, played on the client's copy of the game (the floor has no rules). */
function played(state: WarpWeftState, text: string): WarpWeftState {
  const after = playText(warpweft, state, text);
  if (!after.ok) throw new Error(`the floor relayed an illegal move ${text}: ${after.error}`);
  return after.value;
}

/** The server's memory with no connections, then with each count of idle ones. */
async function idleMemory({ env, config, dataDir }: Backend) {
  const store = await openStore(config);
  const [token] = await seedAccounts(store, ['idle']);
  await store.close();
  const most = String((IDLE_SOCKETS.at(-1) ?? 0) + 100);
  const server = await startServer(
    { ...env, TESSERA_LOG: 'error', ...statsEnv(), TESSERA_MAX_SOCKETS: most, TESSERA_MAX_CONNECTIONS: most },
    dataDir,
  );
  killAtExit(server.child);
  const settled = async () => {
    await new Promise((r) => setTimeout(r, 2000));
    return serverStats(server);
  };
  const sockets: LiveClient[] = [];
  const base = await settled();
  report('server-idle', 'server RSS with no connections', base.rssMB, 'MB');
  for (const n of IDLE_SOCKETS) {
    while (sockets.length < n) {
      const batch = Array.from(
        { length: Math.min(500, n - sockets.length) },
        () => new LiveClient(server.url, { token: token as string }),
      );
      sockets.push(...batch);
      await Promise.all(batch.map((s) => s.opened));
    }
    const stats = await settled();
    report('server-idle', `server RSS with ${n} idle connections`, stats.rssMB, 'MB');
    report(
      'server-idle',
      `server RSS per 1000 idle connections (of ${n})`,
      +(((stats.rssMB - base.rssMB) * 1000) / n).toFixed(1),
      'MB',
    );
  }
  await Promise.all(sockets.map((s) => s.close()));
  await server.kill();
}

interface BgioState {
  G: { cells: (string | null)[] };
  ctx: { currentPlayer: string; gameover?: unknown };
  _stateID: number;
}
interface BgioClient {
  start(): void;
  stop(): void;
  subscribe(fn: (state: BgioState | null) => void): void;
  moves: { claim(cell: number): void };
}

interface BgioFigures {
  readonly movesPerSecond: number;
  readonly notifiedP99: number;
}

async function runBoardgameIo(): Promise<BgioFigures> {
  const require = createRequire(import.meta.url);
  const { Client } = require('boardgame.io/client') as { Client: (o: object) => BgioClient };
  const { SocketIO } = require('boardgame.io/multiplayer') as { SocketIO: (o: object) => unknown };
  const { Claim } = await import('./server-bgio.ts');
  const port = 27_000 + Math.floor(Math.random() * 900) + 100;
  const child = spawn(
    process.execPath,
    [new URL('./server-bgio.ts', import.meta.url).pathname, String(port)],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  killAtExit(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => String(d).includes('listening') && resolve());
    child.once('exit', () => reject(new Error('boardgame.io server exited')));
  });
  const notes: number[] = [];
  let moves = 0;
  let measuring = false;
  let stopping = false;
  const rng = createRng(7);
  const clients: BgioClient[] = [];
  const startMatch = (pair: number, round: number) => {
    const matchID = `m${pair}-${round}`;
    const sent = new Map<number, number>();
    const pairClients = ['0', '1'].map((playerID) =>
      Client({
        game: Claim,
        numPlayers: 2,
        matchID,
        playerID,
        debug: false,
        multiplayer: SocketIO({ server: `http://127.0.0.1:${port}` }),
      }),
    );
    clients.push(...pairClients);
    pairClients.forEach((client, seat) => {
      // Moves are counted by claimed cells: a client's own optimistic update is never taken for
      // the opponent's move, and each position is answered once.
      let answered = -1;
      client.subscribe((state) => {
        if (!state || stopping) return;
        if (state.ctx.gameover) {
          if (seat === 0 && answered !== -2) {
            answered = -2;
            setImmediate(() => startMatch(pair, round + 1));
          }
          return;
        }
        const free = state.G.cells.flatMap((c, i) => (c === null ? [i] : []));
        const claimed = CELLS - free.length;
        if (claimed % 2 !== seat || claimed <= answered || free.length === 0) return;
        answered = claimed;
        const at = sent.get(claimed - 1);
        if (at !== undefined && measuring) {
          notes.push(performance.now() - at);
          moves++;
        }
        sent.set(claimed, performance.now());
        client.moves.claim(rng.pick(free));
      });
      client.start();
    });
  };
  for (let pair = 0; pair < CLIENTS / 2; pair++) startMatch(pair, 0);
  await new Promise((r) => setTimeout(r, 1500));
  measuring = true;
  const start = performance.now();
  const clientCpu = process.cpuUsage();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const elapsed = (performance.now() - start) / 1000;
  const clientMs = cpuMs(process.cpuUsage(clientCpu));
  stopping = true;
  for (const c of clients) c.stop();
  child.kill();
  notes.sort((a, b) => a - b);
  const name = 'server-boardgameio';
  report(name, 'clients', CLIENTS, 'connections');
  report(name, 'cells per game (Claim)', CELLS, 'cells');
  report(name, 'moves per second', Math.round(moves / elapsed), 'moves/s');
  report(name, 'opponent notified p50', +percentile(notes, 50).toFixed(2), 'ms');
  report(name, 'opponent notified p99', +percentile(notes, 99).toFixed(2), 'ms');
  report(name, 'clients CPU per move', +(clientMs / Math.max(1, moves)).toFixed(3), 'ms');
  return { movesPerSecond: moves / elapsed, notifiedP99: percentile(notes, 99) };
}

/** Each Tessera figure of a phase over the same figure of the floor and, where comparable, of
 * boardgame.io (its clients get no acknowledgement of their own moves, so only throughput and
 * the opponent's notification compare). */
function ratios(phase: string, tessera: Figures, floor: Figures, bgio: BgioFigures | undefined) {
  const name = `server-ratios-${phase}`;
  const ratio = (a: number, b: number) => +(a / b).toFixed(2);
  report(
    name,
    'moves per second, Tessera / floor',
    ratio(tessera.movesPerSecond, floor.movesPerSecond),
    'ratio',
  );
  report(name, 'ack latency p99, Tessera / floor', ratio(tessera.ackP99, floor.ackP99), 'ratio');
  report(
    name,
    'opponent notified p99, Tessera / floor',
    ratio(tessera.notifiedP99, floor.notifiedP99),
    'ratio',
  );
  report(name, 'server CPU per move, Tessera / floor', ratio(tessera.cpuPerMove, floor.cpuPerMove), 'ratio');
  if (!bgio) return;
  report(
    name,
    'moves per second, Tessera / boardgame.io',
    ratio(tessera.movesPerSecond, bgio.movesPerSecond),
    'ratio',
  );
  report(
    name,
    'opponent notified p99, Tessera / boardgame.io',
    ratio(tessera.notifiedP99, bgio.notifiedP99),
    'ratio',
  );
}

const root = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
try {
  if (IDLE_SOCKETS.length > 0 && backends('server').includes('sqlite'))
    await withFreshStore('sqlite', root, idleMemory);
  // boardgame.io keeps its games in memory: one saturated run, compared with both backends.
  const bgio = process.env.BENCH_BGIO !== '0' && THINK_MS.includes(0) ? await runBoardgameIo() : undefined;
  for (const backend of backends('server')) {
    const oneProcess = new Map<number, Figures>();
    for (const think of THINK_MS) {
      const floor = await withFreshStore(backend, root, (b) => run(b, think, 1, true));
      const tessera = await withFreshStore(backend, root, (b) => run(b, think));
      const phase = `${backend}${think > 0 ? `-think${think}ms` : ''}`;
      ratios(phase, tessera, floor, think === 0 ? bgio : undefined);
      oneProcess.set(think, tessera);
    }
    // Two server processes sharing the database, each game's players on different ones.
    if (backend === 'postgres' && PROCESSES > 1) {
      for (const think of THINK_MS) {
        const both = await withFreshStore(backend, root, (b) => run(b, think, PROCESSES));
        const one = oneProcess.get(think) as Figures;
        const name = `server-ratios-postgres-${PROCESSES}processes${think > 0 ? `-think${think}ms` : ''}`;
        const ratio = (a: number, b: number) => +(a / b).toFixed(2);
        report(
          name,
          'server CPU per move, two processes / one',
          ratio(both.cpuPerMove, one.cpuPerMove),
          'ratio',
        );
        report(
          name,
          'opponent notified p99, two processes / one',
          ratio(both.notifiedP99, one.notifiedP99),
          'ratio',
        );
      }
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
