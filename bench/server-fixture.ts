/**
 * What the benchmarks that drive a real `tessera serve` process share: a fresh store for each
 * backend (SQLite always, PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set), accounts and
 * sessions seeded straight into it before the server starts (set-up should not spend minutes in
 * scrypt), and percentiles.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword, newToken } from '../src/server/auth.ts';
import { isPostgresUrl, type Store, type StoreConfig } from '../src/store/index.ts';

export const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);

export type BackendName = 'sqlite' | 'postgres';

/** The backends to run: PostgreSQL only when a URL is given (the bench says so otherwise). */
export function backends(bench: string): BackendName[] {
  if (pgUrl) return ['sqlite', 'postgres'];
  process.stderr.write(
    `${bench} bench: PostgreSQL skipped (set TEST_DATABASE_URL=postgres://… to include it)\n`,
  );
  return ['sqlite'];
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
  const { hash, salt } = await hashPassword('benchpass');
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
