import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Key } from 'ink';
import { vacationText } from '../../api/index.ts';
import { CLOSED_VACATION, type VacationForm, vacationKey, vacationPrompt } from './vacation-state.ts';

const key = (pressed: Partial<Key> = {}) => pressed as Key;
const free = { until: null, daysLeft: 30, daysPerYear: 30 };
const asking = (days: string): VacationForm => ({ asking: true, days });

describe('the terminal lobby’s vacation prompt', () => {
  it('V opens the prompt; digits are typed, other characters ignored; Enter takes the days', () => {
    assert.deepEqual(vacationKey(CLOSED_VACATION, free, 'V', key()), { form: asking('') });
    assert.deepEqual(vacationKey(asking(''), free, '7', key()), { form: asking('7') });
    assert.deepEqual(vacationKey(asking('7'), free, 'x', key()), { form: asking('7') });
    assert.deepEqual(vacationKey(asking('7'), free, '', key({ backspace: true })), { form: asking('') });
    assert.deepEqual(vacationKey(asking('12'), free, '', key({ return: true })), { take: 12 });
  });

  it('refuses days out of range with the range, and Esc cancels', () => {
    const few = { ...free, daysLeft: 5 };
    assert.deepEqual(vacationKey(asking('9'), few, '', key({ return: true })), {
      message: 'Vacation days: a whole number from 1 to 5.',
    });
    assert.deepEqual(vacationKey(asking(''), free, '', key({ return: true })), {
      message: 'Vacation days: a whole number from 1 to 30.',
    });
    assert.deepEqual(vacationKey(asking('0'), free, '', key({ return: true })), {
      message: 'Vacation days: a whole number from 1 to 30.',
    });
    assert.deepEqual(vacationKey(asking('3'), free, '', key({ escape: true })), { form: CLOSED_VACATION });
    assert.equal(vacationPrompt('3', few), 'Vacation days (1-5): 3_   Enter take it  Esc cancel');
  });

  it('says why no vacation can be taken now, and leaves other keys to the lobby', () => {
    const away = { ...free, until: Date.UTC(2026, 2, 4, 12), daysLeft: 23 };
    assert.deepEqual(vacationKey(CLOSED_VACATION, away, 'V', key()), {
      message: 'You are on vacation already: take more days once it ends.',
    });
    assert.deepEqual(vacationKey(CLOSED_VACATION, { ...free, daysLeft: 0 }, 'V', key()), {
      message: 'You have no vacation days left this year.',
    });
    assert.equal(vacationKey(CLOSED_VACATION, free, 'v', key()), null);
    assert.equal(vacationKey(CLOSED_VACATION, free, 'c', key()), null);
    assert.equal(
      vacationText(away),
      'On vacation until 2026-03-04 12:00 UTC: your clocks are stopped. 23 of 30 days left this year.',
    );
    assert.equal(
      vacationText(free),
      'Vacation stops your clocks in timed games. 30 of 30 days left this year.',
    );
  });
});
