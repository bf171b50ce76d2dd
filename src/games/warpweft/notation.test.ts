import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { weaveBoard } from '../../grid/weave.ts';
import { formatMove, parseMove } from './notation.ts';
import type { WarpWeftMove, WarpWeftOptions } from './rules.ts';

const options = (size: number): WarpWeftOptions => ({ size, variant: 'thread' });

describe('Warp and Weft move notation', () => {
  it('reads coordinates case-insensitively, naming the piece that covers the cell', () => {
    const board = weaveBoard(4);
    assert.deepEqual(parseMove('L11', options(4)), {
      ok: true,
      value: { kind: 'place', piece: board.pieceAt(11, 11) },
    });
    assert.deepEqual(parseMove(' l11 ', options(4)), parseMove('L11', options(4)));
    // B15, C15 and D15 are one thread, written back by its middle cell.
    for (const cell of ['B15', 'c15', 'D15']) {
      const move = parseMove(cell, options(4));
      assert.ok(move.ok);
      assert.equal(formatMove(move.value, options(4)), 'C15');
    }
  });

  it('reads the state switches and swap', () => {
    assert.deepEqual(parseMove('Threads', options(4)), {
      ok: true,
      value: { kind: 'switch', to: 'threads' },
    });
    assert.deepEqual(parseMove('PATCHES', options(4)), {
      ok: true,
      value: { kind: 'switch', to: 'patches' },
    });
    assert.deepEqual(parseMove('swap', options(4)), { ok: true, value: { kind: 'swap' } });
  });

  it('says exactly why malformed or off-board input is refused', () => {
    const cases: [string, number, RegExp][] = [
      ['', 4, /empty move/],
      ['hello', 4, /"hello" is not a move: write a coordinate such as L11/],
      ['11L', 4, /not a move/],
      ['P3', 4, /no column P on a size 4 board \(columns A to O\)/],
      ['A0', 4, /no row 0 on a size 4 board \(rows 1 to 15\)/],
      ['A16', 4, /no row 16/],
      ['W23', 6, /^$/],
      ['X1', 6, /no column X/],
    ];
    for (const [text, size, expected] of cases) {
      const r = parseMove(text, options(size));
      if (expected.source === '^$') assert.ok(r.ok, text);
      else assert.match(r.ok ? '' : r.error, expected, text);
    }
  });

  it('round-trips every move through its text form, at every size', () => {
    const move = fc.integer({ min: 2, max: 6 }).chain((size) =>
      fc.tuple(
        fc.constant(size),
        fc.oneof(
          fc
            .integer({ min: 0, max: weaveBoard(size).pieces.length - 1 })
            .map((piece): WarpWeftMove => ({ kind: 'place', piece })),
          fc.constantFrom<WarpWeftMove>(
            { kind: 'switch', to: 'threads' },
            { kind: 'switch', to: 'patches' },
            { kind: 'swap' },
          ),
        ),
      ),
    );
    fc.assert(
      fc.property(move, fc.boolean(), ([size, m], upper) => {
        const text = formatMove(m, options(size));
        assert.deepEqual(parseMove(upper ? text.toUpperCase() : text.toLowerCase(), options(size)), {
          ok: true,
          value: m,
        });
      }),
    );
  });
});
