import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kFactor, NEW_RATING, rateGame } from './ratings.ts';

describe('ratings', () => {
  it('moves an even pair of established players by K/2 = 16 points', () => {
    const est = { ...NEW_RATING, games: 30 };
    const [a, b] = rateGame(est, est, 1);
    assert.equal(a.rating, 1516);
    assert.equal(b.rating, 1484);
    assert.equal(a.wins, 1);
    assert.equal(b.losses, 1);
  });

  it('moves provisional players faster, falling to K = 32', () => {
    assert.equal(kFactor(NEW_RATING), 80);
    assert.ok(kFactor({ ...NEW_RATING, games: 10 }) > 32);
    assert.equal(kFactor({ ...NEW_RATING, games: 19 }), 32);
    const [a, b] = rateGame(NEW_RATING, NEW_RATING, 0.5);
    assert.equal(a.rating, 1500);
    assert.equal(b.draws, 1);
  });

  it('rewards beating a stronger player more than beating a weaker one', () => {
    const est = (rating: number) => ({ ...NEW_RATING, rating, games: 40 });
    const [upset] = rateGame(est(1400), est(1600), 1);
    const [expected] = rateGame(est(1600), est(1400), 1);
    assert.ok(upset.rating - 1400 > expected.rating - 1600);
  });
});
