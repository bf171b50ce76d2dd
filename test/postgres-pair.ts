/**
 * Two server processes sharing one PostgreSQL database, on a fresh schema that is dropped
 * afterwards: the fixture of the end-to-end tests of what several processes must agree on.
 */
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import pg from 'pg';
import type { LiveClient } from '../src/server/live/ws-client.ts';
import { type ServerProcess, startServer } from './support.ts';

/** The database: TEST_DATABASE_URL (or DATABASE_URL) when it is a postgres:// URL. */
export const POSTGRES_URL = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(
  (u) => u && /^postgres(ql)?:\/\//.test(u),
);

/** The `skip` of a suite that needs PostgreSQL: false, or why it is skipped. */
export const skipWithoutPostgres = (what: string): false | string =>
  POSTGRES_URL ? false : `${what} skipped: set TEST_DATABASE_URL=postgres://… to run them`;

export interface ServerPair {
  /** The PostgreSQL schema both processes use. */
  readonly schema: string;
  readonly one: ServerProcess;
  readonly two: ServerProcess;
  /** Live clients the suite opens; closed before the servers stop. */
  readonly sockets: LiveClient[];
}

/**
 * Call inside a describe: both processes start at once (so migrations must serialise themselves),
 * with `env` besides the database's settings.
 */
export function serverPairOnPostgres(prefix: string, env: Record<string, string> = {}): ServerPair {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  let servers: ServerProcess[] = [];
  const sockets: LiveClient[] = [];
  before(async () => {
    const both = { ...env, DATABASE_URL: POSTGRES_URL as string, TESSERA_PG_SCHEMA: schema };
    servers = await Promise.all([startServer(both), startServer(both)]);
  });
  after(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(servers.map((s) => s.kill()));
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
  const started = (i: number): ServerProcess => {
    const server = servers[i];
    if (!server) throw new Error('the servers have not started');
    return server;
  };
  return {
    schema,
    get one() {
      return started(0);
    },
    get two() {
      return started(1);
    },
    sockets,
  };
}
