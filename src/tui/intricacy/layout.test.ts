import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstShown } from './layout.ts';

describe('a long list on a screen', () => {
  it('keeps the chosen row near the middle of the lines shown', () => {
    assert.equal(firstShown(0, 40, 14), 0);
    assert.equal(firstShown(20, 40, 14), 13);
    assert.equal(firstShown(39, 40, 14), 26);
    assert.equal(firstShown(3, 5, 14), 0);
  });
});
