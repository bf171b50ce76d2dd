import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { titleWithCount } from './notice-list.ts';

describe('the page title', () => {
  it('counts the games awaiting your move in front, and says nothing of none', () => {
    assert.equal(titleWithCount('Tessera', 2), '(2) Tessera');
    assert.equal(titleWithCount('Atom-4 · Tessera', 0), 'Atom-4 · Tessera');
  });
});
