/**
 * Opens the store: PostgreSQL when DATABASE_URL is a postgres:// URL, otherwise node:sqlite in
 * `<data>/tessera.db`. The schema is brought up to date before the store is returned.
 */
import { join } from 'node:path';
import {
  type Db,
  isPostgresUrl,
  openPostgres,
  openSqlite,
  type PgConfig,
  pgSignals,
  type SqliteSync,
} from './db/index.ts';
import { NO_SIGNALS, type Store } from './ports/index.ts';
import { migrate } from './schema/index.ts';
import { sqlStore } from './sql-store.ts';

export interface StoreConfig {
  /** The data directory for the embedded database. */
  readonly dataDir: string;
  /** A postgres:// URL selects PostgreSQL. */
  readonly databaseUrl?: string;
  /** PostgreSQL schema (default public). */
  readonly pgSchema?: string;
  readonly poolSize?: number;
  /** SQLite's durability: `full` (default) or `normal` (see sqlite.ts). */
  readonly sqliteSync?: SqliteSync;
  /** Told the text of every statement sent to the database (tests count a view's queries with it). */
  readonly onQuery?: (sql: string) => void;
}

export async function openStore(config: StoreConfig): Promise<Store> {
  if (isPostgresUrl(config.databaseUrl)) {
    const pgConfig: PgConfig = {
      url: config.databaseUrl,
      ...(config.pgSchema ? { schema: config.pgSchema } : {}),
      ...(config.poolSize ? { poolSize: config.poolSize } : {}),
    };
    const db = observed(await openPostgres(pgConfig), config.onQuery);
    await migrate(db);
    return sqlStore(db, pgSignals(pgConfig, db), 'postgres', redact(config.databaseUrl));
  }
  const file = join(config.dataDir, 'tessera.db');
  const db: Db = observed(openSqlite(file, config.sqliteSync), config.onQuery);
  await migrate(db);
  return sqlStore(db, NO_SIGNALS, 'sqlite', file);
}

/** `db`, telling `onQuery` of each statement, inside transactions too. */
function observed(db: Db, onQuery: StoreConfig['onQuery']): Db {
  if (!onQuery) return db;
  return {
    ...db,
    dialect: db.dialect,
    all(sql, params) {
      onQuery(sql);
      return db.all(sql, params);
    },
    run(sql, params) {
      onQuery(sql);
      return db.run(sql, params);
    },
    tx: (fn) => db.tx((q) => fn(observed(q, onQuery))),
    close: () => db.close(),
    ...(db.openAll ? { openAll: () => (db.openAll as () => Promise<void>)() } : {}),
  };
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

export { isPostgresUrl } from './db/index.ts';
export * from './ports/index.ts';
