import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replay } from '../../src/games/index.ts';
import { tiny } from './rules.ts';

describe('Tiny Nim, the test-only game', () => {
  const options = { counters: 7 };

  it('ends when the last counter is taken, won by whoever took it', () => {
    const end = replay(tiny, options, 0, ['3', '3', '1']);
    assert.ok(end.ok);
    assert.equal(tiny.toMove(end.value), undefined);
    assert.deepEqual(tiny.outcome(end.value), { kind: 'win', winner: 0, reason: 'took the last counter' });
  });

  it('refuses taking more than is left or more than three, saying why', () => {
    const state = tiny.setup(options, 0);
    assert.deepEqual(tiny.parseMove('x', state), {
      ok: false,
      error: '"x" is not a move: write how many counters to take, 1 to 3',
    });
    assert.equal(tiny.play(state, 4).ok, false);
    const two = replay(tiny, { counters: 2 }, 0, []);
    assert.ok(two.ok);
    assert.deepEqual(tiny.play(two.value, 3), { ok: false, error: 'only 2 counters left' });
  });

  it('validates options, naming the bad one', () => {
    assert.deepEqual(tiny.parseOptions(undefined), { ok: true, value: { counters: 7 } });
    assert.match((tiny.parseOptions({ counters: 0 }) as { error: string }).error, /counters must be/);
    assert.match((tiny.parseOptions({ size: 3 }) as { error: string }).error, /unknown option size/);
  });

  it('has a computer player that always wins from a pile that is not a multiple of four', () => {
    const ai = tiny.ai;
    assert.ok(ai);
    let state = tiny.setup(options, 0);
    while (tiny.toMove(state) !== undefined) {
      const taken = tiny.toMove(state) === 0 ? ai.chooseMove(state, { seed: 0, timeUp: () => false }) : 1;
      const next = tiny.play(state, taken);
      assert.ok(next.ok);
      state = next.value;
    }
    assert.deepEqual(tiny.outcome(state), { kind: 'win', winner: 0, reason: 'took the last counter' });
  });
});
