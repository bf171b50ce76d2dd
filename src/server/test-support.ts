/** Helpers for the server's in-process tests: a server on a fresh SQLite directory (or schema). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore } from '../store/index.ts';
import { buildServer, type ServerParts } from './app.ts';
import { DEFAULTS, type ServerConfig } from './config/index.ts';

/** A server with test settings, `overrides` of them, and the games in `parts` (a test's own game). */
export async function testServer(overrides: Partial<ServerConfig> = {}, parts: ServerParts = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-server-'));
  const server = await buildServer(
    {
      ...DEFAULTS,
      dataDir,
      log: false,
      // No web client unless a test brings one.
      webRoot: join(dataDir, 'no-web'),
      botThinkMs: 30,
      overBudgetDelayMs: 0,
      rate: {
        client: { perSecond: 10_000, burst: 10_000 },
        account: { perSecond: 10_000, burst: 10_000 },
        socket: { perSecond: 10_000, burst: 10_000 },
        password: { perSecond: 10_000, burst: 10_000 },
      },
      signups: { perSecond: 10_000, burst: 10_000 },
      ...overrides,
    },
    parts,
  );
  const { app } = server;
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
  ) => {
    const response = await app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
      status: response.statusCode,
      body: response.json() as Record<string, unknown> & { error?: string },
    };
  };
  const account = async (user: string, password = 'pass1234') => {
    await call('POST', '/api/signup', { user, password });
    const login = await call('POST', '/api/login', { user, password });
    return login.body.token as string;
  };
  return {
    ...server,
    call,
    account,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres')
  ? process.env.TEST_DATABASE_URL
  : undefined;

/** The backends a test runs on: SQLite, and PostgreSQL when TEST_DATABASE_URL names one. */
export const TEST_BACKENDS: readonly { readonly name: string; readonly postgres: boolean }[] = [
  { name: 'SQLite', postgres: false },
  ...(pgUrl ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

/** A test server on a backend; on PostgreSQL in a schema of its own, dropped when it closes. */
export async function testServerOn(backend: { readonly postgres: boolean }) {
  if (!backend.postgres || !pgUrl) return testServer();
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const server = await testServer({ databaseUrl: pgUrl, pgSchema });
  return {
    ...server,
    async close() {
      await server.close();
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
      await client.end();
    },
  };
}

/** A store alone on a backend, counting the statements it sends (but notifications); on PostgreSQL in a schema of its
 * own, dropped when it closes. */
export async function testStoreOn(backend: { readonly postgres: boolean }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-store-'));
  const pgSchema = `s_${randomBytes(6).toString('hex')}`;
  const counted = { queries: 0 };
  const onQuery = (sql: string) => {
    // Notifications to other processes go out after earlier commits, whenever they come.
    if (!sql.startsWith('SELECT pg_notify')) counted.queries++;
  };
  const store = await openStore(
    backend.postgres && pgUrl ? { dataDir, databaseUrl: pgUrl, pgSchema, onQuery } : { dataDir, onQuery },
  );
  return {
    store,
    /** Statements sent so far. */
    queries: () => counted.queries,
    async close() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (!backend.postgres || !pgUrl) return;
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
      await client.end();
    },
  };
}
