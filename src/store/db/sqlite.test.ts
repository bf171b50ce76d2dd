import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Db } from './db.ts';
import { openSqlite } from './sqlite.ts';
import type { Sync } from './sqlite-sync.ts';

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

/** File syncs that wait until the test lets them finish. */
function heldSyncs() {
  const waiting = new Map<string, (() => void)[]>();
  const list = (path: string) => waiting.get(path) ?? (waiting.set(path, []).get(path) as (() => void)[]);
  return {
    fileSync: (path: string): Sync & { close(): void } =>
      Object.assign(() => new Promise<void>((resolve) => list(path).push(resolve)), { close() {} }),
    pending: (path: string) => list(path).length,
    release(path: string) {
      for (const resolve of list(path).splice(0)) resolve();
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Whether `promise` has settled, after letting everything ready run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await turn();
  return done;
}

/** Close, letting every sync finish. */
async function closeReleasing(db: Db, syncs: ReturnType<typeof heldSyncs>, file: string) {
  const closing = db.close();
  while (!(await settled(closing))) {
    syncs.release(`${file}-wal`);
    syncs.release(file);
  }
}

describe('SQLite durability off the event loop', () => {
  it('reports a commit only after a sync of the log that began after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-sqlite-'));
    const file = join(dir, 'x.db');
    const syncs = heldSyncs();
    const db = openSqlite(file, 'full', { fileSync: syncs.fileSync, checkpointEveryMs: 1e9 });
    try {
      const created = db.run('CREATE TABLE t (x INTEGER PRIMARY KEY)');
      assert.equal(await settled(created), false);
      syncs.release(`${file}-wal`);
      await created;
      const inserted = db.tx(async (q) => q.run('INSERT INTO t (x) VALUES (1)'));
      assert.equal(await settled(inserted), false);
      assert.equal(syncs.pending(`${file}-wal`), 1);
      syncs.release(`${file}-wal`);
      assert.equal(await settled(inserted), true);
      assert.equal(await inserted, 1);
    } finally {
      await closeReleasing(db, syncs, file);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds writes during a checkpoint until the database file is synced, while reads go on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-sqlite-'));
    const file = join(dir, 'x.db');
    const syncs = heldSyncs();
    // A checkpoint after every write.
    const db = openSqlite(file, 'full', { fileSync: syncs.fileSync, checkpointEveryMs: 0 });
    /** Let every sync of the log finish until `promise` settles (the database file's wait). */
    const until = async <T>(promise: Promise<T>): Promise<T> => {
      while (!(await settled(promise))) syncs.release(`${file}-wal`);
      return promise;
    };
    try {
      await until(db.run('CREATE TABLE t (x INTEGER PRIMARY KEY)'));
      // Its checkpoint has copied the log and waits for the database file.
      while (syncs.pending(file) === 0) {
        syncs.release(`${file}-wal`);
        await turn();
      }
      const write = db.run('INSERT INTO t (x) VALUES (1)');
      const count = () => db.all<{ n: number }>('SELECT count(*) AS n FROM t');
      assert.equal((await until(count()))[0]?.n, 0);
      assert.equal(await settled(write), false);
      syncs.release(file);
      await until(write);
      assert.equal((await count())[0]?.n, 1);
    } finally {
      await closeReleasing(db, syncs, file);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps every committed row, in a sound file, across checkpoints and a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-sqlite-'));
    const file = join(dir, 'x.db');
    try {
      const db = openSqlite(file, 'full', { checkpointEveryMs: 0 });
      await db.run('CREATE TABLE t (x INTEGER PRIMARY KEY, text TEXT)');
      for (let round = 0; round < 20; round++) {
        await Promise.all(
          Array.from({ length: 10 }, (_, k) =>
            db.tx(async (q) =>
              q.run('INSERT INTO t (x, text) VALUES (?, ?)', [round * 10 + k, 'y'.repeat(3000)]),
            ),
          ),
        );
      }
      await db.close();
      const again = openSqlite(file);
      assert.equal((await again.all<{ n: number }>('SELECT count(*) AS n FROM t'))[0]?.n, 200);
      assert.deepEqual(
        (await again.all<{ integrity_check: string }>('PRAGMA integrity_check')).map(
          (r) => r.integrity_check,
        ),
        ['ok'],
      );
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
