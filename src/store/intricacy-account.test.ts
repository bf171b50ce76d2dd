/**
 * Each account's Intricacy progress and saved locks, on both backends (PostgreSQL with
 * TEST_DATABASE_URL): a solve keeps the fewest turns, saving replaces a lock of the same name,
 * and an account cannot keep more locks than its limit.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

onEachBackend('Intricacy account store', (_backend, opened) => {
  let store: Store;
  before(() => {
    store = opened.store();
  });

  it('keeps the fewest turns each lock took, and the skip choice, per account', async () => {
    assert.deepEqual(await store.intricacyProgress('ann'), { solved: {}, skipInitiation: false });
    await store.recordIntricacyProgress('ann', { 'tutorial/01-winning': 5, 'tutorial/02-pivots': 9 });
    const merged = await store.recordIntricacyProgress(
      'ann',
      { 'tutorial/01-winning': 7, 'tutorial/02-pivots': 4 },
      true,
    );
    assert.deepEqual(merged, {
      solved: { 'tutorial/01-winning': 5, 'tutorial/02-pivots': 4 },
      skipInitiation: true,
    });
    assert.deepEqual(await store.intricacyProgress('bob'), { solved: {}, skipInitiation: false });
    assert.equal((await store.recordIntricacyProgress('ann', {}, false)).skipInitiation, false);
    assert.equal((await store.recordIntricacyProgress('ann', {})).solved['tutorial/02-pivots'], 4);
  });

  it('saves locks by name, replacing one of the same name, within the account limit', async () => {
    const lock = (name: string, text = 'lock', savedAt = 1) => ({ name, text, solution: null, savedAt });
    assert.equal(await store.saveLock('ann', lock('b'), 2), true);
    assert.equal(await store.saveLock('ann', { ...lock('a'), solution: 'hE hE' }, 2), true);
    assert.equal(await store.saveLock('ann', lock('c'), 2), false, 'over the limit');
    assert.equal(await store.saveLock('ann', lock('b', 'changed', 9), 2), true, 'a replacement');
    assert.equal(await store.saveLock('bob', lock('b'), 2), true, 'another account');
    assert.deepEqual(await store.savedLocks('ann'), [
      { name: 'a', text: 'lock', solution: 'hE hE', savedAt: 1 },
      { name: 'b', text: 'changed', solution: null, savedAt: 9 },
    ]);
    assert.equal(await store.deleteSavedLock('ann', 'a'), true);
    assert.equal(await store.deleteSavedLock('ann', 'a'), false);
    assert.deepEqual(
      (await store.savedLocks('ann')).map((l) => l.name),
      ['b'],
    );
    assert.equal((await store.savedLocks('bob')).length, 1);
  });
});
