/**
 * Abuse: can one hostile client stall the server or shut others out? Normal players make a move
 * every 200 ms over WebSocket in Warp and Weft games, in BENCH_NORMAL_PAIRS (default 4) pairs of
 * accounts, each pair playing its own games; we report their acknowledgement latency p50/p99 with
 * the server idle, then while each attack below runs, one at a time, from one attacking client,
 * and every refusal the normal players met (failed or refused moves, and a new client connecting
 * once a second for HTTP and WebSocket). Several pairs give the p99 enough moves to be a
 * percentile: one pair's 100 moves in 20 s make it the second-slowest move, which one stall of
 * the machine (a slow disk flush, a garbage collection) decides on its own.
 *
 *   npm run bench -- abuse                       (5 s per attack; BENCH_SECONDS=2 for a smoke run)
 *   TEST_DATABASE_URL=postgres://… npm run bench -- abuse    (PostgreSQL too)
 *   BENCH_ATTACKS=idle,ping-flood npm run bench -- abuse     (only these phases, by key)
 *   BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR" …   (profile the server)
 *
 * The target: under every attack the normal players’ p99 stays below 30 ms and nobody else is
 * refused.
 *
 * The server runs with its default limits and the common default file limit of 1024, listening on
 * 127.0.0.1. The attacker connects from 127.0.0.2 (another loopback address) so that the server,
 * like one facing the internet, can tell the one hostile address from the normal players'; it
 * gets no favours: per-address limits are the server's to enforce (the phases that need more
 * than one address's share use more loopback addresses, as many clients would: the password
 * checks 16, the busy player's opponents 127.0.0.3, the 10,000 sockets 334 from 127.0.1.1 on,
 * with the server's caps in all raised above them). Every attack is bounded in
 * count and in time, and stops by itself. The server is restarted between attacks (each starts
 * from the store as seeded, so one attack's backlog never spills into the next); what the attacks
 * need (accounts, codenames, the long game) is seeded straight into the store beforehand.
 */

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { type Authority, createAuthority } from '../src/engine/index.ts';
import { GAMES } from '../src/games/index.ts';
import { MAX_SOLUTION_MOVES } from '../src/games/intricacy/index.ts';
import { legalMoves, type WarpWeftMove, type WarpWeftState, warpweft } from '../src/games/warpweft/index.ts';
import { createRng } from '../src/grid/rng.ts';
import { MAX_REFUSAL_WAIT_MS } from '../src/server/guards/unread-holds.ts';
import { type Frame, LiveClient } from '../src/server/live/ws-client.ts';
import { createMetagame } from '../src/server/metagame/world.ts';
import type { ProcessStats } from '../src/server/process-stats.ts';
import { WORKER_NICE } from '../src/server/workers/pool.ts';
import { openStore, type Store, type StoreConfig } from '../src/store/index.ts';
import { type ServerProcess, startServer } from '../test/support.ts';
import { report } from './report.ts';
import {
  type Backend,
  backends,
  percentile,
  seedAccounts,
  serverNodeOptions,
  serverStats,
  statsEnv,
  withFreshStore,
} from './server-fixture.ts';

const BENCH = 'abuse';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Only these phases (keys such as idle,ping-flood; all when unset). */
const ONLY = process.env.BENCH_ATTACKS?.split(',').map((k) => k.trim());
const chosen = (key: string) => ONLY === undefined || ONLY.includes(key);
const MOVE_EVERY_MS = 200;
/** Pairs of normal players; the first (ann and bob) also measures the computer's replies, lock
 * placements and new clients. */
const NORMAL_PAIRS = Math.max(1, Number(process.env.BENCH_NORMAL_PAIRS ?? 4));
/** The longest game to build (fewer if the server caps a game's length). */
const LONG_GAME = Number(process.env.BENCH_LONG_GAME ?? 10_000);
/** Finished games between two attacking accounts, for the head-to-head and archive phase. */
const PAIR_GAMES = Number(process.env.BENCH_PAIR_GAMES ?? 20_000);
/** Loopback addresses the password phase's attacker sends from, each within its own rate. */
const PASSWORD_ADDRESSES = 16;
/** Logged-in sockets of the sockets-10k phase, 30 from each loopback address (the cap is 32). */
const SCALE_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const SOCKETS_PER_ADDRESS = 30;
/** How often a move is made in the game they all watch (0: never, to compare). */
const WATCHED_MOVE_MS = Number(process.env.BENCH_WATCHED_MOVE_MS ?? 500);
/** Active correspondence games of the one busy player of the player-1000-games phase. */
const BUSY_GAMES = Number(process.env.BENCH_BUSY_GAMES ?? 1000);
const BUSY = 'x3';
const ATTACKER = '127.0.0.2';
/** The attacking thread's nice value: as low a priority as the server's worker threads. */
const ATTACKER_NICE = WORKER_NICE;
const SERVER_FILE_LIMIT = 1024;
/** A move, probe or placement not answered within this counts as refused. */
const ANSWER_MS = 30_000;
/** The longest wait for the computer's reply to the normal player. */
const REPLY_CAP_MS = 60_000;
/** The two accounts of normal pair `pair`. */
const normalPair = (pair: number) => (pair === 0 ? ['ann', 'bob'] : [`ann${pair}`, `bob${pair}`]);
const NORMAL = Array.from({ length: NORMAL_PAIRS }, (_, pair) => normalPair(pair)).flat();
/** Attacking accounts: 1000 codenames, then enough fresh ones to keep registering. */
const ATTACKERS = Math.max(1000 + Math.max(200, 30 * SECONDS), BUSY_GAMES + 10);
const attackerId = (i: number) => `x${i}`;
/** Three capitals or digits, never the normal player's. */
const codename = (i: number) => (i + 20 * 36 * 36).toString(36).toUpperCase();
const NORMAL_CODENAME = 'ANN';

const lockText = (name: string) =>
  readFileSync(new URL(`../locks/tutorial/${name}.lock`, import.meta.url), 'utf8');
const NORMAL_LOCK = { lock: lockText('05-hook'), solution: 'hE hE hNE hNE hNE h+ hW' };
/** A lock whose turns cost the most of the tutorial's, with a longest solution that never opens
 * it: every check replays all of it. */
const CHECK_LOCK = lockText('11-conflicts');
const BOGUS_SOLUTION = Array.from({ length: MAX_SOLUTION_MOVES }, (_, k) => (k % 2 ? 'hW' : 'hE')).join(' ');
const LONG_GAME_MOVES = ['hE', 'hW'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }, what: string): T => {
  if (!r.ok) throw new Error(`${what}: ${r.error}`);
  return r.value;
};
const seatOf = (s: WarpWeftState) => warpweft.toMove(s) ?? 0;

// ---------------------------------------------------------------------------------------------
// The store, seeded before each server start.

interface PlayedGame {
  readonly id: number;
  state: WarpWeftState;
  /** Finished, or given up on (lost track of it, or resigned between attacks). */
  over?: boolean;
}
const isOver = (g: PlayedGame) => g.over === true || g.state.result !== null;

interface Seeded {
  readonly tokens: ReadonlyMap<string, string>;
  /** Per normal pair: Warp and Weft games between its two players, used in turn. */
  readonly games: PlayedGame[][];
  /** The normal player's games against `computer`, the normal player to move. */
  readonly computerGames: PlayedGame[];
  readonly longGame: { readonly id: number; readonly moves: number };
  /** Finished games between attackerId(1) and attackerId(2) (only when their phase runs). */
  readonly pairGames: number;
  /** The game all sockets of the sockets-10k phase watch, between x1 and x2 (x1 to move). */
  readonly watchedGame: number;
  /** The busy player's games, one against each of x10, x11, …, the opponent to move, and the
   * first move they make (the same in every one: the games are alike). */
  readonly busy: { readonly games: readonly number[]; readonly firstMove: string };
  codenames: number;
}

const openSeeding = (config: StoreConfig) => openStore({ ...config, sqliteSync: 'normal' });
const authorityOn = (store: Store): Authority =>
  createAuthority({ port: store, games: GAMES, now: Date.now });

async function seed(config: StoreConfig): Promise<Seeded> {
  const store = await openSeeding(config);
  try {
    const ids = [...NORMAL, ...Array.from({ length: ATTACKERS }, (_, i) => attackerId(i))];
    const tokenList = await seedAccounts(store, ids);
    const tokens = new Map(ids.map((id, i) => [id, tokenList[i] as string]));
    await store.createUser({ id: 'computer', passHash: '!', salt: '!', createdAt: Date.now() });
    const authority = authorityOn(store);
    const created = async (players: string[], gameType = 'warpweft', options: unknown = { size: 6 }) =>
      must(
        await authority.create({ gameType, players, challenger: players[0] as string, options, seed: 1 }),
        'seeding a game',
      );
    const games: PlayedGame[][] = [];
    for (let pair = 0; pair < NORMAL_PAIRS; pair++) {
      const own: PlayedGame[] = [];
      // Enough for five moves a second in every phase, with games as short as ten moves.
      for (let i = 0; i < 10 + 5 * (SECONDS + 2); i++) {
        const record = await created(normalPair(pair));
        own.push({ id: record.id, state: record.state as WarpWeftState });
      }
      games.push(own);
    }
    const computerGames: PlayedGame[] = [];
    while (computerGames.length < 10 + SECONDS) {
      const record = await created(['ann', 'computer']);
      if (record.toMove === 'ann')
        computerGames.push({ id: record.id, state: record.state as WarpWeftState });
      else await authority.decline({ gameId: record.id, user: 'computer' });
    }
    // The longest game the server allows, built 32 queued moves at a time.
    const long = await created([attackerId(0)], 'intricacy', CHECK_LOCK);
    let moves = 0;
    while (moves < LONG_GAME) {
      const batch = Array.from({ length: Math.min(32, LONG_GAME - moves) }, (_, k) => LONG_GAME_MOVES[k % 2]);
      const queued = await authority.queue({
        gameId: long.id,
        user: attackerId(0),
        moves: batch as string[],
      });
      if (!queued.ok || queued.value.moves.length === 0) break;
      moves = queued.value.game.moveCount;
    }
    const metagame = createMetagame({ store });
    await metagame.refresh();
    must(await metagame.act({ kind: 'register', payload: { codename: NORMAL_CODENAME } }, 'ann'), 'ANN');
    const pairGames = chosen('head-to-head') ? await seedPairGames(store, authority) : 0;
    const watchedGame = (await created([attackerId(1), attackerId(2)])).id;
    const busy = chosen('player-1000-games') ? await seedBusyPlayer(authority) : { games: [], firstMove: '' };
    return {
      tokens,
      games,
      computerGames,
      longGame: { id: long.id, moves },
      pairGames,
      watchedGame,
      busy,
      codenames: 0,
    };
  } finally {
    await store.close();
  }
}

/**
 * PAIR_GAMES finished games between attackerId(1) and attackerId(2), the pace two accounts reach
 * in an hour of quick resignations: each created and ended straight in the store (20 at a time).
 */
async function seedPairGames(store: Store, authority: Authority): Promise<number> {
  const pair = [attackerId(1), attackerId(2)];
  let made = 0;
  const one = async (k: number) => {
    const players = k % 2 ? [...pair].reverse() : pair;
    const game = must(
      await authority.create({
        gameType: 'warpweft',
        players,
        challenger: players[0] as string,
        options: { size: 2 },
        seed: k,
      }),
      'seeding a pair game',
    );
    const ended = await store.commit({
      gameId: game.id,
      version: game.version,
      move: null,
      state: game.state,
      moveCount: 0,
      status: 'finished',
      outcome:
        k % 5 === 4 ? { kind: 'draw', reason: 'seeded' } : { kind: 'win', winner: k % 2, reason: 'seeded' },
      toMove: null,
      at: Date.now(),
    });
    if (ended) made++;
  };
  for (let k = 0; k < PAIR_GAMES; k += 20)
    await Promise.all(Array.from({ length: Math.min(20, PAIR_GAMES - k) }, (_, j) => one(k + j)));
  return made;
}

/**
 * BUSY_GAMES active correspondence games (3 days a move) of the busy player, each against an
 * opponent of its own, who is to move. Seeded straight into the store: through the server a
 * player reaches as many by answering challenges (only games one starts count against the limit
 * of active games).
 */
async function seedBusyPlayer(authority: Authority): Promise<Seeded['busy']> {
  const games: number[] = [];
  let firstMove = '';
  for (let k = 0; k < BUSY_GAMES; k++) {
    const opponent = attackerId(10 + k);
    const game = must(
      await authority.create({
        gameType: 'warpweft',
        players: [opponent, BUSY],
        challenger: BUSY,
        options: { size: 6 },
        seed: 1,
        timeControl: { daysPerMove: 3, bankDays: 0 },
      }),
      'seeding a busy player’s game',
    );
    const state = game.state as WarpWeftState;
    firstMove ||= warpweft.formatMove(legalMoves(state)[0] as WarpWeftMove, state);
    games.push(game.id);
  }
  return { games, firstMove };
}

/** Give the first `count` attacking accounts a codename (without locks). */
async function ensureCodenames(config: StoreConfig, seeded: Seeded, count: number): Promise<void> {
  if (seeded.codenames >= count) return;
  const store = await openSeeding(config);
  try {
    const metagame = createMetagame({ store });
    await metagame.refresh();
    for (let i = seeded.codenames; i < count; i++) {
      const action = { kind: 'register', payload: { codename: codename(i) } } as const;
      must(await metagame.act(action, attackerId(i)), 'seeding a codename');
    }
    seeded.codenames = count;
  } finally {
    await store.close();
  }
}

/** After an attack: games waiting for the computer are resigned, so the next server start does
 * not resume the computer's thinking for them. */
async function resignWaitingForComputer(config: StoreConfig, seeded: Seeded): Promise<void> {
  const store = await openSeeding(config);
  try {
    const authority = authorityOn(store);
    for (const user of ['ann', attackerId(0)]) {
      for (const game of await store.listGames(user, 'active', 'warpweft', 1000)) {
        if (game.toMove === 'computer') await authority.resign({ gameId: game.id, user });
      }
    }
    for (const g of seeded.computerGames) {
      const record = await store.loadGame(g.id);
      if (record?.status !== 'active') g.over = true;
    }
  } finally {
    await store.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The normal players.

interface Measured {
  acks: number[];
  /** The computer's replies to the normal player's moves in its own game. */
  replies: number[];
  placements: number[];
  refusedMoves: number;
  refusedReplies: number;
  refusedPlacements: number;
  newClients: number;
  refusedNewClients: number;
  reasons: Set<string>;
}

/** The pairs' measures as one. */
const merged = (all: Measured[]): Measured => {
  const m = emptyMeasure();
  for (const one of all) {
    m.acks.push(...one.acks);
    m.replies.push(...one.replies);
    m.placements.push(...one.placements);
    m.refusedMoves += one.refusedMoves;
    m.refusedReplies += one.refusedReplies;
    m.refusedPlacements += one.refusedPlacements;
    m.newClients += one.newClients;
    m.refusedNewClients += one.refusedNewClients;
    for (const reason of one.reasons) m.reasons.add(reason);
  }
  return m;
};

const emptyMeasure = (): Measured => ({
  acks: [],
  replies: [],
  placements: [],
  refusedMoves: 0,
  refusedReplies: 0,
  refusedPlacements: 0,
  newClients: 0,
  refusedNewClients: 0,
  reasons: new Set(),
});

class NormalPlayers {
  private readonly clients: (LiveClient | undefined)[] = [undefined, undefined];
  private ref = 0;
  private current = -1;
  private currentComputer = -1;
  private readonly rng: ReturnType<typeof createRng>;
  m = emptyMeasure();

  private readonly url: string;
  private readonly seeded: Seeded;
  private readonly pair: number;
  private readonly games: PlayedGame[];

  constructor(url: string, seeded: Seeded, pair: number) {
    this.url = url;
    this.seeded = seeded;
    this.pair = pair;
    this.games = seeded.games[pair] as PlayedGame[];
    this.rng = createRng(11 + pair);
  }

  private token = (seat: number) => this.seeded.tokens.get(normalPair(this.pair)[seat] as string) as string;

  /** The seat's connection, logged in; reconnected if the server closed it. */
  private async client(seat: number): Promise<LiveClient> {
    const open = this.clients[seat];
    if (open?.open) return open;
    const client = new LiveClient(this.url);
    client.onFrame = () => {
      if (client.frames.length > 100) client.frames.length = 0;
    };
    this.clients[seat] = client;
    await client.opened;
    const ref = ++this.ref;
    client.send({ type: 'auth', token: this.token(seat), ref });
    const answer = await client.next((f) => f.ref === ref, ANSWER_MS);
    if (answer.type !== 'auth') throw new Error(String(answer.error));
    // Watching the game, as a player does.
    const game = this.games[this.current];
    if (game) client.send({ type: 'subscribe', gameId: game.id, since: game.state.ply });
    return client;
  }

  private refuse(what: 'refusedMoves' | 'refusedReplies' | 'refusedPlacements', reason: unknown) {
    this.m[what]++;
    this.m.reasons.add(`${what.replace('refused', '').toLowerCase()}: ${String(reason).slice(0, 80)}`);
  }

  async connect(): Promise<void> {
    await Promise.all([this.client(0), this.client(1)]);
  }

  private async nextGame(): Promise<PlayedGame> {
    let game = this.games[this.current];
    while (!game || isOver(game)) {
      this.current++;
      game = this.games[this.current];
      if (!game) throw new Error('the normal players ran out of games; seed more');
      // Watching it, as players do (a connection that fails now is retried by the move).
      for (const seat of [0, 1]) {
        try {
          (await this.client(seat)).send({ type: 'subscribe', gameId: game.id });
        } catch {}
      }
    }
    return game;
  }

  /** Send a move and wait for its answer: the acknowledgement, or an error naming it. */
  private async play(
    client: LiveClient,
    game: number,
    move: string,
    moveNo: number,
    answered: (f: Frame) => boolean,
    timeoutMs: number,
  ): Promise<Frame> {
    const ref = ++this.ref;
    client.send({ type: 'move', gameId: game, move, moveNo, ref });
    return client.next(
      (f) => answered(f) || (f.type === 'error' && (f.ref === ref || f.ref === undefined)),
      timeoutMs,
    );
  }

  /** One move by whoever is to move in the current game; its ack latency. */
  private async oneMove(): Promise<void> {
    const game = await this.nextGame();
    const seat = seatOf(game.state);
    let client: LiveClient;
    try {
      client = await this.client(seat);
    } catch (error) {
      return this.refuse('refusedMoves', `cannot connect: ${(error as Error).message}`);
    }
    const move: WarpWeftMove = this.rng.pick(legalMoves(game.state));
    const moveNo = game.state.ply + 1;
    const sent = performance.now();
    let answer: Frame;
    try {
      answer = await this.play(
        client,
        game.id,
        warpweft.formatMove(move, game.state),
        moveNo,
        (f) => f.type === 'ack' && f.gameId === game.id && f.moveNo === moveNo,
        ANSWER_MS,
      );
    } catch (error) {
      return this.refuse('refusedMoves', (error as Error).message);
    }
    if (answer.type !== 'ack') {
      this.refuse('refusedMoves', answer.error);
      return this.resync(game);
    }
    this.m.acks.push(performance.now() - sent);
    game.state = must(warpweft.play(game.state, move), 'the normal player’s move');
  }

  /** After a refused move: the position as the server has it. */
  private async resync(game: PlayedGame): Promise<void> {
    try {
      const client = await this.client(0);
      const ref = ++this.ref;
      client.send({ type: 'subscribe', gameId: game.id, ref });
      const state = await client.next((f) => f.type === 'state' && f.gameId === game.id, ANSWER_MS);
      game.state = state.view as WarpWeftState;
    } catch {
      game.over = true;
    }
  }

  /** A move every MOVE_EVERY_MS (or as soon as the last was answered, if it took longer), the
   * first after `offsetMs`. */
  async moves(until: number, offsetMs = 0): Promise<void> {
    await sleep(offsetMs);
    while (performance.now() < until) {
      const started = performance.now();
      await this.oneMove();
      const wait = started + MOVE_EVERY_MS - performance.now();
      if (wait > 0) await sleep(wait);
    }
  }

  /** In the normal player's own game against `computer`: from each move to the computer's reply
   * (at least one, waiting at most REPLY_CAP_MS). */
  async computerReplies(until: number): Promise<void> {
    let tries = 0;
    for (; tries === 0 || performance.now() < until; tries++) {
      let game = this.seeded.computerGames[this.currentComputer];
      if (!game || isOver(game) || seatOf(game.state) !== 0) {
        this.currentComputer++;
        game = this.seeded.computerGames[this.currentComputer];
        if (!game) throw new Error('the normal player ran out of games against the computer');
        try {
          (await this.client(0)).send({ type: 'subscribe', gameId: game.id });
        } catch {}
      }
      const move: WarpWeftMove = this.rng.pick(legalMoves(game.state));
      const after = must(warpweft.play(game.state, move), 'a move against the computer');
      const moveNo = game.state.ply + 1;
      const id = game.id;
      const sent = performance.now();
      try {
        const answer = await this.play(
          await this.client(0),
          id,
          warpweft.formatMove(move, game.state),
          moveNo,
          (f) =>
            f.gameId === id &&
            ((f.type === 'move' && f.moveNo === moveNo + 1) || (after.result !== null && f.type === 'ack')),
          REPLY_CAP_MS,
        );
        if (answer.type === 'error') {
          this.refuse('refusedReplies', answer.error);
          await this.resync(game);
        } else if (answer.type === 'ack') game.state = after;
        else {
          this.m.replies.push(performance.now() - sent);
          game.state = answer.view as WarpWeftState;
        }
      } catch (error) {
        // No reply within REPLY_CAP_MS, or no connection.
        this.refuse('refusedReplies', (error as Error).message);
        game.over = true;
      }
    }
  }

  /** The normal player (re)places its lock twice a second, at least once: the placement's latency. */
  async placements(until: number): Promise<void> {
    do {
      const started = performance.now();
      try {
        const answer = await fetch(new URL('/api/intricacy/slots/0', this.url), {
          method: 'PUT',
          headers: { authorization: `Bearer ${this.token(0)}`, 'content-type': 'application/json' },
          body: JSON.stringify(NORMAL_LOCK),
          signal: AbortSignal.timeout(ANSWER_MS),
        });
        const body = await answer.text();
        if (answer.ok) this.m.placements.push(performance.now() - started);
        else this.refuse('refusedPlacements', `${answer.status} ${body}`);
      } catch (error) {
        this.refuse('refusedPlacements', (error as Error).message);
      }
      const wait = started + 500 - performance.now();
      if (wait > 0) await sleep(wait);
    } while (performance.now() < until);
  }

  /** Once a second a new client connects: an HTTP request and a WebSocket ping on new
   * connections from a normal address. */
  async newClients(until: number): Promise<void> {
    const game = this.games[0]?.id ?? 1;
    while (performance.now() < until) {
      const started = performance.now();
      const probes = [httpProbe(this.url, `/api/games/${game}?at=0`), socketProbe(this.url)];
      for (const result of await Promise.all(probes)) {
        this.m.newClients++;
        if (result !== true) {
          this.m.refusedNewClients++;
          this.m.reasons.add(`new client: ${result}`);
        }
      }
      const wait = started + 1000 - performance.now();
      if (wait > 0) await sleep(wait);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c?.close()));
  }
}

/** A GET on a connection of its own: true, or why it failed. */
function httpProbe(base: string, path: string): Promise<true | string> {
  return new Promise((resolve) => {
    const req = http.get(new URL(path, base), { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? true : `HTTP ${res.statusCode}`));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', (error) => resolve(error.message));
  });
}

/** A new WebSocket connection answering a ping: true, or why not. */
function socketProbe(base: string): Promise<true | string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(new URL('/ws?format=json', base.replace(/^http/, 'ws')));
    const done = (result: true | string) => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => done('no pong within 5 s'), 5000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'ping' })));
    ws.on('message', (data) => {
      if (String(data).includes('"pong"')) done(true);
    });
    ws.on('close', (code, reason) => done(`closed ${code} ${reason}`));
    ws.on('error', (error) => done(error.message));
  });
}

// ---------------------------------------------------------------------------------------------
// The attacker: one client, from ATTACKER, bounded in count and time.

interface AttackStats {
  requests: number;
  /** Turned away: 429 or 503, connection closed by the server, or no connection at all. */
  refused: number;
  /** What the attack measured besides, reported as they are: [value, unit] by name. */
  figures?: Record<string, [number, string]>;
}

const turnedAway = (status: number) => status === 0 || status === 429 || status === 503;

interface AttackContext {
  readonly url: string;
  readonly port: number;
  readonly seeded: Seeded;
  readonly running: () => boolean;
  readonly stats: AttackStats;
}

/** One HTTP request from the attacker's address on a kept-alive connection. */
function attackRequest(
  ctx: AttackContext,
  agent: http.Agent,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; text?: boolean } = {},
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  ctx.stats.requests++;
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: ctx.port, method, path, agent, headers, timeout: ANSWER_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (options.text) chunks.push(chunk);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (turnedAway(status)) ctx.stats.refused++;
          resolve({ status, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      ctx.stats.refused++;
      resolve({ status: 0, text: '' });
    });
    req.end(body);
  });
}

/** `count` loops of `step` until the attack stops; a refused step backs off a little (an
 * attacker wants its requests to get through, not to spin on refusals). */
function loops(ctx: AttackContext, count: number, step: (loop: number) => Promise<number | 'done'>) {
  return Array.from({ length: count }, async (_, loop) => {
    while (ctx.running()) {
      const status = await step(loop);
      if (status === 'done') return;
      if (status === 0 || status >= 400) await sleep(status === 429 ? 20 : 50);
    }
  });
}

const agentFor = (maxSockets: number) =>
  new http.Agent({ keepAlive: true, localAddress: ATTACKER, maxSockets });

/** A WebSocket from the attacker's address (JSON frames). */
function attackSocket(ctx: AttackContext, token?: string): WebSocket {
  const url = new URL('/ws?format=json', ctx.url.replace(/^http/, 'ws'));
  if (token) url.searchParams.set('token', token);
  const ws = new WebSocket(url, { localAddress: ATTACKER });
  ws.on('error', () => undefined);
  ws.once('close', () => {
    if (ctx.running()) ctx.stats.refused++;
  });
  return ws;
}

/** Keep `count` sockets open, each driven by `drive` (which resolves when the socket closes),
 * reopening one the server closed after a pause. */
function socketLoops(
  ctx: AttackContext,
  count: number,
  drive: (ws: WebSocket, loop: number) => Promise<void>,
): { all: Promise<void>[]; sockets: Set<WebSocket> } {
  const sockets = new Set<WebSocket>();
  const all = Array.from({ length: count }, async (_, loop) => {
    while (ctx.running()) {
      const ws = attackSocket(ctx);
      sockets.add(ws);
      ctx.stats.requests++;
      const closed = once(ws, 'close').catch(() => undefined);
      await Promise.race([drive(ws, loop), closed]);
      ws.terminate();
      await closed;
      sockets.delete(ws);
      if (ctx.running()) await sleep(100);
    }
  });
  return { all, sockets };
}

const untilOpen = (ws: WebSocket) =>
  new Promise<boolean>((resolve) => {
    if (ws.readyState === WebSocket.OPEN) return resolve(true);
    ws.once('open', () => resolve(true));
    ws.once('close', () => resolve(false));
  });

interface Attack {
  /** Its name in the JSON lines. */
  readonly key: string;
  /** The table's row. */
  readonly title: string;
  /** Attacking accounts that need a codename first. */
  readonly codenames?: number;
  /** Also measured for the normal player, beside its moves. */
  readonly alsoMeasure?: 'computer' | 'placements';
  /** The server's settings for this phase, over its defaults, and its file limit. */
  readonly serverEnv?: Record<string, string>;
  readonly fileLimit?: number;
  /** The server's memory is reported before the attack and once it has started. */
  readonly measureMemory?: boolean;
  /** Starts the attack (resolving once it is under way); returns how to stop it. */
  start(ctx: AttackContext): (() => Promise<void>) | Promise<() => Promise<void>>;
}

const ATTACKS: readonly Attack[] = [
  {
    key: 'history-replay',
    title: 'GET /api/games/:id?at=N on the longest game, anonymous, 4 loops',
    start(ctx) {
      const agent = agentFor(4);
      const rng = createRng(1);
      const { id, moves } = ctx.seeded.longGame;
      const all = loops(ctx, 4, async () => {
        const at = rng.nextInt(moves + 1);
        return (await attackRequest(ctx, agent, 'GET', `/api/games/${id}?at=${at}`)).status;
      });
      return async () => {
        await Promise.all(all);
        agent.destroy();
      };
    },
  },
  {
    key: 'scores',
    title: '1,000 codenames without locks; a new codename then /scores, 4 loops',
    codenames: 1000,
    start(ctx) {
      const agent = agentFor(4);
      let next = 1000;
      const all = loops(ctx, 4, async () => {
        const i = next++;
        if (i >= ATTACKERS) return 'done';
        const token = ctx.seeded.tokens.get(attackerId(i));
        await attackRequest(ctx, agent, 'POST', '/api/intricacy/register', {
          token,
          body: { codename: codename(i) },
        });
        return (await attackRequest(ctx, agent, 'GET', '/api/intricacy/scores', { token })).status;
      });
      return async () => {
        await Promise.all(all);
        agent.destroy();
      };
    },
  },
  {
    key: 'world',
    title: '500 codenames, 4 parallel GET /api/intricacy/world loops',
    codenames: 500,
    start(ctx) {
      const agent = agentFor(4);
      const all = loops(ctx, 4, async (loop) => {
        const token = ctx.seeded.tokens.get(attackerId(loop));
        return (await attackRequest(ctx, agent, 'GET', '/api/intricacy/world', { token })).status;
      });
      return async () => {
        await Promise.all(all);
        agent.destroy();
      };
    },
  },
  {
    key: 'sigmar-deals',
    title: "Sigmar's Garden challenges (hard deals), declined at once, 4 loops",
    start(ctx) {
      const agent = agentFor(4);
      const all = loops(ctx, 4, async (loop) => {
        const token = ctx.seeded.tokens.get(attackerId(loop));
        const challenge = await attackRequest(ctx, agent, 'POST', '/api/games', {
          token,
          body: { gameType: 'sigmar', players: [attackerId(loop)], options: { difficulty: 'hard' } },
          text: true,
        });
        if (challenge.status !== 200 && challenge.status !== 201) return challenge.status;
        const id = (JSON.parse(challenge.text) as { id: number }).id;
        return (await attackRequest(ctx, agent, 'POST', `/api/games/${id}/decline`, { token })).status;
      });
      return async () => {
        await Promise.all(all);
        agent.destroy();
      };
    },
  },
  {
    key: 'subscribe-backlog',
    title: 'WebSocket subscribe since:0 to the longest game, 8 sockets, repeated',
    start(ctx) {
      const { id } = ctx.seeded.longGame;
      const { all } = socketLoops(ctx, 8, async (ws) => {
        if (!(await untilOpen(ws))) return;
        while (ctx.running() && ws.readyState === WebSocket.OPEN) {
          ws.send(JSON.stringify({ type: 'subscribe', gameId: id, since: 0 }));
          ctx.stats.requests++;
          // Until the backlog's last frame (it carries the view), the end of a page of it, an
          // error, or 3 s; then again from move 0.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(finish, 3000);
            function finish() {
              clearTimeout(timer);
              ws.off('message', onMessage);
              ws.off('close', finish);
              resolve();
            }
            function onMessage(data: WebSocket.RawData) {
              const text = String(data);
              const error = text.includes('"type":"error"');
              if (error) ctx.stats.refused++;
              if (error || text.includes('"view"') || text.includes('"type":"more"')) finish();
            }
            ws.on('message', onMessage);
            ws.once('close', finish);
          });
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'unsubscribe', gameId: id }));
        }
      });
      return async () => {
        await Promise.all(all);
      };
    },
  },
  {
    key: 'ping-flood',
    title: 'WebSocket ping flood, 32 sockets',
    start(ctx) {
      const ping = JSON.stringify({ type: 'ping' });
      const { all } = socketLoops(ctx, 32, async (ws) => {
        if (!(await untilOpen(ws))) return;
        while (ctx.running() && ws.readyState === WebSocket.OPEN) {
          // As fast as the connection takes them, without piling up in our own buffer.
          for (let k = 0; k < 50 && ws.bufferedAmount < 64 * 1024; k++) ws.send(ping);
          ctx.stats.requests += 50;
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      return async () => {
        await Promise.all(all);
      };
    },
  },
  {
    key: 'slow-bodies',
    title: '1,100 slow-body HTTP connections (server file limit 1,024)',
    start(ctx) {
      const open = new Set<net.Socket>();
      const head =
        'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 16000\r\n\r\n{';
      const connect = () => {
        if (!ctx.running()) return;
        ctx.stats.requests++;
        const socket = net.connect({ host: '127.0.0.1', port: ctx.port, localAddress: ATTACKER });
        socket.on('connect', () => {
          open.add(socket);
          socket.write(head);
        });
        socket.on('data', () => undefined);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          open.delete(socket);
          if (!ctx.running()) return;
          ctx.stats.refused++;
          // The server let go: come back a second later.
          setTimeout(connect, 1000).unref();
        });
      };
      for (let i = 0; i < 1100; i++) connect();
      // One body byte a second on each connection.
      const trickle = setInterval(() => {
        for (const socket of open) socket.write(' ');
      }, 1000);
      return async () => {
        clearInterval(trickle);
        for (const socket of open) socket.destroy();
      };
    },
  },
  {
    key: 'computer-queue',
    title: '40 games against computer; the normal player’s own game against it (reply time)',
    alsoMeasure: 'computer',
    start(ctx) {
      const agent = agentFor(4);
      const user = attackerId(0);
      const token = ctx.seeded.tokens.get(user) as string;
      const rng = createRng(3);
      const ws = attackSocket(ctx, token);
      const answer = (state: WarpWeftState, game: number) => {
        if (!ctx.running() || state.result || seatOf(state) !== 0) return;
        const move = warpweft.formatMove(rng.pick(legalMoves(state)), state);
        ctx.stats.requests++;
        ws.send(JSON.stringify({ type: 'move', gameId: game, move, moveNo: state.ply + 1 }));
      };
      // The computer is seat 1: whenever it has moved (or it is our turn at first), move again.
      ws.on('message', (data) => {
        const f = JSON.parse(String(data)) as Frame;
        if (f.type === 'error') ctx.stats.refused++;
        if ((f.type === 'state' || (f.type === 'move' && f.seat === 1)) && f.view)
          answer(f.view as WarpWeftState, f.gameId as number);
      });
      const started = (async () => {
        if (!(await untilOpen(ws))) return;
        for (let k = 0; k < 40 && ctx.running(); k++) {
          const made = await attackRequest(ctx, agent, 'POST', '/api/games', {
            token,
            body: { gameType: 'warpweft', players: [user, 'computer'], options: { size: 6 } },
            text: true,
          });
          if (made.status !== 200 && made.status !== 201) continue;
          const id = (JSON.parse(made.text) as { id: number }).id;
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'subscribe', gameId: id }));
        }
      })();
      return async () => {
        await started;
        ws.terminate();
        agent.destroy();
      };
    },
  },
  {
    key: 'takebacks',
    title:
      'move and take back against computer as fast as allowed; 4 anonymous readers of that game (limit=1)',
    start(ctx) {
      const agent = agentFor(6);
      const user = attackerId(0);
      const token = ctx.seeded.tokens.get(user) as string;
      const rng = createRng(5);
      let gameId = 0;
      const newGame = async () => {
        const made = await attackRequest(ctx, agent, 'POST', '/api/games', {
          token,
          body: { gameType: 'warpweft', players: [user, 'computer'], options: { size: 6 } },
          text: true,
        });
        if (made.status === 201) gameId = (JSON.parse(made.text) as { id: number }).id;
        return made.status;
      };
      const taker = loops(ctx, 1, async () => {
        if (gameId === 0) return newGame();
        const seen = await attackRequest(ctx, agent, 'GET', `/api/games/${gameId}?limit=1`, { text: true });
        if (seen.status !== 200) return seen.status;
        const game = JSON.parse(seen.text) as { status: string; toMove: string | null; view: WarpWeftState };
        if (game.status !== 'active') return newGame();
        if (game.toMove !== user) {
          await sleep(5);
          return 200;
        }
        const move = warpweft.formatMove(rng.pick(legalMoves(game.view)), game.view);
        const moved = await attackRequest(ctx, agent, 'POST', `/api/games/${gameId}/moves`, {
          token,
          body: { move },
        });
        if (moved.status !== 200) return moved.status;
        // Accepted at once by the computer, until the game or the move has had its share.
        const taken = await attackRequest(ctx, agent, 'POST', `/api/games/${gameId}/takeback`, {
          token,
          body: { action: 'propose' },
        });
        return taken.status === 403 ? 200 : taken.status;
      });
      const readers = loops(ctx, 4, async () => {
        if (gameId === 0) {
          await sleep(10);
          return 200;
        }
        return (await attackRequest(ctx, agent, 'GET', `/api/games/${gameId}?limit=1`)).status;
      });
      return async () => {
        await Promise.all([...taker, ...readers]);
        agent.destroy();
      };
    },
  },
  {
    key: 'password-checks',
    title: `wrong passwords from ${PASSWORD_ADDRESSES} addresses, each at its allowed rate: password checks at the server-wide limit`,
    start(ctx) {
      const agents = Array.from(
        { length: PASSWORD_ADDRESSES },
        (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.0.${2 + i}`, maxSockets: 2 }),
      );
      const all = loops(ctx, PASSWORD_ADDRESSES * 2, async (loop) => {
        const agent = agents[loop % PASSWORD_ADDRESSES] as http.Agent;
        const body = { user: attackerId(loop), password: 'not-the-password' };
        return (await attackRequest(ctx, agent, 'POST', '/api/login', { body })).status;
      });
      return async () => {
        await Promise.all(all);
        for (const agent of agents) agent.destroy();
      };
    },
  },
  {
    key: 'head-to-head',
    title: `head-to-head and deep archive pages of two accounts with ${PAIR_GAMES.toLocaleString('en')} games together, 4 loops`,
    start(ctx) {
      const agent = agentFor(4);
      const [a, b] = [attackerId(1), attackerId(2)];
      const deepest = Math.max(0, ctx.seeded.pairGames - 50);
      const rng = createRng(7);
      const all = loops(ctx, 4, async (loop) => {
        if (loop < 2) return (await attackRequest(ctx, agent, 'GET', `/api/players/${a}/versus/${b}`)).status;
        const offset = deepest - rng.nextInt(100);
        const path = `/api/games/finished?user=${a}&offset=${Math.max(0, offset)}&limit=50`;
        return (await attackRequest(ctx, agent, 'GET', path)).status;
      });
      return async () => {
        await Promise.all(all);
        agent.destroy();
      };
    },
  },
  {
    key: 'solution-checks',
    title: '108 queued Intricacy solution checks; the normal player places a lock (latency)',
    codenames: 500,
    alsoMeasure: 'placements',
    start(ctx) {
      const agent = agentFor(108);
      const all = loops(ctx, 108, async (loop) => {
        const token = ctx.seeded.tokens.get(attackerId(loop));
        const body = { lock: CHECK_LOCK, solution: BOGUS_SOLUTION };
        return (await attackRequest(ctx, agent, 'PUT', `/api/intricacy/slots/${loop % 3}`, { token, body }))
          .status;
      });
      return async () => {
        await Promise.all(all);
        agent.destroy();
      };
    },
  },
  {
    key: 'sockets-10k',
    title: `${SCALE_SOCKETS.toLocaleString('en')} logged-in sockets hearing their notices and watching one game, ${SOCKETS_PER_ADDRESS} from each of ${Math.ceil(SCALE_SOCKETS / SOCKETS_PER_ADDRESS)} addresses; a move in the watched game every ${WATCHED_MOVE_MS} ms`,
    // The caps on sockets and connections in all (10,000 by default) raised just above the
    // attack's sockets, so that the normal players still get in; the file limit with them.
    serverEnv: {
      TESSERA_MAX_SOCKETS: String(SCALE_SOCKETS + 500),
      TESSERA_MAX_CONNECTIONS: String(SCALE_SOCKETS + 600),
    },
    fileLimit: SCALE_SOCKETS + 1024,
    measureMemory: true,
    async start(ctx) {
      const watched = ctx.seeded.watchedGame;
      const sockets: WebSocket[] = [];
      /** Per move number of the watched game: when it was sent, and the sockets it reached. */
      const reached = new Map<number, { sent: number; count: number; last: number }>();
      const opened = performance.now();
      let failed = 0;
      const openOne = (i: number) =>
        new Promise<void>((resolve) => {
          const a = Math.floor(i / SOCKETS_PER_ADDRESS);
          const localAddress = `127.0.${1 + Math.floor(a / 254)}.${1 + (a % 254)}`;
          const ws = new WebSocket(new URL('/ws?format=json', ctx.url.replace(/^http/, 'ws')), {
            localAddress,
          });
          sockets.push(ws);
          const token = ctx.seeded.tokens.get(attackerId(10 + (i % (ATTACKERS - 10)))) as string;
          const fail = () => {
            failed++;
            resolve();
          };
          ws.on('error', () => undefined);
          ws.once('close', fail);
          ws.once('open', () => {
            ws.send(JSON.stringify({ type: 'auth', token }));
            ws.send(JSON.stringify({ type: 'subscribe', notices: true }));
            ws.send(JSON.stringify({ type: 'subscribe', gameId: watched }));
          });
          ws.on('message', (data) => {
            const text = String(data);
            if (text.startsWith('{"type":"state"')) {
              ws.off('close', fail);
              resolve();
            } else if (text.startsWith('{"type":"move"')) {
              const r = reached.get((JSON.parse(text) as { moveNo: number }).moveNo);
              if (r) {
                r.count++;
                r.last = performance.now();
              }
            } else if (text.startsWith('{"type":"error"')) {
              ctx.stats.refused++;
              ws.terminate();
            }
          });
        });
      // 100 at a time, as browsers of many players would arrive.
      let next = 0;
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          while (next < SCALE_SOCKETS) await openOne(next++);
        }),
      );
      ctx.stats.requests += SCALE_SOCKETS;
      const figures: Record<string, [number, string]> = {
        'sockets open, logged in and watching': [SCALE_SOCKETS - failed, 'sockets'],
        'sockets refused or failed': [failed, 'sockets'],
        'time to open them all': [+((performance.now() - opened) / 1000).toFixed(1), 's'],
      };
      ctx.stats.figures = figures;
      // The players of the watched game move in turn; each move's time to reach every watcher.
      const agent = agentFor(2);
      const rng = createRng(9);
      const tokens = [1, 2].map((k) => ctx.seeded.tokens.get(attackerId(k)) as string);
      const mover = loops(ctx, WATCHED_MOVE_MS > 0 ? 1 : 0, async () => {
        const started = performance.now();
        const seen = await attackRequest(ctx, agent, 'GET', `/api/games/${watched}?limit=1`, { text: true });
        if (seen.status !== 200) return seen.status;
        const game = JSON.parse(seen.text) as {
          status: string;
          toMove: string;
          moveCount: number;
          view: WarpWeftState;
        };
        if (game.status !== 'active') return 'done';
        const move = warpweft.formatMove(rng.pick(legalMoves(game.view)), game.view);
        reached.set(game.moveCount + 1, { sent: performance.now(), count: 0, last: 0 });
        const token = tokens[game.toMove === attackerId(1) ? 0 : 1];
        const moved = await attackRequest(ctx, agent, 'POST', `/api/games/${watched}/moves`, {
          token,
          body: { move },
        });
        const wait = started + WATCHED_MOVE_MS - performance.now();
        if (wait > 0) await sleep(wait);
        return moved.status;
      });
      return async () => {
        await Promise.all(mover);
        await sleep(2000);
        agent.destroy();
        const fanOut = sorted([...reached.values()].filter((r) => r.count > 0).map((r) => r.last - r.sent));
        const everyone = [...reached.values()].filter((r) => r.count === SCALE_SOCKETS - failed).length;
        figures['moves sent to the watchers'] = [reached.size, 'moves'];
        figures['moves that reached every watcher'] = [everyone, 'moves'];
        figures['a move to its last watcher p50'] = [+percentile(fanOut, 50).toFixed(1), 'ms'];
        figures['a move to its last watcher max'] = [+(fanOut.at(-1) ?? Number.NaN).toFixed(1), 'ms'];
        for (const ws of sockets) ws.terminate();
      };
    },
  },
  {
    key: 'player-1000-games',
    title: `one player with ${BUSY_GAMES.toLocaleString('en')} active correspondence games: each opponent moves (a notice each), the player's lobby lists read, 2 loops`,
    start(ctx) {
      const { games, firstMove } = ctx.seeded.busy;
      const token = ctx.seeded.tokens.get(BUSY) as string;
      const figures: Record<string, [number, string]> = {};
      ctx.stats.figures = figures;
      // The busy player's socket, hearing of every game's move.
      const sentAt = new Map<number, number>();
      const lags: number[] = [];
      let notices = 0;
      let noticeBytes = 0;
      const ws = attackSocket(ctx, token);
      ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', notices: true })));
      ws.on('message', (data) => {
        const text = String(data);
        if (!text.startsWith('{"type":"notice"')) return;
        notices++;
        noticeBytes += text.length;
        const gameId = (JSON.parse(text) as { game: { id: number } }).game.id;
        const sent = sentAt.get(gameId);
        if (sent !== undefined) lags.push(performance.now() - sent);
      });
      // The opponents, from another address, each moving once in its game, in turn.
      const movers = new http.Agent({ keepAlive: true, localAddress: '127.0.0.3', maxSockets: 4 });
      let next = 0;
      const moving = loops(ctx, 4, async () => {
        const k = next++;
        const gameId = games[k];
        if (gameId === undefined) return 'done';
        const opponent = ctx.seeded.tokens.get(attackerId(10 + k)) as string;
        const started = performance.now();
        sentAt.set(gameId, started);
        const moved = await attackRequest(ctx, movers, 'POST', `/api/games/${gameId}/moves`, {
          token: opponent,
          body: { move: firstMove },
        });
        // 40 moves a second in all, within the address's budget: a refused request would
        // measure its wait for the next turn, not the notice.
        const wait = started + 100 - performance.now();
        if (wait > 0) await sleep(wait);
        return moved.status;
      });
      // The player's lobby: the list of their active games and of those awaiting their move.
      const views: Record<string, { ms: number[]; bytes: number }> = {
        active: { ms: [], bytes: 0 },
        next: { ms: [], bytes: 0 },
      };
      const agent = agentFor(2);
      const reading = loops(ctx, 2, async (loop) => {
        const filter = loop === 0 ? 'active' : 'next';
        const started = performance.now();
        const seen = await attackRequest(ctx, agent, 'GET', `/api/games?user=${BUSY}&filter=${filter}`, {
          token,
          text: true,
        });
        const view = views[filter] as { ms: number[]; bytes: number };
        view.ms.push(performance.now() - started);
        view.bytes = seen.text.length;
        await sleep(100);
        return seen.status;
      });
      return async () => {
        await Promise.all([...moving, ...reading]);
        await sleep(1000);
        ws.terminate();
        movers.destroy();
        agent.destroy();
        figures['opponents’ moves'] = [Math.min(next, games.length), 'moves'];
        figures['notices the player heard'] = [notices, 'notices'];
        figures['notice size, mean'] = [notices ? Math.round(noticeBytes / notices) : 0, 'bytes'];
        const lag = sorted(lags);
        figures['move to its notice p50'] = [+percentile(lag, 50).toFixed(1), 'ms'];
        figures['move to its notice p99'] = [+percentile(lag, 99).toFixed(1), 'ms'];
        for (const [filter, view] of Object.entries(views)) {
          const ms = sorted(view.ms);
          figures[`lobby list ${filter}: reads`] = [ms.length, 'requests'];
          figures[`lobby list ${filter}: p50`] = [+percentile(ms, 50).toFixed(1), 'ms'];
          figures[`lobby list ${filter}: p99`] = [+percentile(ms, 99).toFixed(1), 'ms'];
          figures[`lobby list ${filter}: size`] = [view.bytes, 'bytes'];
        }
      };
    },
  },
];

/** Set in the attacker's own process (see startAttacker). */
const ATTACKER_ROLE = 'TESSERA_BENCH_ATTACKER';
const isAttacker = process.env[ATTACKER_ROLE] === '1';

/**
 * The attacker runs in a process of its own, so that its own work (a flood of frames, 1,100
 * sockets) never delays the normal players' clock readings in this one, and at a lower priority,
 * every thread of it: a real attacker sends from its own machine, so on a small one its work should
 * not take the CPU from the server being measured. (In a thread of this process, as before, its
 * garbage collections ran on this process's V8 helper threads at full priority, shared with the
 * normal players' own collections.)
 */
async function startAttacker(
  attack: number,
  url: string,
  seeded: Seeded,
): Promise<() => Promise<AttackStats>> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [ATTACKER_ROLE]: '1' },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const failed = new Promise<never>((_, reject) => {
    child.once('error', reject);
    void exited.then(([code]) =>
      reject(new Error(`the attacker process exited (${code}) before its report`)),
    );
  });
  failed.catch(() => undefined);
  child.send({ attack, url, seeded });
  await Promise.race([once(child, 'message'), failed]);
  return async () => {
    child.send('stop');
    const [stats] = (await Promise.race([once(child, 'message'), failed])) as [AttackStats];
    await exited;
    return stats;
  };
}

/** Lowers the priority of every thread of this process by ATTACKER_NICE below the bench's own
 * (so a bench run under `nice` keeps the attacker as far below the server as ever), where threads
 * have one of their own (Linux: os.setPriority of a thread's id changes that thread alone; threads
 * made later inherit it); does nothing elsewhere. */
function yieldTheCpu(): void {
  const nice = Math.min(19, getPriority() + ATTACKER_NICE);
  try {
    for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), nice);
  } catch {
    // No /proc/self/task: the attacker keeps the process's priority.
  }
}

if (isAttacker) {
  yieldTheCpu();
  process.once('message', async (message: { attack: number; url: string; seeded: Seeded }) => {
    const { attack, url, seeded } = message;
    let attacking = true;
    const stats: AttackStats = { requests: 0, refused: 0 };
    const port = Number(new URL(url).port);
    const stop = await (ATTACKS[attack] as Attack).start({
      url,
      port,
      seeded,
      running: () => attacking,
      stats,
    });
    process.send?.('started');
    process.once('message', async () => {
      attacking = false;
      await stop();
      // Its report sent, the attacker is done (a socket it left open must not keep it alive).
      process.send?.(stats, () => process.exit(0));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// One phase: a fresh server on the seeded store, the normal players warmed up, an attack (or
// none), the measurement, and the server stopped.

interface PhaseResult {
  readonly key: string;
  readonly name: string;
  m: Measured;
  attack?: AttackStats;
  /** Connections from the attacker the server still held LET_GO_MS after the attack stopped. */
  heldAfter?: number;
  /** How long after the attack stopped the server held its last attacker connection (at most LET_GO_MS). */
  letGoSeconds?: number;
  /** Whether the server exited within STOP_MS of SIGTERM. */
  stopped: boolean;
  /** The server's own figures before the attack and once it was under way (measureMemory). */
  memory?: { readonly before: ProcessStats; readonly under: ProcessStats; readonly measured?: ProcessStats };
  seconds: number;
}

const STOP_MS = 10_000;
/** How long after an attack stops the server must have let go of every attacker connection: a
 * connection waiting for its refusal is not read, so the server sees it closed only at its turn,
 * at most MAX_REFUSAL_WAIT_MS on. */
const LET_GO_MS = MAX_REFUSAL_WAIT_MS + 1000;

/** Connections from the attacker's address that the server on `port` holds, in any state but
 * TIME_WAIT (Linux's /proc/net/tcp; undefined where there is none). */
function heldAttackerConnections(port: number): number | undefined {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  try {
    return readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .map((row) => row.trim().split(/\s+/))
      .filter(([, from, to, state]) => from === local && to?.startsWith('0200007F:') && state !== '06')
      .length;
  } catch {
    return undefined;
  }
}

/** SIGTERM, then SIGKILL if the server has not exited within STOP_MS; whether it exited. */
async function stopServer(server: ServerProcess): Promise<boolean> {
  const exited = await Promise.race([server.kill().then(() => true), sleep(STOP_MS).then(() => false)]);
  if (!exited) await server.kill('SIGKILL');
  return exited;
}

async function phase(
  backend: Backend,
  seeded: Seeded,
  name: string,
  attack: Attack | undefined,
): Promise<PhaseResult> {
  const began = performance.now();
  const result: PhaseResult = {
    key: attack?.key ?? 'idle',
    name,
    m: emptyMeasure(),
    stopped: true,
    seconds: 0,
  };
  if (attack?.codenames) await ensureCodenames(backend.config, seeded, attack.codenames);
  let server: ServerProcess | undefined;
  const pairs: NormalPlayers[] = [];
  try {
    server = await startServer(
      {
        ...backend.env,
        ...(attack?.measureMemory ? statsEnv() : serverNodeOptions()),
        ...attack?.serverEnv,
        HOST: '127.0.0.1',
        TESSERA_LOG: 'error',
      },
      backend.dataDir,
      {
        fileLimit: attack?.fileLimit ?? SERVER_FILE_LIMIT,
        defaultLimits: true,
      },
    );
    for (let pair = 0; pair < NORMAL_PAIRS; pair++) pairs.push(new NormalPlayers(server.url, seeded, pair));
    const normal = pairs[0] as NormalPlayers;
    await Promise.all(pairs.map((p) => p.connect()));
    // Warm up (the first move, computer reply or solution check also starts code and worker
    // threads), then measure from scratch.
    const warm = performance.now() + 1000;
    await Promise.all(pairs.map((p) => p.moves(warm)));
    if (!attack || attack.alsoMeasure === 'computer') await normal.computerReplies(0);
    if (!attack || attack.alsoMeasure === 'placements') await normal.placements(0);
    for (const p of pairs) p.m = emptyMeasure();

    // The attack under way for a second (from its start, not its process's) before measuring.
    const memoryBefore = attack?.measureMemory ? await serverStats(server) : undefined;
    const stop = attack && (await startAttacker(ATTACKS.indexOf(attack), server.url, seeded));
    if (memoryBefore) {
      const under = await serverStats(server);
      result.memory = { before: memoryBefore, under };
    }
    if (attack) await sleep(1000);
    const until = performance.now() + SECONDS * 1000;
    // The pairs' moves spread over each 200 ms rather than all at once.
    const measuring: Promise<void>[] = [
      ...pairs.map((p, i) => p.moves(until, (i * MOVE_EVERY_MS) / NORMAL_PAIRS)),
      normal.newClients(until),
    ];
    if (attack?.alsoMeasure === 'computer') measuring.push(normal.computerReplies(until));
    if (attack?.alsoMeasure === 'placements') measuring.push(normal.placements(until));
    await Promise.all(measuring);
    if (result.memory) result.memory = { ...result.memory, measured: await serverStats(server) };
    if (stop) {
      result.attack = await stop();
      const port = Number(new URL(server.url).port);
      const stopped = performance.now();
      let held = heldAttackerConnections(port);
      while (held && performance.now() - stopped < LET_GO_MS) {
        await sleep(250);
        held = heldAttackerConnections(port);
      }
      if (held !== undefined) {
        result.heldAfter = held;
        result.letGoSeconds = (performance.now() - stopped) / 1000;
      }
    } else {
      // Idle figures for what two attacks measure besides moves, one after the other.
      await normal.computerReplies(performance.now() + SECONDS * 1000);
      await normal.placements(performance.now() + SECONDS * 1000);
    }
    result.m = merged(pairs.map((p) => p.m));
  } finally {
    await Promise.all(pairs.map((p) => p.close()));
    if (server) result.stopped = await stopServer(server);
    await resignWaitingForComputer(backend.config, seeded);
  }
  result.seconds = (performance.now() - began) / 1000;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Reporting.

const ms = (v: number) =>
  Number.isNaN(v) ? '-' : v >= 100 ? Math.round(v).toLocaleString('en') : v.toFixed(1);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

function reportPhase(backend: string, r: PhaseResult): void {
  const name = `${backend}, ${r.key}`;
  const acks = sorted(r.m.acks);
  report(BENCH, `${name}: normal moves acknowledged`, acks.length, 'moves');
  report(BENCH, `${name}: normal move ack p50`, +percentile(acks, 50).toFixed(2), 'ms');
  report(BENCH, `${name}: normal move ack p99`, +percentile(acks, 99).toFixed(2), 'ms');
  report(BENCH, `${name}: normal moves refused`, r.m.refusedMoves, 'moves');
  report(BENCH, `${name}: new clients tried`, r.m.newClients, 'connections');
  report(BENCH, `${name}: new clients refused`, r.m.refusedNewClients, 'connections');
  if (r.m.replies.length + r.m.refusedReplies > 0) {
    const replies = sorted(r.m.replies);
    report(BENCH, `${name}: computer reply p50`, +percentile(replies, 50).toFixed(0), 'ms');
    report(BENCH, `${name}: computer reply max`, +(replies.at(-1) ?? Number.NaN).toFixed(0), 'ms');
    report(BENCH, `${name}: computer replies refused or late`, r.m.refusedReplies, 'replies');
  }
  if (r.m.placements.length + r.m.refusedPlacements > 0) {
    const placements = sorted(r.m.placements);
    report(BENCH, `${name}: lock placement p50`, +percentile(placements, 50).toFixed(2), 'ms');
    report(BENCH, `${name}: lock placement p99`, +percentile(placements, 99).toFixed(2), 'ms');
    report(BENCH, `${name}: lock placements refused`, r.m.refusedPlacements, 'placements');
  }
  if (r.attack) {
    report(BENCH, `${name}: attacker requests`, r.attack.requests, 'requests');
    report(BENCH, `${name}: attacker refused or closed`, r.attack.refused, 'requests');
  }
  for (const [what, [value, unit]] of Object.entries(r.attack?.figures ?? {}))
    report(BENCH, `${name}: ${what}`, value, unit);
  if (r.memory) {
    const { before, under } = r.memory;
    report(BENCH, `${name}: server memory (RSS) before the attack`, before.rssMB, 'MB');
    report(BENCH, `${name}: server memory (RSS) under the attack`, under.rssMB, 'MB');
    report(BENCH, `${name}: server heap used before the attack`, before.heapUsedMB, 'MB');
    report(BENCH, `${name}: server heap used under the attack`, under.heapUsedMB, 'MB');
    report(
      BENCH,
      `${name}: server event-loop delay max while the attack started`,
      under.loopDelayMaxMs,
      'ms',
    );
    const measured = r.memory.measured;
    if (measured) {
      report(BENCH, `${name}: server event-loop delay p99 while measured`, measured.loopDelayP99Ms, 'ms');
      report(BENCH, `${name}: server event-loop delay max while measured`, measured.loopDelayMaxMs, 'ms');
      const cpu = +((100 * measured.cpuMs) / measured.wallMs).toFixed(0);
      report(BENCH, `${name}: server CPU while measured (of one core)`, cpu, '%');
    }
  }
  if (r.heldAfter !== undefined) {
    report(
      BENCH,
      `${name}: attacker connections still held ${LET_GO_MS / 1000} s after`,
      r.heldAfter,
      'connections',
    );
    report(BENCH, `${name}: attacker connections let go after`, +(r.letGoSeconds ?? 0).toFixed(1), 's');
  }
  report(BENCH, `${name}: server exited on SIGTERM within ${STOP_MS / 1000} s`, r.stopped ? 1 : 0, 'yes=1');
  report(BENCH, `${name}: phase wall time`, +r.seconds.toFixed(1), 's');
}

const refusals = (m: Measured) =>
  m.refusedMoves + m.refusedNewClients + m.refusedReplies + m.refusedPlacements;

/**
 * Whether the server held under an attack: the normal players’ p99 below 30 ms, nobody refused,
 * and where an attack also measures the computer's reply or a lock placement, that within twice
 * its idle figure: the computer's reply waits for at most one other computer move, so its slowest
 * within twice the slowest idle one; a placement's slowest within twice the idle p99.
 */
function held(r: PhaseResult, idle: PhaseResult | undefined): boolean {
  const refused = refusals(r.m);
  if (!(percentile(sorted(r.m.acks), 99) < 30) || refused > 0) return false;
  const within = (values: number[], idleValues: number[] | undefined, p: number) =>
    values.length === 0 ||
    !idleValues?.length ||
    (sorted(values).at(-1) as number) <= 2 * percentile(sorted(idleValues), p);
  return within(r.m.replies, idle?.m.replies, 100) && within(r.m.placements, idle?.m.placements, 99);
}

function table(backend: string, results: readonly PhaseResult[]): string {
  const idle = results.find((r) => r.key === 'idle');
  const rows = results.map((r) => {
    const acks = sorted(r.m.acks);
    const p99 = percentile(acks, 99);
    const refused = refusals(r.m);
    const extra: string[] = [];
    if (r.m.replies.length > 0) {
      const replies = sorted(r.m.replies);
      extra.push(`computer reply p50 ${ms(percentile(replies, 50))}, max ${ms(replies.at(-1) as number)} ms`);
    }
    if (r.m.placements.length > 0) {
      const p = sorted(r.m.placements);
      extra.push(`lock placement p50 ${ms(percentile(p, 50))}, p99 ${ms(percentile(p, 99))} ms`);
    }
    if (r.attack) extra.push(`attacker ${r.attack.requests} sent, ${r.attack.refused} refused`);
    if (r.heldAfter)
      extra.push(`server still held ${r.heldAfter} attacker connections ${LET_GO_MS / 1000} s after`);
    else if ((r.letGoSeconds ?? 0) >= 1)
      extra.push(`attacker connections let go after ${r.letGoSeconds?.toFixed(1)} s`);
    if (!r.stopped) extra.push(`server did not exit within ${STOP_MS / 1000} s of SIGTERM`);
    if (r.m.reasons.size > 0) extra.push(`refusals: ${[...r.m.reasons].slice(0, 3).join('; ')}`);
    return [
      r.name,
      String(acks.length),
      `${ms(percentile(acks, 50))} / ${ms(p99)}`,
      `${refused} (${r.m.refusedMoves} moves, ${r.m.refusedNewClients}/${r.m.newClients} new)`,
      r.attack ? (held(r, idle) ? 'yes' : 'NO') : '',
      extra.join('; '),
    ];
  });
  const head = ['attack (one client)', 'moves', 'ack p50 / p99 ms', 'refused', 'held', 'notes'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number))).join(' | ')} |`;
  return [
    `\n${backend}: normal players' move ack latency under each attack (held: p99 < 30 ms, nobody refused, computer reply and lock placement within twice idle)`,
    line(head),
    line(widths.map((w) => '-'.repeat(Math.min(w, 20)))),
    ...rows.map(line),
  ].join('\n');
}

if (!isAttacker) {
  const root = mkdtempSync(join(tmpdir(), 'tessera-abuse-'));
  const tables: string[] = [];
  const began = performance.now();
  try {
    for (const name of backends(BENCH)) {
      await withFreshStore(name, root, async (backend) => {
        const seeded = await seed(backend.config);
        report(BENCH, `${name}: longest game built`, seeded.longGame.moves, 'moves');
        const results: PhaseResult[] = [];
        if (chosen('idle')) {
          results.push(await phase(backend, seeded, 'idle', undefined));
          reportPhase(name, results[0] as PhaseResult);
        }
        // The metagame only grows: the attack on 500 codenames runs before the one on 1,000.
        const order = ATTACKS.map((attack, i) => ({ attack, n: i + 1 }))
          .filter(({ attack }) => chosen(attack.key))
          .sort((a, b) => (a.attack.codenames ?? 0) - (b.attack.codenames ?? 0) || a.n - b.n);
        const byNumber = new Map<number, PhaseResult>();
        for (const { attack, n } of order) {
          const result = await phase(backend, seeded, `${n}. ${attack.title}`, attack);
          reportPhase(name, result);
          byNumber.set(n, result);
        }
        results.push(...[...byNumber.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r));
        tables.push(table(name, results));
      });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  process.stderr.write(
    `${tables.join('\n')}\n\n(${((performance.now() - began) / 1000).toFixed(0)} s in all)\n`,
  );
}
