/** The PostgreSQL pool's own behaviour. Needs TEST_DATABASE_URL (or DATABASE_URL) set to a postgres:// URL. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPostgresUrl, openPostgres } from './postgres.ts';

const url = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);

describe('PostgreSQL pool', { skip: url ? false : 'set TEST_DATABASE_URL=postgres://… to run it' }, () => {
  it('once all its connections are opened, a burst of transactions opens none', async () => {
    const db = await openPostgres({ url: url as string, poolSize: 4 });
    try {
      await db.openAll?.();
      const [{ opened }] = await db.all<{ opened: Date }>('SELECT clock_timestamp() AS opened');
      // Four transactions at once, each holding its connection a moment, take all four.
      const backends = await Promise.all(
        Array.from({ length: 4 }, () =>
          db.tx((tx) =>
            tx.all<{ pid: number; started: Date }>(
              'SELECT pid, backend_start AS started FROM pg_stat_activity, pg_sleep(0.05) WHERE pid = pg_backend_pid()',
            ),
          ),
        ),
      );
      const rows = backends.flat();
      assert.equal(new Set(rows.map((row) => row.pid)).size, 4);
      for (const row of rows)
        assert.ok(row.started < opened, `connection ${row.pid} was opened by the burst`);
    } finally {
      await db.close();
    }
  });
});
