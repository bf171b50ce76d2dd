import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rateGame } from './glicko.ts';
import { formatRating, isProvisional, NEW_RATING, type Rating } from './rules.ts';

const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 0.01, `${what}: ${actual}, expected ${expected}`);

describe('Glicko-2 ratings', () => {
  it('moves two newcomers by Glicko-2 values and counts the result', () => {
    // 1500 ± 350 beating 1500 ± 350 in one period: Glicko-2 gives 1662.31 ± 290.32.
    const [a, b] = rateGame(NEW_RATING, NEW_RATING, 1);
    near(a.rating, 1662.31, 'winner');
    near(b.rating, 1337.69, 'loser');
    near(a.deviation, 290.32, "winner's deviation");
    assert.deepEqual([a.games, a.wins, a.losses, b.games, b.losses, b.wins], [1, 1, 0, 1, 1, 0]);
    const [c, d] = rateGame(NEW_RATING, NEW_RATING, 0.5);
    near(c.rating, 1500, 'a draw between equals');
    assert.equal(d.draws, 1);
  });

  it('moves a sure rating less than an unsure one, and an upset more than an expected win', () => {
    const sure = (rating: number): Rating => ({ ...NEW_RATING, rating, deviation: 60, games: 40 });
    const [settled] = rateGame(sure(1500), sure(1500), 1);
    const [newcomer] = rateGame(NEW_RATING, sure(1500), 1);
    assert.ok(settled.rating - 1500 < newcomer.rating - 1500);
    const [upset] = rateGame(sure(1400), sure(1600), 1);
    const [expected] = rateGame(sure(1600), sure(1400), 1);
    assert.ok(upset.rating - 1400 > expected.rating - 1600);
  });

  it('leaves a rating provisional until its deviation falls to 110', () => {
    let a = NEW_RATING;
    let b = NEW_RATING;
    assert.ok(isProvisional(a));
    for (let i = 0; i < 30 && isProvisional(a); i++) [a, b] = rateGame(a, b, i % 2 === 0 ? 1 : 0);
    assert.ok(!isProvisional(a) && a.deviation <= 110, `deviation ${a.deviation} after ${a.games} games`);
    assert.ok(a.games > 5, 'a handful of games is not enough');
  });

  it('writes a rating "1623?" while provisional and "1623 ±45" once established', () => {
    assert.equal(formatRating({ rating: 1622.6, deviation: 111 }), '1623?');
    assert.equal(formatRating({ rating: 1622.6, deviation: 110 }), '1623 ±110');
    assert.equal(formatRating({ rating: 1622.6, deviation: 44.7 }), '1623 ±45');
  });
});
