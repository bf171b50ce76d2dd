/**
 * Shared budgets on both backends (PostgreSQL with TEST_DATABASE_URL): a key spends its burst and
 * then one token a step, racing takes never spend more than the budget holds, a take over several
 * keys spends all or none, and a hold is over once its time is up.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

const FIVE_A_SECOND = { perSecond: 5, burst: 3 };

onEachBackend('shared budgets', (_backend, opened) => {
  let store: Store;
  before(() => {
    store = opened.store();
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
