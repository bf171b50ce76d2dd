/** Blocks between accounts on both backends (PostgreSQL with TEST_DATABASE_URL). */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

onEachBackend('blocks', (_backend, opened) => {
  let store: Store;
  before(() => {
    store = opened.store();
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
