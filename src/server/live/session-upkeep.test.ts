/**
 * The periodic check of sockets' sessions, on both backends (PostgreSQL with TEST_DATABASE_URL):
 * it closes the sockets of sessions that expired or were ended elsewhere, and asks the store about
 * all the sessions together, so 200 sessions cost as many queries as 10.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Store } from '../../store/index.ts';
import type { App } from '../http/index.ts';
import { TEST_BACKENDS, testStoreOn } from '../test-support.ts';
import { sessionSockets } from './session-sockets.ts';
import { keepSessions } from './session-upkeep.ts';

const HOUR = 3_600_000;
const quietApp = { log: { error: () => undefined } } as unknown as App;

for (const backend of TEST_BACKENDS) {
  describe(`the session check on ${backend.name}`, () => {
    let opened: Awaited<ReturnType<typeof testStoreOn>>;
    let store: Store;

    before(async () => {
      opened = await testStoreOn(backend);
      store = opened.store;
      await store.createUser({ id: 'ann', passHash: 'h', salt: 's', createdAt: 1 });
    });
    after(() => opened.close());

    /** `count` sockets, each of a session of its own: every third expired, every fifth logged out. */
    const sweep = async (count: number) => {
      const sessions = sessionSockets();
      const ended = new Set<number>();
      for (let i = 0; i < count; i++) {
        const hash = randomBytes(32).toString('hex');
        await store.createSession(hash, 'ann', Date.now() + (i % 3 === 0 ? -HOUR : HOUR));
        if (i % 5 === 0) await store.deleteSession(hash);
        sessions.add({ user: 'ann', tokenHash: hash, end: () => ended.add(i) });
      }
      const upkeep = await keepSessions(quietApp, store, sessions);
      try {
        const before = opened.queries();
        await upkeep.checkSessions();
        return { queries: opened.queries() - before, ended, left: sessions.size() };
      } finally {
        upkeep.stop();
      }
    };

    it('closes the sockets of sessions expired or ended elsewhere, with as many queries for 200 as for 10', async () => {
      const few = await sweep(10);
      const many = await sweep(200);
      const gone = (count: number) =>
        Array.from({ length: count }, (_, i) => i).filter((i) => i % 3 === 0 || i % 5 === 0);
      assert.deepEqual(
        [...few.ended].sort((a, b) => a - b),
        gone(10),
      );
      assert.deepEqual(
        [...many.ended].sort((a, b) => a - b),
        gone(200),
      );
      assert.equal(many.left, 200 - gone(200).length);
      assert.equal(many.queries, few.queries);
      assert.equal(many.queries, 1);
    });
  });
}
