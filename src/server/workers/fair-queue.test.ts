/** The fair queue in front of the worker threads. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFairQueue, type FairQueueOptions } from './fair-queue.ts';

/** A runner the test finishes by hand: `started` lists tasks in the order the queue ran them. */
function handRunner() {
  const started: string[] = [];
  const finishers = new Map<string, { resolve: (v: string) => void; reject: (e: unknown) => void }>();
  return {
    started,
    run: (task: string) =>
      new Promise<string>((resolve, reject) => {
        started.push(task);
        finishers.set(task, { resolve, reject });
      }),
    /** Finish a running task and let the queue start the next. */
    async finish(task: string, fails = false) {
      const f = finishers.get(task);
      assert.ok(f, `${task} is running`);
      if (fails) f.reject(new Error(`${task} failed`));
      else f.resolve(`${task} done`);
      await new Promise((r) => setImmediate(r));
    },
  };
}

const queueOf = (
  runner: ReturnType<typeof handRunner>,
  concurrency = 1,
  perAccount = 50,
  more: Pick<FairQueueOptions<string, string>, 'runningPerTurn' | 'perTurn'> = {},
) =>
  createFairQueue<string, string>({
    run: runner.run,
    concurrency,
    perAccount,
    refusal: (n) => `you already have ${n} jobs waiting`,
    ...more,
  });

const submit = (queue: ReturnType<typeof queueOf>, account: string, task: string, turn?: string) => {
  const job = queue.submit(account, task, turn);
  assert.ok(job.ok, `${task} is accepted`);
  job.value.catch(() => undefined);
  return job.value;
};

describe('fair queue', () => {
  it("serves another account's single job next in turn, not after one account's flood", async () => {
    const runner = handRunner();
    const queue = queueOf(runner);
    for (let i = 1; i <= 40; i++) submit(queue, 'flood', `f${i}`);
    const reply = submit(queue, 'other', 'o1');
    assert.deepEqual(runner.started, ['f1']);
    await runner.finish('f1');
    assert.deepEqual(runner.started, ['f1', 'o1'], 'the other account is next in the round');
    await runner.finish('o1');
    assert.equal(await reply, 'o1 done');
    assert.deepEqual(runner.started, ['f1', 'o1', 'f2']);
  });

  it("keeps a worker free of one turn's flood when each turn may run fewer jobs than there are workers", async () => {
    const runner = handRunner();
    const queue = queueOf(runner, 2, 50, { runningPerTurn: 1 });
    for (let i = 1; i <= 4; i++) submit(queue, `sybil${i}`, `f${i}`, 'one address');
    assert.deepEqual(runner.started, ['f1'], 'one job of the turn at a time, though a worker is free');
    const reply = submit(queue, 'other', 'o1');
    assert.deepEqual(runner.started, ['f1', 'o1'], 'another turn starts at once on the free worker');
    await runner.finish('f1');
    assert.deepEqual(runner.started, ['f1', 'o1', 'f2']);
    await runner.finish('o1');
    assert.equal(await reply, 'o1 done');
    assert.deepEqual(runner.started, ['f1', 'o1', 'f2'], 'still one of the turn at a time');
  });

  it('serves one who comes back just after being served before a flood that began meanwhile', async () => {
    const runner = handRunner();
    const queue = queueOf(runner);
    submit(queue, 'other', 'o1');
    await runner.finish('o1');
    // The flood begins while `other` is between two jobs: its first job joins the round `other`
    // was served in, its second the next round, which `other`'s next job joins too.
    for (let i = 1; i <= 5; i++) submit(queue, 'flood', `f${i}`);
    submit(queue, 'other', 'o2');
    await runner.finish('f1');
    assert.deepEqual(runner.started, ['o1', 'f1', 'o2'], 'waits for one job of the flood, not two');
    await runner.finish('o2');
    assert.deepEqual(runner.started, ['o1', 'f1', 'o2', 'f2']);
    queue.close();
  });

  it('takes turns between accounts, each in its own order, the one with fewer jobs first in a round', async () => {
    const runner = handRunner();
    const queue = queueOf(runner);
    for (const task of ['a1', 'a2', 'a3']) submit(queue, 'a', task);
    for (const task of ['b1', 'b2']) submit(queue, 'b', task);
    submit(queue, 'c', 'c1');
    for (const task of ['a1', 'c1', 'b1', 'b2', 'a2', 'a3']) await runner.finish(task);
    assert.deepEqual(runner.started, ['a1', 'c1', 'b1', 'b2', 'a2', 'a3']);
  });

  it('never starves an account that waits while others come back as soon as they are served', async () => {
    const runner = handRunner();
    const queue = queueOf(runner);
    submit(queue, 'a', 'a1');
    submit(queue, 'a', 'a2');
    for (const account of ['x', 'y', 'z']) submit(queue, account, `${account}1`);
    for (let i = 2; i <= 4; i++) {
      const last = runner.started.at(-1) as string;
      await runner.finish(last);
      // Each of the others sends its next job once its last one is done (as a new request would).
      const account = last[0] as string;
      if (account !== 'a') submit(queue, account, `${account}${i}`);
    }
    assert.deepEqual(runner.started, ['a1', 'x1', 'y1', 'z1'], 'one round');
    await runner.finish('z1');
    assert.equal(runner.started.at(-1), 'a2', "a's second job comes before anyone's second");
    queue.close();
  });

  it('lets accounts that share a turn (one address) take one turn between them', async () => {
    const runner = handRunner();
    const queue = queueOf(runner, 1, 1);
    for (let i = 1; i <= 6; i++) submit(queue, `m${i}`, `m${i}`, 'one address');
    submit(queue, 'bob', 'b1');
    await runner.finish('m1');
    assert.deepEqual(runner.started, ['m1', 'b1'], "bob's job comes next, not after six accounts' jobs");
    // The bound is still each account's own: m1 may send another once its first is done.
    submit(queue, 'm1', 'm1 again', 'one address');
    assert.equal(queue.submit('m2', 'm2 again', 'one address').ok, false);
    queue.close();
  });

  it('refuses only the account over its bound, with a sentence; the others are served', async () => {
    const runner = handRunner();
    const queue = queueOf(runner, 1, 3);
    for (const task of ['a1', 'a2', 'a3']) submit(queue, 'a', task);
    assert.deepEqual(queue.submit('a', 'a4'), { ok: false, error: 'you already have 3 jobs waiting' });
    const b = queue.submit('b', 'b1');
    assert.ok(b.ok, 'another account is not refused because of the first');
    assert.equal(queue.pending('a'), 3);
    // A finished job makes room for one more.
    await runner.finish('a1');
    assert.ok(queue.submit('a', 'a4').ok);
    assert.equal(queue.pending('a'), 3);
  });

  it("refuses a turn's job past its own bound whatever the account", async () => {
    const runner = handRunner();
    const queue = queueOf(runner, 1, 50, {
      perTurn: { jobs: 2, refusal: (n) => `your address already has ${n} jobs waiting` },
    });
    submit(queue, 'a', 'a1', 'here');
    submit(queue, 'b', 'b1', 'here');
    const refusal = { ok: false, error: 'your address already has 2 jobs waiting' };
    assert.deepEqual(queue.submit('c', 'c1', 'here'), refusal);
    assert.ok(queue.submit('d', 'd1', 'elsewhere').ok, 'another turn is not refused because of the first');
    // A finished job makes room for one more.
    await runner.finish('a1');
    assert.ok(queue.submit('c', 'c1', 'here').ok);
  });

  it('runs up to `concurrency` jobs at once, and a failed job frees its place', async () => {
    const runner = handRunner();
    const queue = queueOf(runner, 2);
    const failing = submit(queue, 'a', 'a1');
    submit(queue, 'a', 'a2');
    submit(queue, 'a', 'a3');
    submit(queue, 'b', 'b1');
    assert.deepEqual(runner.started, ['a1', 'a2']);
    await runner.finish('a1', true);
    await assert.rejects(failing, /a1 failed/);
    assert.deepEqual(runner.started, ['a1', 'a2', 'b1']);
    assert.equal(queue.pending('a'), 2);
  });

  it('a runner that throws at once fails that job only', async () => {
    const queue = createFairQueue<string, string>({
      run: (task) => {
        if (task === 'bad') throw new Error('cannot start');
        return Promise.resolve(task);
      },
      concurrency: 1,
      perAccount: 2,
      refusal: () => 'busy',
    });
    const bad = queue.submit('a', 'bad');
    const good = queue.submit('a', 'good');
    assert.ok(bad.ok && good.ok);
    await assert.rejects(bad.value, /cannot start/);
    assert.equal(await good.value, 'good');
    assert.equal(queue.pending('a'), 0);
  });

  it('on close, refuses waiting and new jobs; running ones finish', async () => {
    const runner = handRunner();
    const queue = queueOf(runner);
    const running = submit(queue, 'a', 'a1');
    const waiting = submit(queue, 'b', 'b1');
    queue.close();
    await assert.rejects(waiting, /shutting down/);
    assert.equal(queue.submit('c', 'c1').ok, false);
    await runner.finish('a1');
    assert.equal(await running, 'a1 done');
    assert.deepEqual(runner.started, ['a1']);
  });
});
