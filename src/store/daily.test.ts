/**
 * The daily board's races on both backends (PostgreSQL with TEST_DATABASE_URL): a start is kept
 * from the first time, hints count only while the board is open, the first result counts (also
 * when two arrive at once), and the leaderboards order by hints, then time.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

onEachBackend('daily races', (_backend, opened) => {
  let store: Store;
  before(() => {
    store = opened.store();
  });

  it('keeps the first start, counts hints until the board is cleared, and keeps the first result', async () => {
    const first = await store.startDaily('ann', '2026-11-23', 1000);
    assert.equal(first.startedAt, 1000);
    assert.equal((await store.startDaily('ann', '2026-11-23', 5000)).startedAt, 1000, 'a second start');
    assert.equal((await store.countDailyHint('ann', '2026-11-23'))?.hints, 1);
    assert.equal(await store.countDailyHint('ann', '2026-11-24'), undefined, 'no entry that day');
    assert.equal(await store.finishDaily('ann', '2026-11-23', 61_000, 'A1 B2'), true);
    assert.equal(await store.finishDaily('ann', '2026-11-23', 62_000, 'C3'), false, 'submitted twice');
    assert.equal((await store.countDailyHint('ann', '2026-11-23'))?.hints, 1, 'no hint after clearing');
    const kept = await store.dailyEntry('ann', '2026-11-23');
    assert.deepEqual(kept, {
      userId: 'ann',
      day: '2026-11-23',
      startedAt: 1000,
      hints: 1,
      finishedAt: 61_000,
      timeMs: 60_000,
      moves: 'A1 B2',
    });
    assert.equal(await store.finishDaily('bob', '2026-11-23', 1, 'A1'), false, 'never started');
  });

  it('records only one of two results sent at once', async () => {
    await store.startDaily('cy', '2026-11-23', 0);
    const both = await Promise.all([
      store.finishDaily('cy', '2026-11-23', 10, 'a'),
      store.finishDaily('cy', '2026-11-23', 10, 'b'),
    ]);
    assert.deepEqual(both.filter(Boolean).length, 1);
  });

  it('ranks a day by fewest hints, then fastest; a week by most cleared, hints, time', async () => {
    for (const [user, day, start, end, hints] of [
      ['dee', '2026-11-24', 0, 50_000, 0],
      ['eve', '2026-11-24', 0, 30_000, 2],
      ['fay', '2026-11-24', 0, 90_000, 0],
      ['dee', '2026-11-25', 0, 40_000, 0],
      ['eve', '2026-11-30', 0, 10_000, 0],
    ] as const) {
      await store.startDaily(user, day, start);
      for (let i = 0; i < hints; i++) await store.countDailyHint(user, day);
      assert.ok(await store.finishDaily(user, day, end, 'x'));
    }
    await store.startDaily('gus', '2026-11-24', 0);
    const day = await store.dailyClears('2026-11-24');
    assert.deepEqual(
      day.map((c) => [c.userId, c.hints, c.timeMs]),
      [
        ['dee', 0, 50_000],
        ['fay', 0, 90_000],
        ['eve', 2, 30_000],
      ],
    );
    assert.equal(await store.dailyStarted('2026-11-24'), 4, 'gus started and did not clear');
    const week = await store.dailyTotals('2026-11-23', '2026-11-29');
    assert.deepEqual(
      week.map((t) => [t.userId, t.cleared, t.hints, t.timeMs]),
      [
        ['dee', 2, 0, 90_000],
        ['cy', 1, 0, 10],
        ['fay', 1, 0, 90_000],
        ['ann', 1, 1, 60_000],
        ['eve', 1, 2, 30_000],
      ],
    );
    assert.deepEqual(await store.dailyDaysCleared('dee'), ['2026-11-24', '2026-11-25']);
    assert.deepEqual(await store.dailyDaysCleared('gus'), []);
  });
});
