import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BlockageView, goTo, playMoves, startPicking } from '../../games/intricacy/index.ts';
import { collectionLock, moveList } from '../../games/intricacy/test-fixtures.ts';
import { blockageHighlights, pickStatus } from './pick-text.ts';

const start = startPicking(collectionLock('tutorial/05-hook'));

describe("the terminal picker's words", () => {
  it('gives the turn, how many there are after an undo, and the last move', () => {
    assert.equal(pickStatus(start, false), 'Turn 0');
    const three = playMoves(start, moveList('hE hE hNE')).picking;
    assert.equal(pickStatus(three, false), 'Turn 3, last hNE');
    assert.equal(pickStatus(goTo(three, 1), false), 'Turn 1 of 3, last hE');
  });

  it('says when the lock is open, and how far a replay has come', () => {
    const open = playMoves(start, moveList('hE hE hNE hNE hNE h+ hW')).picking;
    assert.equal(pickStatus(open, false), 'OPEN after 7 turns!');
    assert.equal(pickStatus(goTo(open, 2), true), 'Replaying: turn 2 of 7 (any key stops)');
  });
});

describe('blockage highlights', () => {
  const blockage = (blocked: number, by?: number): BlockageView => ({
    phase: 1,
    reason: 'resisted',
    blocked: { piece: blocked, push: 0 },
    ...(by === undefined ? {} : { by: { piece: by, push: 3 } }),
  });

  it('shows the blocked piece in yellow and the blocking one in magenta, never the frame', () => {
    const h = blockageHighlights([blockage(2, 4), blockage(0, 5)]);
    assert.deepEqual([...h].sort(), [
      [2, 'yellow'],
      [4, 'magenta'],
      [5, 'magenta'],
    ]);
    assert.equal(blockageHighlights([blockage(3, 0)]).get(0), undefined);
  });

  it('shows a piece both blocked and blocking as blocked', () => {
    assert.equal(blockageHighlights([blockage(2, 4), blockage(4, 2)]).get(4), 'yellow');
    assert.equal(blockageHighlights([blockage(2, 4), blockage(4, 2)]).get(2), 'yellow');
  });
});
