/** Blocks between accounts on both backends (PostgreSQL with TEST_DATABASE_URL). */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { isPostgresUrl, openStore, type Store } from './index.ts';

const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);

for (const backend of ['sqlite', 'postgres'] as const) {
  const skip =
    backend === 'postgres' && !pgUrl ? 'PostgreSQL block tests skipped: set TEST_DATABASE_URL' : false;
  describe(`blocks on ${backend}`, { skip }, () => {
    let store: Store;
    const dir = mkdtempSync(join(tmpdir(), 'tessera-blocks-'));
    const schema = `bl_${randomBytes(6).toString('hex')}`;
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

    it('blocks a pair either way, once, lists whom each blocked, and unblocks', async () => {
      assert.equal(await store.blockedEither('ann', 'bob'), false);
      assert.equal(await store.blockUser('ann', 'bob', 1), true);
      assert.equal(await store.blockUser('ann', 'bob', 2), false, 'a second block changes nothing');
      assert.equal(await store.blockUser('ann', 'al', 3), true);
      assert.equal(await store.blockedEither('ann', 'bob'), true);
      assert.equal(await store.blockedEither('bob', 'ann'), true, 'the blocked one cannot reach the blocker');
      assert.equal(await store.blockedEither('bob', 'cid'), false);
      assert.deepEqual(await store.blockedBy('ann'), ['al', 'bob']);
      assert.deepEqual(await store.blockedBy('bob'), [], 'the blocked one is not told');
      assert.equal(await store.unblockUser('bob', 'ann'), false, 'only the blocker unblocks');
      assert.equal(await store.unblockUser('ann', 'bob'), true);
      assert.equal(await store.blockedEither('ann', 'bob'), false);
      assert.deepEqual(await store.blockedBy('ann'), ['al']);
    });
  });
}
