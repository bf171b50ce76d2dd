import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { weaveBoard } from '../../grid/weave.ts';
import { weaveCursorKey } from './weaveCursor.ts';

describe('the keyboard cursor on the woven board', () => {
  const span = weaveBoard(4).span;

  it('appears next to the middle on the first arrow, and Enter first shows it', () => {
    assert.deepEqual(weaveCursorKey('ArrowLeft', null, 4), { cursor: { col: 6, row: 8 } });
    assert.deepEqual(weaveCursorKey('Enter', null, 4), { cursor: { col: 7, row: 8 } });
  });

  it('moves a cell at a time (up is towards row 15) and stops at the edges', () => {
    assert.deepEqual(weaveCursorKey('ArrowUp', { col: 3, row: 4 }, 4), { cursor: { col: 3, row: 5 } });
    assert.deepEqual(weaveCursorKey('ArrowDown', { col: 3, row: 1 }, 4), { cursor: { col: 3, row: 1 } });
    assert.deepEqual(weaveCursorKey('ArrowRight', { col: span - 1, row: 2 }, 4), {
      cursor: { col: span - 1, row: 2 },
    });
  });

  it('claims the piece under it with Enter or Space; other keys are not its business', () => {
    const piece = weaveBoard(4).pieceAt(2, 5);
    assert.deepEqual(weaveCursorKey('Enter', { col: 2, row: 5 }, 4), { claim: piece });
    assert.deepEqual(weaveCursorKey(' ', { col: 2, row: 5 }, 4), { claim: piece });
    assert.equal(weaveCursorKey('t', { col: 2, row: 5 }, 4), null);
  });
});
