/**
 * For the store's tests: a describe block run once on each backend, each with a fresh store of its
 * own (SQLite in a temporary folder; PostgreSQL in a schema of its own, dropped after, when
 * TEST_DATABASE_URL names a database, and skipped otherwise).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import pg from 'pg';
import { isPostgresUrl, openStore, type Store, type StoreConfig } from './index.ts';

export const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);

export type Backend = 'sqlite' | 'postgres';

/** The block's store, opened before its tests, and its settings (to open a second one). */
export interface BackendStore {
  readonly store: () => Store;
  readonly config: () => StoreConfig;
}

/** `describe(\`${what} on ${backend}\`)` for each backend, `body` given its store. */
export function onEachBackend(what: string, body: (backend: Backend, opened: BackendStore) => void): void {
  for (const backend of ['sqlite', 'postgres'] as const) {
    const skip =
      backend === 'postgres' && !pgUrl ? `PostgreSQL ${what} skipped: set TEST_DATABASE_URL` : false;
    describe(`${what} on ${backend}`, { skip }, () => {
      const dir = mkdtempSync(join(tmpdir(), 'tessera-store-'));
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const config: StoreConfig =
        backend === 'sqlite'
          ? { dataDir: dir }
          : { dataDir: '', databaseUrl: pgUrl as string, pgSchema: schema };
      let store: Store | undefined;
      before(async () => {
        store = await openStore(config);
      });
      after(async () => {
        await store?.close();
        rmSync(dir, { recursive: true, force: true });
        if (backend === 'postgres' && pgUrl) {
          const client = new pg.Client({ connectionString: pgUrl });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await client.end();
        }
      });
      body(backend, {
        store: () => {
          if (!store) throw new Error('the store opens before the tests run');
          return store;
        },
        config: () => config,
      });
    });
  }
}
