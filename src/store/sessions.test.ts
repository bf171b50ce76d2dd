/**
 * SQLite keeps the sessions it has read (one process owns the file): a session confirmed again,
 * as every WebSocket move confirms its own, costs no query, and one that was ended is never
 * answered from memory.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStore, type Store } from './index.ts';

const HOUR = 3_600_000;

describe('sessions on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-sessions-'));
  let store: Store;
  let queries = 0;
  before(async () => {
    store = await openStore({ dataDir, onQuery: () => queries++ });
    await store.createUser({ id: 'ann', passHash: 'h', salt: 's', createdAt: 1 });
    await store.createUser({ id: 'bob', passHash: 'h', salt: 's', createdAt: 1 });
  });
  after(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The queries `read` sends. */
  const counted = async (read: () => Promise<unknown>) => {
    const before = queries;
    await read();
    return queries - before;
  };

  it('confirms a session read before without a query', async () => {
    const expiresAt = Date.now() + HOUR;
    await store.createSession('a1', 'ann', expiresAt);
    assert.deepEqual(await store.getSession('a1'), { userId: 'ann', expiresAt });
    assert.equal(await counted(() => store.getSession('a1')), 0);
    assert.deepEqual(await store.getSession('a1'), { userId: 'ann', expiresAt });
  });

  it('never answers a session that was ended from memory', async () => {
    const later = Date.now() + HOUR;
    for (const [hash, user, expiresAt] of [
      ['b1', 'ann', later],
      ['b2', 'ann', later],
      ['b3', 'ann', later],
      ['b4', 'bob', later],
      ['b5', 'bob', Date.now() - 1],
    ] as const) {
      await store.createSession(hash, user, expiresAt);
      assert.ok(await store.getSession(hash));
    }
    await store.deleteSession('b1');
    assert.equal(await store.getSession('b1'), undefined, 'logged out');
    await store.deleteSessions('ann', 'b3');
    assert.equal(await store.getSession('b2'), undefined, 'logged out everywhere but b3');
    assert.ok(await store.getSession('b3'));
    await store.purgeSessions(Date.now());
    assert.equal(await store.getSession('b5'), undefined, 'expired and purged');
    assert.ok(await store.getSession('b4'));
  });

  it('does not keep a read that overlapped the session being ended', async () => {
    await store.createSession('c1', 'bob', Date.now() + HOUR);
    const read = store.getSession('c1');
    await store.deleteSession('c1');
    await read;
    assert.equal(await store.getSession('c1'), undefined);
  });
});
