import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createRng, hashString, rngFromState } from './rng.ts';

describe('seeded rng', () => {
  it('matches the reference xoshiro128** output from state [1, 2, 3, 4]', () => {
    const rng = rngFromState([1, 2, 3, 4]);
    const out = Array.from({ length: 8 }, () => rng.nextUint32());
    // Printed by the authors' C implementation.
    assert.deepEqual(out, [11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849]);
  });

  it('gives the same sequence for the same seed and different ones for different seeds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.string()), (seed) => {
        const a = createRng(seed);
        const b = createRng(seed);
        for (let i = 0; i < 20; i++) assert.equal(a.nextUint32(), b.nextUint32());
      }),
    );
    assert.notEqual(createRng(1).nextUint32(), createRng(2).nextUint32());
    assert.notEqual(hashString('2026-11-22'), hashString('2026-11-23'));
  });

  it('resumes exactly from a saved state', () => {
    const a = createRng(42);
    a.nextUint32();
    const b = rngFromState(a.state());
    for (let i = 0; i < 50; i++) assert.equal(a.nextUint32(), b.nextUint32());
  });

  it('draws integers within bounds, roughly uniformly', () => {
    const rng = createRng(7);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.nextInt(6)]++;
    for (const c of counts) assert.ok(c > 9_500 && c < 10_500, `count ${c}`);
    assert.throws(() => rng.nextInt(0), RangeError);
    const f = rng.nextFloat();
    assert.ok(f >= 0 && f < 1);
  });

  it('shuffles into a permutation', () => {
    const rng = createRng(3);
    const items = Array.from({ length: 30 }, (_, i) => i);
    const shuffled = rng.shuffle(items.slice());
    assert.deepEqual(
      shuffled.slice().sort((a, b) => a - b),
      items,
    );
    assert.notDeepEqual(shuffled, items);
  });
});
