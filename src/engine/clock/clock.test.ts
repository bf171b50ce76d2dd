import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkVacation,
  DAY_MS,
  formatTimeControl,
  parseTimeControl,
  readClock,
  VACATION_DAYS_PER_YEAR,
} from './clock.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 2, 1);

describe('correspondence clocks', () => {
  it('gives each turn its days and no more without a bank', () => {
    const c = { daysPerMove: 3, bankDays: 0 };
    // Seat 0 moves after one day: nothing is saved.
    const r = readClock(c, 2, T0, [{ seat: 0, at: T0 + DAY_MS }], 1, [[], []], T0 + DAY_MS + 5 * H);
    assert.equal(r.toMove, 1);
    assert.equal(r.deadline, T0 + 4 * DAY_MS);
    assert.equal(r.seats[1]?.remainingMs, 3 * DAY_MS - 5 * H);
    assert.equal(r.seats[0]?.remainingMs, 3 * DAY_MS);
    assert.equal(r.remindAt, T0 + 3 * DAY_MS);
  });

  it('saves unused time in the bank up to its cap and spends it on a slow move', () => {
    const c = { daysPerMove: 2, bankDays: 3 };
    // Seat 0 moves at once three times (saving 2 days each, capped at 3); seat 1 likewise.
    const moves = [
      { seat: 0, at: T0 },
      { seat: 1, at: T0 },
      { seat: 0, at: T0 },
      { seat: 1, at: T0 },
    ];
    const fast = readClock(c, 2, T0, moves, 0, [[], []], T0);
    assert.equal(fast.seats[0]?.bankMs, 3 * DAY_MS);
    assert.equal(fast.deadline, T0 + 5 * DAY_MS);
    // Seat 0 then takes four days: one day comes out of its bank.
    const slow = readClock(
      c,
      2,
      T0,
      [...moves, { seat: 0, at: T0 + 4 * DAY_MS }],
      1,
      [[], []],
      T0 + 4 * DAY_MS,
    );
    assert.equal(slow.seats[0]?.bankMs, DAY_MS);
  });

  it("stops a player's clock while they are on vacation, and only theirs", () => {
    const c = { daysPerMove: 1, bankDays: 0 };
    const away = [{ from: T0 + 6 * H, to: T0 + 6 * H + 5 * DAY_MS }];
    const mine = readClock(c, 2, T0, [], 0, [away, []], T0 + 3 * DAY_MS);
    assert.equal(mine.deadline, T0 + 6 * DAY_MS);
    assert.equal(mine.seats[0]?.remainingMs, DAY_MS - 6 * H);
    assert.equal(mine.remindAt, T0 + 5 * DAY_MS + 12 * H);
    // The opponent's vacation does not stop this seat's clock.
    const theirs = readClock(c, 2, T0, [], 0, [[], away], T0);
    assert.equal(theirs.deadline, T0 + DAY_MS);
  });

  it('reads and writes time controls, refusing others with a sentence', () => {
    assert.deepEqual(parseTimeControl('3d'), { ok: true, value: { daysPerMove: 3, bankDays: 0 } });
    assert.deepEqual(parseTimeControl('7d+14d'), { ok: true, value: { daysPerMove: 7, bankDays: 14 } });
    assert.deepEqual(parseTimeControl('none'), { ok: true, value: null });
    const bad = parseTimeControl('4d');
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.error, /days per move must be one of 1, 2, 3, 5, 7, 14/);
    assert.equal(parseTimeControl('soon').ok, false);
    assert.equal(formatTimeControl({ daysPerMove: 5, bankDays: 10 }), '5d+10d');
  });

  it('allows vacation days up to the yearly allowance, one vacation at a time', () => {
    const first = checkVacation(20, [], T0);
    assert.ok(first.ok);
    const taken = first.ok ? [first.value] : [];
    assert.equal(checkVacation(1, taken, T0 + DAY_MS).ok, false);
    const after = T0 + 21 * DAY_MS;
    const tooMany = checkVacation(VACATION_DAYS_PER_YEAR - 19, taken, after);
    assert.match(tooMany.ok ? '' : tooMany.error, /10 vacation days left/);
    assert.ok(checkVacation(10, taken, after).ok);
    // A new year brings a new allowance.
    assert.ok(checkVacation(30, taken, Date.UTC(2027, 0, 2)).ok);
  });
});
