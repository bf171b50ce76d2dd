import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Key } from 'ink';
import type { SeekView } from '../../api/index.ts';
import { chosenTerms, INITIAL_SEEKS, ratingRange, seekBody, seekLine, seeksKey } from './seeks-state.ts';

const key = (k: Partial<Key> = {}) => k as Key;
const seek = (id: number, user: string, extra: Partial<SeekView> = {}): SeekView => ({
  id,
  user,
  rating: 1512,
  deviation: 80,
  gameType: 'warpweft',
  title: 'Warp and Weft',
  options: { size: 3 },
  compact: false,
  timeControl: '3d',
  rated: true,
  seat: 'first',
  minRating: null,
  maxRating: null,
  createdAt: 0,
  expiresAt: 1,
  ...extra,
});

describe('the terminal open challenges screen', () => {
  const list = { open: [seek(1, 'bob')], mine: [seek(2, 'ann')] };
  it('takes the selected challenge of another, cancels only your own', () => {
    assert.deepEqual(seeksKey(INITIAL_SEEKS, '', key({ return: true }), list, 'ann', 4), {
      take: list.open[0],
    });
    const down = seeksKey(INITIAL_SEEKS, '', key({ downArrow: true }), list, 'ann', 4);
    assert.ok(down && typeof down === 'object' && 'state' in down);
    assert.deepEqual(seeksKey(down.state, 'x', key(), list, 'ann', 4), { cancel: list.mine[0] });
    assert.deepEqual(seeksKey(INITIAL_SEEKS, 'x', key(), list, 'ann', 4), {
      message: 'Only your own open challenges can be cancelled.',
    });
  });

  it('chooses the terms of a new challenge with single keys', () => {
    let state = INITIAL_SEEKS;
    for (const input of ['t', 's', 'u', 'g']) {
      const step = seeksKey(state, input, key(), list, 'ann', 4);
      assert.ok(step && typeof step === 'object' && 'state' in step);
      state = step.state;
    }
    assert.deepEqual(seekBody(state, 'atom4', 1500), {
      gameType: 'atom4',
      timeControl: '5d',
      rated: false,
      seat: 'first',
    });
    assert.equal(seeksKey(state, 'p', key(), list, 'ann', 4), 'play');
  });

  it('opens a new challenge to opponents rated around your own rating, cycled with r', () => {
    const press = (state: typeof INITIAL_SEEKS) => {
      const step = seeksKey(state, 'r', key(), list, 'ann', 4);
      assert.ok(step && typeof step === 'object' && 'state' in step);
      return step.state;
    };
    const twice = press(press(INITIAL_SEEKS));
    assert.deepEqual(seekBody(twice, 'atom4', 1623.4), {
      gameType: 'atom4',
      timeControl: '3d',
      rated: true,
      seat: 'random',
      minRating: 1423,
      maxRating: 1823,
    });
    assert.match(chosenTerms(twice, 'Atom-4', 1623.4), /ratings 1423-1823$/);
    // Never past the bounds the server takes, and back to any rating after the widest.
    const widest = press(press(twice));
    assert.deepEqual(ratingRange(widest, 300), { min: 0, max: 800 });
    assert.equal(ratingRange(press(widest), 1500), null);
    assert.match(chosenTerms(INITIAL_SEEKS, 'Atom-4', 1500), /any rating$/);
  });

  it('shows each term in the line', () => {
    assert.equal(
      seekLine(seek(1, 'bob', { minRating: 1400 }), 'ann'),
      'bob (1512 ±80): Warp and Weft (size 3), 3d per move, rated, bob moves first, ratings 1400-any',
    );
  });
});
