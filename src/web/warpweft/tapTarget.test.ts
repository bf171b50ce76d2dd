import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { weaveBoard } from '../../grid/weave.ts';
import { distanceToPiece, pieceUnder, TOUCH_REACH, tapTarget } from './tapTarget.ts';

const board = weaveBoard(4);
/** The middle of a cell, in board coordinates. */
const centre = (col: number, row: number) => ({ u: col + 0.5, v: board.span + 1.5 - row });
const patch = board.pieces.find((p) => p.kind === 'patch' && p.centre.col === 5 && p.centre.row === 6);
if (!patch) throw new Error('no patch at (5, 6)');

describe('which piece a tap means', () => {
  it('finds the piece under a point, and nothing off the board', () => {
    assert.equal(pieceUnder(board, centre(5, 6)), patch.id);
    assert.equal(pieceUnder(board, { u: -3, v: 2 }), -1);
    assert.equal(distanceToPiece(board, patch, centre(5, 6)), 0);
    assert.equal(distanceToPiece(board, patch, centre(7, 6)), 1.5);
  });

  it('a touch near a claimable piece takes it; the piece under a finger wins when claimable', () => {
    const next = board.pieceAt(6, 6);
    // Half a cell into the neighbouring thread: the claimable patch is 0.5 cells away.
    const near = { u: 6.5, v: board.span + 1.5 - 6 };
    assert.equal(tapTarget(board, new Set([patch.id]), near), patch.id);
    assert.equal(tapTarget(board, new Set([patch.id, next]), near), next);
    // Out of reach, the piece under the finger (so its refusal can be explained).
    const far = { u: 5.5 + 1 + TOUCH_REACH + 0.1, v: board.span + 1.5 - 6 };
    assert.equal(tapTarget(board, new Set([patch.id]), far), pieceUnder(board, far));
  });

  it('gives every claimable patch a target at least two cells wide and tall', () => {
    // When all patches are claimable, each still owns the points within half a cell of its edge.
    const patches = new Set(board.pieces.filter((p) => p.kind === 'patch').map((p) => p.id));
    for (const id of patches) {
      const { col, row } = (board.pieces[id] as typeof patch).centre;
      for (const [du, dv] of [
        [-0.95, 0],
        [0.95, 0],
        [0, -0.95],
        [0, 0.95],
      ] as const) {
        const p = centre(col, row);
        assert.equal(tapTarget(board, patches, { u: p.u + du, v: p.v + dv }), id);
      }
    }
  });
});
