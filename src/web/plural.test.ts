import assert from 'node:assert/strict';
import { it } from 'node:test';
import { count } from './plural.ts';

it('puts a counted noun in the right number', () => {
  assert.equal(count(0, 'note'), '0 notes');
  assert.equal(count(1, 'note'), '1 note');
  assert.equal(count(2, 'move'), '2 moves');
  assert.equal(count(1, 'mouse', 'mice'), '1 mouse');
  assert.equal(count(3, 'mouse', 'mice'), '3 mice');
});
