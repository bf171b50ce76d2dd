/**
 * Open challenges at scale: with BENCH_SEEKS (default 5000) open challenges stored and
 * BENCH_CLIENTS (default 1000) logged-in clients connected with their lobbies subscribed, a real
 * `tessera serve` process answers
 *   - the open list (`GET /api/seeks` as a logged-in viewer: filtered to what they may take),
 *   - quick pairing (`POST /api/seeks/quick`, each taking the nearest-rated compatible seek),
 *   - a seek posted reaching every connected lobby (its `seeks` frame, from the POST to each
 *     client's receipt),
 * and reports p50 and p99 of each, for SQLite and for PostgreSQL when TEST_DATABASE_URL is set.
 *
 *   npm run bench -- seeks
 *   BENCH_SEEKS=5000 BENCH_CLIENTS=1000 BENCH_REQUESTS=300 npm run bench -- seeks
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Frame, LiveClient } from '../src/server/live/ws-client.ts';
import { type NewSeek, openStore } from '../src/store/index.ts';
import { startServer } from '../test/support.ts';
import { report } from './report.ts';
import { type Backend, backends, percentile, seedAccounts, withFreshStore } from './server-fixture.ts';

const SEEKS = Number(process.env.BENCH_SEEKS ?? 5000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const POSTS = 30;
const PACES = ['1d', '2d', '3d', '5d', '7d', '14d'];
const TYPES = ['atom4', 'warpweft'];

/** `count` calls of `run`, `parallel` at a time; each one's milliseconds, sorted. */
async function timed(count: number, parallel: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      await run(i);
      times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return times.sort((a, b) => a - b);
}

function figures(name: string, what: string, times: readonly number[]) {
  report('seeks', `${name} ${what} p50`, Math.round(percentile(times, 50) * 10) / 10, 'ms');
  report('seeks', `${name} ${what} p99`, Math.round(percentile(times, 99) * 10) / 10, 'ms');
}

async function seed(backend: Backend): Promise<{ clients: string[] }> {
  const store = await openStore(backend.config);
  const posterIds = Array.from({ length: Math.ceil(SEEKS / 5) }, (_, i) => `p${i}`);
  const clientIds = Array.from({ length: CLIENTS + REQUESTS + 1 }, (_, i) => `c${i}`);
  await seedAccounts(store, posterIds);
  const clients = await seedAccounts(store, clientIds);
  const now = Date.now();
  let i = 0;
  const pool = Array.from({ length: 16 }, async () => {
    while (i < SEEKS) {
      const n = i++;
      const seek: NewSeek = {
        user: posterIds[Math.floor(n / 5)] as string,
        gameType: TYPES[n % TYPES.length] as string,
        options: {},
        compact: false,
        timeControl: PACES[n % PACES.length] as string,
        rated: n % 3 !== 0,
        seat: 'random',
        // One in ten for a rating range, as a few players ask.
        minRating: n % 10 === 0 ? 1400 : null,
        maxRating: n % 10 === 0 ? 1600 : null,
        at: now,
        expiresAt: now + 7 * 86_400_000,
      };
      const posted = await store.postSeek(seek, 5);
      if ('refused' in posted) throw new Error(posted.refused);
    }
  });
  await Promise.all(pool);
  await store.close();
  return { clients };
}

async function run(name: string, backend: Backend) {
  const { clients } = await seed(backend);
  const server = await startServer({ ...backend.env, TESSERA_LOG: 'error' }, backend.dataDir);
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  try {
    // The lobbies: every client logged in and subscribed to notices (which carry the seeks frames).
    const arrivals = new Map<number, number[]>();
    const sockets: LiveClient[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const live = new LiveClient(server.url);
      await live.opened;
      live.send({ type: 'auth', token: clients[i] });
      await live.next((f) => f.type === 'auth', 20_000);
      live.send({ type: 'subscribe', notices: true });
      await live.next((f) => f.type === 'subscribed', 20_000);
      live.onFrame = (frame: Frame) => {
        if (frame.type !== 'seeks') return;
        const at = performance.now();
        for (const seek of frame.added as { id: number }[]) {
          const times = arrivals.get(seek.id) ?? [];
          times.push(at);
          arrivals.set(seek.id, times);
        }
      };
      sockets.push(live);
    }
    const herald = clients[CLIENTS + REQUESTS] as string;
    const drop = setInterval(() => {
      for (const s of sockets) s.frames.length = 0;
    }, 1000);

    const listed = await timed(REQUESTS, 8, async (i) => {
      const list = await call('GET', '/api/seeks', clients[i % CLIENTS] as string);
      if ((list.open as unknown[]).length === 0) throw new Error('an empty open list');
    });
    figures(name, `open list (${SEEKS} open, ${CLIENTS} clients)`, listed);

    // Each quick pairing by a player who has no seek of their own: it takes one.
    let paired = 0;
    const pairing = await timed(REQUESTS, 4, async (i) => {
      const answer = await call('POST', '/api/seeks/quick', clients[CLIENTS + i] as string, {
        gameType: TYPES[i % TYPES.length],
        timeControl: PACES[i % PACES.length],
      });
      if (answer.paired) paired++;
    });
    figures(name, `quick pairing (${SEEKS} open, ${CLIENTS} clients)`, pairing);
    report('seeks', `${name} quick pairings that took a seek`, paired, 'of ' + REQUESTS);

    // A seek posted, to every lobby.
    const delivery: number[] = [];
    for (let i = 0; i < POSTS; i++) {
      const start = performance.now();
      // Posted by a player with no lobby open, so every lobby is told.
      const posted = await call('POST', '/api/seeks', herald, { gameType: 'atom4' });
      const id = posted.id as number;
      const until = Date.now() + 10_000;
      while ((arrivals.get(id)?.length ?? 0) < CLIENTS && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5));
      const times = arrivals.get(id) ?? [];
      if (times.length < CLIENTS) throw new Error(`only ${times.length} of ${CLIENTS} lobbies were told`);
      for (const t of times) delivery.push(t - start);
      await call('DELETE', `/api/seeks/${id}`, herald);
      await new Promise((r) => setTimeout(r, 50));
    }
    delivery.sort((a, b) => a - b);
    figures(name, `seek posted to every lobby (${CLIENTS} clients)`, delivery);
    clearInterval(drop);
    for (const s of sockets) s.close();
  } finally {
    await server.kill();
  }
}

const root = mkdtempSync(join(tmpdir(), 'tessera-bench-seeks-'));
try {
  for (const name of backends('seeks')) await withFreshStore(name, root, (backend) => run(name, backend));
} finally {
  rmSync(root, { recursive: true, force: true });
}
