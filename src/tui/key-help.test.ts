/** The key help's line count, which the lobby leaves room for, wraps only between keys. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { keyHelpLines } from './key-help.ts';

it('counts the lines keys wrap to, breaking only between keys', () => {
  const keys = ['Enter open', 'c challenge', 'q quit'];
  assert.equal(keyHelpLines(keys, 80), 1, '31 columns fit on one line');
  assert.equal(keyHelpLines(keys, 23), 2, '"Enter open  c challenge" is 23 columns');
  assert.equal(keyHelpLines(keys, 22), 2, '"c challenge" goes whole to the next line, "q quit" beside it');
  assert.equal(keyHelpLines(keys, 12), 3, 'one key a line');
  assert.equal(
    keyHelpLines(['a very long key help'], 5),
    1,
    'a key longer than the line is cut, not wrapped',
  );
});
