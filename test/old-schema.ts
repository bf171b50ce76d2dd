/**
 * A database at an older schema, for the tests of one migration's upgrade: seeded by the test at
 * that schema, closed, then opened by the store (which migrates it). SQLite in a temporary folder,
 * or PostgreSQL in a schema of its own (with TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../src/store/db/db.ts';
import { openPostgres } from '../src/store/db/postgres.ts';
import { openSqlite } from '../src/store/db/sqlite.ts';
import { isPostgresUrl, type StoreConfig } from '../src/store/index.ts';

const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);

export interface OldSchemaBackend {
  readonly name: string;
  readonly skip: string | false;
  /** The database seeded by `seed` (which migrates it to the old schema first), closed; and the store's config to open it again. */
  setUp(seed: (db: Db) => Promise<void>): Promise<StoreConfig>;
  cleanUp(): Promise<void>;
}

function sqliteBackend(): OldSchemaBackend {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-upgrade-'));
  return {
    name: 'sqlite',
    skip: false,
    async setUp(seed) {
      const db = openSqlite(join(dir, 'tessera.db'), 'normal');
      await seed(db);
      await db.close();
      return { dataDir: dir };
    },
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(): OldSchemaBackend {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return {
    name: 'postgres',
    skip: pgUrl ? false : 'PostgreSQL tests skipped: set TEST_DATABASE_URL=postgres://… to run them',
    async setUp(seed) {
      const db = await openPostgres({ url: pgUrl as string, schema });
      await seed(db);
      await db.close();
      return { dataDir: '', databaseUrl: pgUrl as string, pgSchema: schema };
    },
    async cleanUp() {
      if (!pgUrl) return;
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

/** Both backends, each to run a migration's upgrade test on. */
export const oldSchemaBackends = (): OldSchemaBackend[] => [sqliteBackend(), postgresBackend()];
