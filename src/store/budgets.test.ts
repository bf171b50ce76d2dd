/**
 * Shared budgets on both backends (PostgreSQL with TEST_DATABASE_URL): a key spends its burst and
 * then one token a step, racing takes never spend more than the budget holds, a take over several
 * keys spends all or none, and a hold is over once its time is up.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { isPostgresUrl, openStore, type Store } from './index.ts';

const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);
const FIVE_A_SECOND = { perSecond: 5, burst: 3 };

for (const backend of ['sqlite', 'postgres'] as const) {
  const skip =
    backend === 'postgres' && !pgUrl ? 'PostgreSQL budget tests skipped: set TEST_DATABASE_URL' : false;
  describe(`shared budgets on ${backend}`, { skip }, () => {
    let store: Store;
    const dir = mkdtempSync(join(tmpdir(), 'tessera-budgets-'));
    const schema = `bu_${randomBytes(6).toString('hex')}`;
    before(async () => {
      store = await openStore(
        backend === 'sqlite'
          ? { dataDir: dir }
          : { dataDir: '', databaseUrl: pgUrl as string, pgSchema: schema },
      );
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

    const take = (key: string, at: number) => store.takeBudgets([{ key, budget: FIVE_A_SECOND }], at);

    it('spends the burst, then one token each step, per key', async () => {
      const at = 1_000_000;
      const burst = [];
      for (let i = 0; i < 4; i++) burst.push(await take('a', at));
      assert.deepEqual(burst, [true, true, true, false]);
      assert.equal(await take('b', at), true, 'another key has its own budget');
      assert.equal(await take('a', at + 100), false);
      assert.equal(await take('a', at + 200), true, 'one token 200 ms later');
      assert.equal(await take('a', at + 200), false);
    });

    it('never lets racing takes spend more than the budget', async () => {
      const taken = await Promise.all(Array.from({ length: 12 }, () => take('race', 5_000_000)));
      assert.equal(taken.filter(Boolean).length, 3);
    });

    it('spends from every key or from none', async () => {
      const at = 9_000_000;
      for (let i = 0; i < 3; i++) assert.equal(await take('full', at), true);
      const both = [
        { key: 'fresh', budget: FIVE_A_SECOND },
        { key: 'full', budget: FIVE_A_SECOND },
      ];
      assert.equal(await store.takeBudgets(both, at), false);
      for (let i = 0; i < 3; i++) assert.equal(await take('fresh', at), true, 'nothing was spent from fresh');
    });

    it('holds a key for as long as a take of its whole burst costs', async () => {
      const day = { perSecond: 1 / 86_400, burst: 1 };
      assert.equal(await store.budgetFull('hold', 0), true);
      assert.equal(await store.takeBudgets([{ key: 'hold', budget: day }], 10_000), true);
      assert.equal(await store.budgetFull('hold', 10_000 + 3_600_000), false);
      assert.equal(await store.budgetFull('hold', 10_000 + 86_400_000), true);
    });
  });
}
