import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WEAVE_MAX_SIZE, WEAVE_MIN_SIZE, type WeavePiece, weaveBoard } from './weave.ts';

const sizes = Array.from({ length: WEAVE_MAX_SIZE - WEAVE_MIN_SIZE + 1 }, (_, i) => i + WEAVE_MIN_SIZE);
const count = (pieces: readonly WeavePiece[], test: (p: WeavePiece) => boolean) => pieces.filter(test).length;

describe('weave board graph', () => {
  for (const n of sizes) {
    it(`size ${n}: 2N² threads of each direction, (2N−1)² patches, N threads on each edge`, () => {
      const board = weaveBoard(n);
      assert.equal(board.span, 4 * n - 1);
      const { pieces } = board;
      assert.equal(
        count(pieces, (p) => p.direction === 'vertical'),
        2 * n * n,
      );
      assert.equal(
        count(pieces, (p) => p.direction === 'horizontal'),
        2 * n * n,
      );
      assert.equal(
        count(pieces, (p) => p.kind === 'patch'),
        (2 * n - 1) ** 2,
      );
      for (const edge of ['top', 'bottom', 'left', 'right'] as const) {
        const touching = pieces.filter((p) => p.edges.includes(edge));
        assert.equal(touching.length, n, edge);
        const direction = edge === 'top' || edge === 'bottom' ? 'vertical' : 'horizontal';
        assert.ok(
          touching.every((p) => p.direction === direction),
          `${edge} threads run ${direction}`,
        );
      }
    });

    it(`size ${n}: adjacency is symmetric and has the 4.8.8 shape`, () => {
      const { pieces, span } = weaveBoard(n);
      const inland = (p: WeavePiece) =>
        p.cells.every((c) => c.col > 0 && c.col < span - 1 && c.row > 1 && c.row < span);
      for (const p of pieces) {
        for (const q of p.neighbours) assert.ok(pieces[q]?.neighbours.includes(p.id), `${p.id}~${q}`);
        const kinds = p.neighbours.map((q) => pieces[q] as WeavePiece);
        // Nothing touches a piece of its own kind and direction.
        assert.ok(kinds.every((q) => q.kind !== p.kind || q.direction !== p.direction));
        if (p.kind === 'patch') {
          assert.equal(
            count(kinds, (q) => q.direction === 'vertical'),
            2,
          );
          assert.equal(
            count(kinds, (q) => q.direction === 'horizontal'),
            2,
          );
        } else if (inland(p)) {
          // An interior thread is an octagon: four threads across, four patches.
          assert.equal(
            count(kinds, (q) => q.kind === 'thread'),
            4,
          );
          assert.equal(
            count(kinds, (q) => q.kind === 'patch'),
            4,
          );
        }
      }
    });

    it(`size ${n}: every named cell is covered by exactly the piece that lists it`, () => {
      const board = weaveBoard(n);
      for (let col = 0; col < board.span; col++) {
        for (let row = 1; row <= board.span; row++) {
          const id = board.pieceAt(col, row);
          assert.ok(id >= 0, `cell ${col},${row} is covered`);
          assert.ok(board.pieces[id]?.cells.some((c) => c.col === col && c.row === row));
        }
      }
      assert.equal(board.pieceAt(-2, 5), -1);
      assert.equal(board.pieceAt(0, board.span + 2), -1);
    });
  }

  it('matches the seed picture at size 4: A15 is a vertical thread over A14 and A16, B14 a patch', () => {
    const board = weaveBoard(4);
    const a15 = board.pieces[board.pieceAt(0, 15)] as WeavePiece;
    assert.equal(a15.direction, 'vertical');
    assert.deepEqual(a15.cells.map((c) => c.row).sort(), [14, 15, 16]);
    assert.equal(board.pieces[board.pieceAt(1, 14)]?.kind, 'patch');
    // B15, C15 and D15 are one horizontal thread; row 13's first thread sticks out on the left.
    assert.equal(board.pieceAt(1, 15), board.pieceAt(3, 15));
    assert.equal(board.pieces[board.pieceAt(0, 13)]?.edges.includes('left'), true);
    assert.throws(() => weaveBoard(7), RangeError);
  });
});
