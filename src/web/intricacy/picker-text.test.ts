import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { goTo, playMoves, startPicking } from '../../games/intricacy/index.ts';
import { collectionLock, moveList } from '../../games/intricacy/test-fixtures.ts';
import { moveListEntries, phaseCaption, statusText } from './picker-text.ts';

const start = startPicking(collectionLock('tutorial/05-hook'));
const SOLUTION = 'hE hE hNE hNE hNE h+ hW';

describe("the picker's words", () => {
  it('gives the turn and the last move, then the number of turns once the lock is open', () => {
    assert.equal(statusText(start), 'Turn 0.');
    const two = playMoves(start, moveList('hE hNE')).picking;
    assert.equal(statusText(two), 'Turn 2, last hNE.');
    const open = playMoves(start, moveList(SOLUTION)).picking;
    assert.equal(statusText(open), 'Open! 7 turns.');
  });

  it('lists the moves with the turn shown, the turns undone and the turns before', () => {
    const back = goTo(playMoves(start, moveList('hE hNE h+')).picking, 2);
    assert.deepEqual(moveListEntries(back), [
      { turn: 1, text: 'hE', when: 'past' },
      { turn: 2, text: 'hNE', when: 'current' },
      { turn: 3, text: 'h+', when: 'future' },
    ]);
    assert.deepEqual(moveListEntries(start), []);
  });

  it('names the phase shown', () => {
    assert.equal(phaseCaption(1), 'Phase 1: the tools push');
    assert.equal(phaseCaption(2), 'Phase 2: the springs act');
    assert.equal(phaseCaption(null), ' ');
  });
});
