import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SeekView } from '../api/index.ts';
import { applySeeks, seatWords } from './seek-list.ts';

const seek = (id: number, user: string, extra: Partial<SeekView> = {}): SeekView => ({
  id,
  user,
  rating: 1500,
  deviation: 350,
  gameType: 'atom4',
  title: 'Atom-4',
  options: {},
  compact: false,
  timeControl: '3d',
  rated: true,
  seat: 'random',
  minRating: null,
  maxRating: null,
  createdAt: 0,
  expiresAt: 1,
  ...extra,
});

describe('a client list of open challenges', () => {
  it('adds others to the open list and mine to mine, drops those removed, and asks again for a ranged one', () => {
    const start = { open: [seek(1, 'bob')], mine: [seek(2, 'ann')] };
    const next = applySeeks(
      start,
      { type: 'seeks', added: [seek(3, 'cat'), seek(4, 'ann')], removed: [1] },
      'ann',
    );
    assert.deepEqual(
      next.list.open.map((s) => s.id),
      [3],
    );
    assert.deepEqual(
      next.list.mine.map((s) => s.id),
      [2, 4],
    );
    assert.equal(next.refetch, false);
    const ranged = applySeeks(
      next.list,
      { type: 'seeks', added: [seek(5, 'dan', { minRating: 1600 })], removed: [2] },
      'ann',
    );
    assert.deepEqual(
      ranged.list.open.map((s) => s.id),
      [3],
      'not shown until the server says the viewer may take it',
    );
    assert.deepEqual(
      ranged.list.mine.map((s) => s.id),
      [4],
    );
    assert.equal(ranged.refetch, true);
  });

  it('says who moves first from the viewer side', () => {
    assert.equal(seatWords(seek(1, 'bob', { seat: 'first' }), 'ann'), 'bob moves first');
    assert.equal(seatWords(seek(1, 'bob', { seat: 'second' }), 'ann'), 'you move first');
    assert.equal(seatWords(seek(1, 'ann', { seat: 'second' }), 'ann'), 'you move second');
    assert.equal(seatWords(seek(1, 'bob'), 'ann'), 'seats drawn');
  });
});
