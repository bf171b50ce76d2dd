/**
 * What the benchmarks that drive a real `tessera serve` process share: a fresh store for each
 * backend (SQLite always, PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set), accounts and
 * sessions seeded straight into it before the server starts (set-up should not spend minutes in
 * scrypt), and percentiles.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type ProcessStats, STATS_PREFIX } from '../src/server/process-stats.ts';
import { hashPasswordHere, newToken } from '../src/server/service/auth.ts';
import { isPostgresUrl, type Store, type StoreConfig } from '../src/store/index.ts';
import type { ServerProcess } from '../test/support.ts';

export const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);

export type BackendName = 'sqlite' | 'postgres';

/** The backends to run: PostgreSQL only when a URL is given (the bench says so otherwise), and
 * only those BENCH_BACKENDS names when it is set (e.g. BENCH_BACKENDS=sqlite). */
export function backends(bench: string): BackendName[] {
  const only = process.env.BENCH_BACKENDS?.split(',').map((b) => b.trim());
  const wanted = (name: BackendName) => only === undefined || only.includes(name);
  if (pgUrl) return (['sqlite', 'postgres'] as const).filter(wanted);
  if (wanted('postgres'))
    process.stderr.write(
      `${bench} bench: PostgreSQL skipped (set TEST_DATABASE_URL=postgres://… to include it)\n`,
    );
  return wanted('sqlite') ? ['sqlite'] : [];
}

export interface Backend {
  readonly name: BackendName;
  /** The server's environment for this store. */
  readonly env: Record<string, string>;
  /** The same store, to seed it directly. */
  readonly config: StoreConfig;
  readonly dataDir: string;
}

/** Run `fn` on a fresh store of `name` under `root`: a new data directory, and for PostgreSQL a
 * new schema, dropped afterwards. */
export async function withFreshStore<T>(
  name: BackendName,
  root: string,
  fn: (backend: Backend) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(root, `${name}-`));
  if (name === 'sqlite') return fn({ name, env: {}, config: { dataDir }, dataDir });
  if (!pgUrl) throw new Error('PostgreSQL needs TEST_DATABASE_URL');
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  try {
    return await fn({
      name,
      env: { DATABASE_URL: pgUrl, TESSERA_PG_SCHEMA: schema },
      config: { dataDir, databaseUrl: pgUrl, pgSchema: schema },
      dataDir,
    });
  } finally {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

/** Create these accounts (one password hash for all) with a day-long session each; their tokens. */
export async function seedAccounts(store: Store, ids: readonly string[]): Promise<string[]> {
  const { hash, salt } = hashPasswordHere('benchpass');
  const tokens: string[] = [];
  for (const id of ids) {
    await store.createUser({ id, passHash: hash, salt, createdAt: Date.now() });
    const t = newToken();
    await store.createSession(t.hash, id, Date.now() + 86_400_000);
    tokens.push(t.token);
  }
  return tokens;
}

/** The value below which p % of the sorted values lie (NaN for none). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

/** NODE_OPTIONS for a benchmark's server from BENCH_SERVER_NODE_OPTIONS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof" to profile it). */
export const serverNodeOptions = (): Record<string, string> =>
  process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {};

/** What a benchmark's server needs in its environment for `serverStats`, and its NODE_OPTIONS. */
export const statsEnv = (): Record<string, string> => ({ TESSERA_STATS: 'on', ...serverNodeOptions() });

/** The server's event-loop delay, memory and CPU time since the previous call (SIGUSR2; the
 * server must run with `statsEnv()`). */
export function serverStats(server: ServerProcess): Promise<ProcessStats> {
  const out = server.child.stdout;
  if (!out) return Promise.reject(new Error('the server’s stdout is not piped'));
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      out.off('data', onData);
      reject(new Error('the server printed no stats within 10 s (TESSERA_STATS=on?)'));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      text += chunk;
      const line = text.split('\n').find((l) => l.startsWith(STATS_PREFIX) && text.includes(`${l}\n`));
      if (line === undefined) return;
      clearTimeout(timer);
      out.off('data', onData);
      resolve(JSON.parse(line.slice(STATS_PREFIX.length)) as ProcessStats);
    };
    out.on('data', onData);
    server.child.kill('SIGUSR2');
  });
}

/** Start the floor server (./server-floor.ts) on this backend's store, like `startServer`. */
export function startFloor(env: Record<string, string>, dataDir: string): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [new URL('./server-floor.ts', import.meta.url).pathname, '--data', dataDir],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}: ${stderr}`)));
    child.stdout?.on('data', (d) => {
      stdout += d;
      const m = /listening on (http:\/\/localhost:\d+)/.exec(stdout);
      if (!m) return;
      resolve({
        url: (m[1] as string).replace('localhost', '127.0.0.1'),
        child,
        errors: () => stderr,
        kill: async (signal = 'SIGTERM') => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          await new Promise((done) => {
            child.once('exit', done);
            child.kill(signal);
          });
        },
      });
    });
  });
}
