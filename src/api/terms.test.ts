import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { optionWords, type Termed, termsText } from './terms.ts';

const challenge: Termed = {
  title: 'Atom-4',
  players: ['ann', 'bob'],
  rated: true,
  timeLimit: { control: '3d+10d', deadline: null },
  terms: { options: ['rounds 3'], sides: ['Player 1 (whites)', 'Player 2 (blacks)'] },
};

describe("a challenge's terms", () => {
  it('say the game, its options, the time control, rated, and the seats as the reader sits', () => {
    assert.equal(
      termsText(challenge, 'bob'),
      'Atom-4, rounds 3 · 3 days per move, bank up to 10 days · rated · you play Player 2 (blacks), ann moves first',
    );
    assert.equal(
      termsText(challenge, 'ann'),
      'Atom-4, rounds 3 · 3 days per move, bank up to 10 days · rated · you play Player 1 (whites), you move first',
    );
    assert.equal(
      termsText({ ...challenge, rated: false, timeLimit: undefined }),
      'Atom-4, rounds 3 · no time limit · unrated · ann (Player 1 (whites)) vs bob (Player 2 (blacks))',
    );
  });

  it('read the time control of a game as shown, from its clock', () => {
    const { timeLimit: _, ...shown } = challenge;
    assert.match(termsText({ ...shown, clock: { control: '2d' } }, 'bob'), / · 2 days per move · /);
  });

  it('say the options a game stored in words, leaving out lists and objects', () => {
    assert.deepEqual(optionWords({ size: 7, variant: 'patch', computer: [null, 2], lock: {} }, true), [
      'size 7',
      'variant patch',
      'compact',
    ]);
    assert.deepEqual(optionWords({ swap: true, hints: false }, false), ['swap']);
    assert.deepEqual(optionWords(undefined, false), []);
  });
});
