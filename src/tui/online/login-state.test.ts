import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Key } from 'ink';
import { INITIAL_LOGIN, type LoginState, loginKey, loginRequest } from './login-state.ts';

const key = (pressed: Partial<Key> = {}) => pressed as Key;

/** The state after a run of keys, each [input, key]. */
function press(...keys: [string, Partial<Key>?][]): LoginState {
  let state = INITIAL_LOGIN;
  for (const [input, pressed] of keys) {
    const step = loginKey(state, input, key(pressed));
    assert.ok(step && typeof step === 'object', JSON.stringify([input, pressed]));
    state = step.state;
  }
  return state;
}

describe('the login form', () => {
  it('takes the account, Enter moves to the password, which is typed but not shown here', () => {
    const typed = press(['Ann'], ['', { return: true }], ['pass'], ['1234']);
    assert.deepEqual(typed, { user: 'Ann', password: 'pass1234', row: 1 });
    assert.equal(loginKey(typed, '', key({ return: true })), 'login');
    assert.deepEqual(loginRequest(typed), { ok: true, user: 'ann' });
  });

  it('signs up from its row, logs in from the others, and says what is missing', () => {
    const filled = { user: ' bob ', password: 'x', row: 3 };
    assert.equal(loginKey(filled, '', key({ return: true })), 'signup');
    assert.equal(loginKey({ ...filled, row: 2 }, '', key({ return: true })), 'login');
    assert.deepEqual(loginRequest(filled), { ok: true, user: 'bob' });
    assert.deepEqual(loginRequest({ ...filled, password: '' }), {
      ok: false,
      message: 'Type your account name and password first.',
      row: 1,
    });
    assert.deepEqual(loginRequest({ ...filled, user: '  ' }), {
      ok: false,
      message: 'Type your account name and password first.',
      row: 0,
    });
  });

  it('moves between rows round the form, and quits on Esc, Ctrl-C, or q off the fields', () => {
    assert.equal(press(['', { upArrow: true }]).row, 3);
    assert.equal(press(['', { tab: true }], ['', { tab: true }]).row, 2);
    assert.equal(press(['', { tab: true, shift: true }]).row, 3);
    assert.equal(loginKey(INITIAL_LOGIN, '', key({ escape: true })), 'quit');
    assert.equal(loginKey(INITIAL_LOGIN, 'c', key({ ctrl: true })), 'quit');
    assert.equal(loginKey({ ...INITIAL_LOGIN, row: 2 }, 'q', key()), 'quit');
    assert.deepEqual(loginKey(INITIAL_LOGIN, 'q', key()), { state: { ...INITIAL_LOGIN, user: 'q' } });
  });
});
