/**
 * The PostgreSQL backend (`pg`). Statements use `?` and are numbered here. A schema other than
 * `public` may be named (tests use a fresh one each run); LISTEN/NOTIFY carries change signals
 * between server processes sharing the database.
 */
import pg from 'pg';
import type { Db, Params } from './db.ts';

/**
 * Each statement as PostgreSQL takes it: `?` numbered, and a name, so that every pooled connection
 * parses and plans it once and afterwards only binds values (a named prepared statement). Only
 * the statements of queries are named; the schema's are run as they come.
 */
interface PgStatement {
  readonly name: string | undefined;
  readonly text: string;
}
const statements = new Map<string, PgStatement>();
function toPg(sql: string): PgStatement {
  let statement = statements.get(sql);
  if (statement === undefined) {
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    const query = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql);
    statement = { name: query ? `tessera_${statements.size}` : undefined, text };
    statements.set(sql, statement);
  }
  return statement;
}

export interface PgConfig {
  readonly url: string;
  /** Use this schema instead of `public`; created if missing. */
  readonly schema?: string;
  readonly poolSize?: number;
}

export const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//.test(url);

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe schema name ${name}`);
  return `"${name}"`;
}

export function pgClientConfig(config: PgConfig): pg.ClientConfig {
  return {
    connectionString: config.url,
    ...(config.schema ? { options: `-c search_path=${quoteIdent(config.schema)}` } : {}),
  };
}

export async function openPostgres(config: PgConfig): Promise<Db> {
  if (config.schema) {
    const setup = new pg.Client({ connectionString: config.url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(config.schema)}`);
    } catch (error) {
      // Two processes creating the same schema at once: one wins, the other sees it exist.
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await setup.end();
    }
  }
  // A connection once opened stays open while the process runs (up to `max`), not closed after
  // 10 s idle as pg's pool does by default. Opening one costs a backend start, a SCRAM exchange on
  // both sides and a parse and plan of each prepared statement again: a burst under a flood opened
  // a dozen at once and held both cores of a small machine for 130 ms, and a pool that closes idle
  // connections pays that again after every quiet spell.
  const max = config.poolSize ?? 20;
  const pool = new pg.Pool({ ...pgClientConfig(config), max, idleTimeoutMillis: 0 });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  const on = (client: pg.Pool | pg.PoolClient): Db => ({
    dialect: 'postgres',
    async all<T>(sql: string, params: Params = []) {
      return (await client.query({ ...toPg(sql), values: params as unknown[] })).rows as T[];
    },
    async run(sql: string, params: Params = []) {
      return (await client.query({ ...toPg(sql), values: params as unknown[] })).rowCount ?? 0;
    },
    tx: () => {
      throw new Error('transactions do not nest');
    },
    close: async () => {},
  });
  return {
    ...on(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(on(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    // Opening the pool's connections as the load grows made the query that found none idle wait
    // about 80 ms for one to be opened (a move's commit among them, under load). A server opens
    // them all before it takes requests: about 0.3 s for 20 on a small machine.
    async openAll() {
      const opened = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
      for (const result of opened) if (result.status === 'fulfilled') result.value.release();
      const failed = opened.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    close: () => pool.end(),
  };
}
