import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { offerWords, type TakebackView, takebackKey } from './takeback-keys.ts';

const base: TakebackView = { me: 'ann', playing: true, active: true, moveCount: 1, offer: undefined };
const offerBy = (by: string): TakebackView => ({ ...base, offer: { by, fromMove: 1, moves: ['A7'] } });

describe('the online game screen’s takeback keys', () => {
  it('proposes with U, and answers the opponent’s offer with A or X', () => {
    assert.deepEqual(takebackKey('U', base), { action: 'propose' });
    assert.deepEqual(takebackKey('A', offerBy('bob')), { action: 'accept' });
    assert.deepEqual(takebackKey('X', offerBy('bob')), { action: 'reject' });
    assert.deepEqual(takebackKey('X', offerBy('ann')), { action: 'reject' });
    assert.equal(takebackKey('u', base), null);
  });

  it('says why a key does nothing', () => {
    assert.deepEqual(takebackKey('A', base), { message: 'Nobody has proposed a takeback.' });
    assert.match(
      String((takebackKey('A', offerBy('ann')) as { message: string }).message),
      /your own proposal/,
    );
    assert.match(String((takebackKey('M', base) as { message: string }).message), /once the game is over/);
    assert.match(
      String((takebackKey('U', { ...base, playing: false }) as { message: string }).message),
      /Only the players/,
    );
    // A move played since the offer makes it lapse.
    assert.deepEqual(takebackKey('A', { ...offerBy('bob'), moveCount: 2 }), {
      message: 'Nobody has proposed a takeback.',
    });
  });

  it('asks for a rematch with M once the game is over, and shows the offer in words', () => {
    assert.deepEqual(takebackKey('M', { ...base, active: false }), { action: 'rematch' });
    assert.equal(offerWords(offerBy('bob')), 'bob proposes to take back move 1 (A7): A accepts, X rejects.');
    assert.equal(offerWords(offerBy('ann')), 'You propose to take back move 1 (A7); X withdraws it.');
    // Two moves (ours and the reply) are numbered as a range.
    const two: TakebackView = {
      ...base,
      moveCount: 4,
      offer: { by: 'bob', fromMove: 3, moves: ['A7', 'B6'] },
    };
    assert.equal(offerWords(two), 'bob proposes to take back moves 3-4 (A7 B6): A accepts, X rejects.');
  });
});
