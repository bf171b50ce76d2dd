import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupSync } from './sqlite-sync.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group sync', () => {
  it('serves a call made while a sync runs with the next run, shared by every call made meanwhile', async () => {
    const runs: (() => void)[] = [];
    const sync = groupSync(() => new Promise<void>((resolve) => runs.push(resolve)));
    const done: string[] = [];
    void sync().then(() => done.push('first'));
    void sync().then(() => done.push('second'));
    void sync().then(() => done.push('third'));
    await turn();
    assert.equal(runs.length, 1);
    runs[0]?.();
    await turn();
    // What was written before the second and third calls may not be in the first sync.
    assert.deepEqual(done, ['first']);
    assert.equal(runs.length, 2);
    runs[1]?.();
    await turn();
    assert.deepEqual(done, ['first', 'second', 'third']);
    assert.equal(runs.length, 2);
  });

  it('runs again for a call after a failed run', async () => {
    let calls = 0;
    const sync = groupSync(async () => {
      calls++;
      if (calls === 1) throw new Error('disk full');
    });
    await assert.rejects(sync(), /disk full/);
    await sync();
    assert.equal(calls, 2);
  });
});
