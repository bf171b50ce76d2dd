/** Worker threads run below the event loop's priority. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { GAMES_MODULE } from '../../games/index.ts';
import { createWorkerPool, WORKER_NICE } from './pool.ts';
import type { SetupTask } from './setup-worker.ts';

/** This process's threads (Linux). */
const threads = () => new Set(readdirSync('/proc/self/task').map(Number));

test('worker threads run at a lower priority than the event loop, which keeps its own', {
  skip: existsSync('/proc/thread-self') ? false : 'threads have no priority of their own here (Linux only)',
}, async () => {
  const before = threads();
  const pool = createWorkerPool<SetupTask, unknown>({
    filename: new URL('./setup-worker.ts', import.meta.url),
    threads: 1,
    perAccount: 1,
    refusal: () => 'busy',
  });
  try {
    const job = pool.submit('ann', {
      gamesModule: GAMES_MODULE,
      gameType: 'warpweft',
      options: { size: 6 },
      seed: 1,
    });
    assert.ok(job.ok);
    await job.value;
    const mine = getPriority();
    const started = [...threads()].filter((tid) => !before.has(tid));
    const niceOf = started.map((tid) => getPriority(tid));
    assert.ok(niceOf.includes(Math.min(19, mine + WORKER_NICE)), `the new threads' nice values: ${niceOf}`);
    assert.equal(getPriority(), mine);
  } finally {
    await pool.close();
  }
});
