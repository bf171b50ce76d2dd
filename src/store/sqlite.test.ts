import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openSqlite } from './sqlite.ts';

describe('SQLite group commit', () => {
  it('commits transactions that arrive together in one batch, rolling back only the one that fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-sqlite-'));
    const db = openSqlite(join(dir, 'x.db'));
    try {
      await db.run('CREATE TABLE t (x INTEGER PRIMARY KEY)');
      const results = await Promise.allSettled([
        db.tx(async (q) => q.run('INSERT INTO t (x) VALUES (1)')),
        db.tx(async (q) => {
          await q.run('INSERT INTO t (x) VALUES (2)');
          throw new Error('refused');
        }),
        db.tx(async (q) => q.run('INSERT INTO t (x) VALUES (3)')),
        // Sees the batch's earlier writes, like transactions run one after another.
        db.tx(async (q) => (await q.all<{ n: number }>('SELECT count(*) AS n FROM t'))[0]?.n),
      ]);
      assert.deepEqual(
        results.map((r) => r.status),
        ['fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
      );
      assert.equal((results[3] as PromiseFulfilledResult<number>).value, 2);
      assert.deepEqual(
        (await db.all<{ x: number }>('SELECT x FROM t ORDER BY x')).map((r) => r.x),
        [1, 3],
      );
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
