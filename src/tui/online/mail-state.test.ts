import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Key } from 'ink';
import { INITIAL_MAIL, mailKey } from './mail-state.ts';

const key = (k: Partial<Key> = {}) => k as Key;

it('types an address and sends it, moves to the code, and turns through the choices', () => {
  let step = mailKey(INITIAL_MAIL, 'move', 'ann@example.org', key());
  assert.ok(step && typeof step === 'object' && 'state' in step);
  const typed = step.state;
  assert.equal(typed.address, 'ann@example.org');
  assert.deepEqual(mailKey(typed, 'move', '', key({ return: true })), { send: 'address' });
  assert.equal(mailKey(INITIAL_MAIL, 'move', '', key({ return: true })), null, 'nothing typed, nothing sent');
  step = mailKey(typed, 'move', '', key({ downArrow: true }));
  assert.ok(step && typeof step === 'object' && 'state' in step);
  assert.equal(step.state.row, 1);
  const code = mailKey({ ...step.state, code: '123456' }, 'move', '', key({ return: true }));
  assert.deepEqual(code, { send: 'code' });
  const choice = { ...INITIAL_MAIL, row: 2 as const };
  assert.deepEqual(mailKey(choice, 'move', '', key({ rightArrow: true })), { notify: 'digest' });
  assert.deepEqual(mailKey(choice, 'move', '', key({ leftArrow: true })), { notify: 'none' });
  assert.equal(mailKey(choice, 'move', 'x', key()), null);
  assert.equal(mailKey(choice, 'move', '', key({ escape: true })), 'back');
});
