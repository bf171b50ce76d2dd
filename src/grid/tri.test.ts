import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  ATOM4_LATTICE,
  TRI_AXES,
  triIndex,
  triNeighbour,
  triNeighbourTable,
  triOpposite,
  triToPlane,
  triToText,
} from './tri.ts';

const point = fc.record({ x: fc.integer({ min: -20, max: 40 }), y: fc.integer({ min: -20, max: 40 }) });

describe('Atom-4 triangular lattice', () => {
  it('numbers neighbours clockwise from the upper-left as the original does', () => {
    // Even row: o = 0.
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5].map((d) => triNeighbour(7, 6, d)),
      [
        { x: 6, y: 5 },
        { x: 7, y: 5 },
        { x: 8, y: 6 },
        { x: 7, y: 7 },
        { x: 6, y: 7 },
        { x: 6, y: 6 },
      ],
    );
    // Odd row: o = 1, shifted half a cell right.
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5].map((d) => triNeighbour(7, 7, d)),
      [
        { x: 7, y: 6 },
        { x: 8, y: 6 },
        { x: 8, y: 7 },
        { x: 8, y: 8 },
        { x: 7, y: 8 },
        { x: 6, y: 7 },
      ],
    );
  });

  it('neighbour relations are symmetric: d then d + 3 comes back', () => {
    fc.assert(
      fc.property(point, fc.integer({ min: 0, max: 5 }), ({ x, y }, d) => {
        const n = triNeighbour(x, y, d);
        assert.deepEqual(triNeighbour(n.x, n.y, triOpposite(d)), { x, y });
      }),
    );
  });

  it('neighbours are at unit distance in the plane, and axes are straight lines', () => {
    fc.assert(
      fc.property(point, fc.integer({ min: 0, max: 2 }), ({ x, y }, axis) => {
        const [d] = TRI_AXES[axis] as [number, number];
        const a = triToPlane(x, y);
        const n1 = triNeighbour(x, y, d);
        const n2 = triNeighbour(n1.x, n1.y, d);
        const b = triToPlane(n1.x, n1.y);
        const c = triToPlane(n2.x, n2.y);
        assert.ok(Math.abs(Math.hypot(b.x - a.x, b.y - a.y) - 1) < 1e-9);
        // Collinear and evenly spaced: c - b equals b - a.
        assert.ok(Math.abs(c.x - b.x - (b.x - a.x)) < 1e-9 && Math.abs(c.y - b.y - (b.y - a.y)) < 1e-9);
      }),
    );
  });

  it('the neighbour table marks off-board neighbours with -1', () => {
    const table = triNeighbourTable(ATOM4_LATTICE);
    const corner = triIndex(ATOM4_LATTICE, 0, 0) * 6;
    assert.deepEqual(Array.from(table.subarray(corner, corner + 6)), [-1, -1, 1, 16, -1, -1]);
    let links = 0;
    for (const v of table) if (v >= 0) links++;
    // 15 links along each of the 16 rows, and 31 between each of the 15 pairs of rows, both ways.
    assert.equal(links, 2 * (15 * 16 + 15 * 31));
  });

  it('text and plane projections are injective on the 16 × 16 board', () => {
    const text = new Set<string>();
    const plane = new Set<string>();
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < 16; x++) {
        text.add(JSON.stringify(triToText(x, y)));
        plane.add(JSON.stringify(triToPlane(x, y)));
      }
    }
    assert.equal(text.size, 256);
    assert.equal(plane.size, 256);
    assert.deepEqual(triToText(0, 1), { row: 2, column: 2 });
  });
});
