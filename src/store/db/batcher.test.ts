import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { batcher } from './batcher.ts';

/** A send whose calls are held until released, recording what each carried. */
function heldSend() {
  const sent: number[][] = [];
  const releases: (() => void)[] = [];
  const send = (items: readonly number[]) => {
    sent.push([...items]);
    return new Promise<PromiseSettledResult<number>[]>((resolve) => {
      releases.push(() =>
        resolve(
          items.map((n) =>
            n < 0
              ? { status: 'rejected', reason: new Error(`bad ${n}`) }
              : { status: 'fulfilled', value: n * 10 },
          ),
        ),
      );
    });
  };
  return { sent, send, release: (i: number) => releases[i]?.() };
}

describe('batcher', () => {
  it('sends a call at once and alone while fewer than the limit are out', async () => {
    const { sent, send, release } = heldSend();
    const call = batcher(send, { inFlight: 2, maxBatch: 10 });
    const a = call(1);
    const b = call(2);
    assert.deepEqual(sent, [[1], [2]]);
    release(0);
    release(1);
    assert.deepEqual([await a, await b], [10, 20]);
  });

  it('gathers the calls that wait and sends them together when a slot frees, up to a batch', async () => {
    const { sent, send, release } = heldSend();
    const call = batcher(send, { inFlight: 1, maxBatch: 3 });
    const first = call(1);
    const waiting = [2, 3, 4, 5].map((n) => call(n));
    assert.deepEqual(sent, [[1]]);
    release(0);
    await first;
    assert.deepEqual(sent, [[1], [2, 3, 4]]);
    release(1);
    await Promise.all(waiting.slice(0, 3));
    assert.deepEqual(sent, [[1], [2, 3, 4], [5]]);
    release(2);
    assert.deepEqual(await Promise.all(waiting), [20, 30, 40, 50]);
  });

  it('fails only the call whose item failed', async () => {
    const { send, release } = heldSend();
    const call = batcher(send, { inFlight: 1, maxBatch: 10 });
    const first = call(1);
    const good = call(2);
    const bad = call(-3);
    release(0);
    await first;
    release(1);
    assert.equal(await good, 20);
    await assert.rejects(bad, /bad -3/);
  });

  it('fails every call of a batch whose send fails, and goes on with the next', async () => {
    let calls = 0;
    const call = batcher(
      async (items: readonly number[]) => {
        calls++;
        if (calls === 1) throw new Error('connection lost');
        return items.map((n) => ({ status: 'fulfilled' as const, value: n }));
      },
      { inFlight: 1, maxBatch: 10 },
    );
    await assert.rejects(call(1), /connection lost/);
    assert.equal(await call(2), 2);
  });
});
