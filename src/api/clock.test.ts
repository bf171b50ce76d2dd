import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clockAsOf, clockLine, clockLines, durationText, timeLimitWords } from './clock.ts';
import type { GameClock } from './http.ts';

const H = 3_600_000;
const D = 24 * H;
const T = Date.UTC(2026, 2, 4, 12);
const clock: GameClock = {
  control: '3d+7d',
  daysPerMove: 3,
  bankDays: 7,
  at: T,
  toMove: 0,
  deadline: T + 2 * D,
  seats: [
    { remainingMs: 2 * D, bankMs: D, vacationUntil: null },
    { remainingMs: 3 * D, bankMs: 0, vacationUntil: null },
  ],
};

describe('how clients say a clock', () => {
  it('says durations in days and hours, or hours and minutes', () => {
    assert.equal(durationText(2 * D + 4 * H + 5), '2d 4h');
    assert.equal(durationText(5 * H + 10 * 60_000), '5h 10m');
    assert.equal(durationText(-5), '0m');
  });

  it('counts down the clock of the player to move only, and not while they are on vacation', () => {
    const later = clockAsOf(clock, T + 5 * H);
    assert.equal(later.seats[0]?.remainingMs, 2 * D - 5 * H);
    assert.equal(later.seats[1]?.remainingMs, 3 * D);
    const away = {
      ...clock,
      seats: [{ ...clock.seats[0], vacationUntil: T + D }, clock.seats[1]],
    } as GameClock;
    assert.equal(clockAsOf(away, T + 5 * H).seats[0]?.remainingMs, 2 * D);
    assert.equal(clockAsOf(away, T + D + H).seats[0]?.remainingMs, 2 * D - H);
  });

  it('writes the clock as lines, one line and a list note', () => {
    assert.deepEqual(clockLines(clock, ['ann', 'bob']), [
      'Clock: 3 days per move, bank up to 7 days.',
      '  ann: 2d left (bank 1d)',
      '  bob: 3d left',
      '  Time runs out at 2026-03-06 12:00 UTC.',
    ]);
    assert.equal(
      clockLine(clock, ['ann', 'bob'], T),
      'Clock 3 days/move, bank up to 7 days: >ann 2d · bob 3d',
    );
    assert.equal(timeLimitWords({ control: '3d', deadline: T + 30 * H }, T), '3d, 1d 6h left');
    assert.equal(timeLimitWords(undefined, T), '');
  });
});
