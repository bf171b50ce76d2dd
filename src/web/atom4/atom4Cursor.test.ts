import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellIndex } from '../../games/atom4/index.ts';
import { atom4CursorKey, CURSOR_START } from './atom4Cursor.ts';

describe('the keyboard cursor on the Atom-4 lattice', () => {
  it('starts at (8,8) and moves point by point, staying on the board', () => {
    assert.equal(CURSOR_START, cellIndex(8, 8));
    assert.deepEqual(atom4CursorKey('Enter', null), { cursor: cellIndex(8, 8) });
    assert.deepEqual(atom4CursorKey('ArrowUp', null), { cursor: cellIndex(8, 7) });
    assert.deepEqual(atom4CursorKey('ArrowRight', cellIndex(3, 4)), { cursor: cellIndex(4, 4) });
    assert.deepEqual(atom4CursorKey('ArrowLeft', cellIndex(0, 4)), { cursor: cellIndex(0, 4) });
    assert.deepEqual(atom4CursorKey('ArrowDown', cellIndex(5, 15)), { cursor: cellIndex(5, 15) });
  });

  it('plays at the cursor with Enter or Space', () => {
    assert.deepEqual(atom4CursorKey(' ', cellIndex(8, 6)), { play: { x: 8, y: 6 } });
    assert.equal(atom4CursorKey('n', cellIndex(8, 6)), null);
  });
});
