import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  HEX_DIRECTIONS,
  hex,
  hexAdd,
  hexCornersSvg,
  hexDistance,
  hexFromText,
  hexKey,
  hexLength,
  hexMirror,
  hexNeighbour,
  hexRegion,
  hexRing,
  hexRotate,
  hexToSvg,
  hexToText,
  hexZ,
  hu,
  hv,
  hw,
} from './hex.ts';

const coord = fc.integer({ min: -40, max: 40 });
const anyHex = fc.tuple(coord, coord).map(([x, y]) => hex(x, y));

describe('hex grid', () => {
  it("uses Intricacy's unit vectors: hu east, hv up-left, hw down-left, summing to zero", () => {
    assert.deepEqual(hexToText(hu), { row: -0, column: 2 });
    assert.deepEqual(hexToText(hv), { row: -1, column: -1 });
    assert.deepEqual(hexToText(hw), { row: 1, column: -1 });
    assert.deepEqual(hexAdd(hexAdd(hu, hv), hw), hex(0, 0));
    assert.equal(hexZ(hu), -1);
  });

  it('lists six unit directions, each the 60° turn of the one before', () => {
    for (const [d, v] of HEX_DIRECTIONS.entries()) {
      assert.equal(hexLength(v), 1);
      assert.deepEqual(hexRotate(v, 1), HEX_DIRECTIONS[(d + 1) % 6]);
    }
  });

  it('six rotations about any centre are the identity', () => {
    fc.assert(fc.property(anyHex, anyHex, (h, c) => assert.deepEqual(hexRotate(h, 6, c), h)));
  });

  it('rotation and mirroring preserve distance', () => {
    fc.assert(
      fc.property(anyHex, anyHex, fc.integer({ min: -12, max: 12 }), (a, b, k) => {
        assert.equal(hexDistance(hexRotate(a, k), hexRotate(b, k)), hexDistance(a, b));
        assert.equal(hexDistance(hexMirror(a), hexMirror(b)), hexDistance(a, b));
      }),
    );
  });

  it('distance is symmetric, zero only on equal hexes, and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(anyHex, anyHex, anyHex, (a, b, c) => {
        assert.equal(hexDistance(a, b), hexDistance(b, a));
        assert.equal(hexDistance(a, b) === 0, hexKey(a) === hexKey(b));
        assert.ok(hexDistance(a, c) <= hexDistance(a, b) + hexDistance(b, c));
      }),
    );
  });

  it('neighbour relations are symmetric: d then d + 3 comes back', () => {
    fc.assert(
      fc.property(anyHex, fc.integer({ min: 0, max: 5 }), (h, d) => {
        const n = hexNeighbour(h, d);
        assert.equal(hexDistance(h, n), 1);
        assert.deepEqual(hexNeighbour(n, d + 3), h);
      }),
    );
  });

  it('a hexagon of radius r has 3r(r+1)+1 cells and its ring 6r', () => {
    for (let r = 0; r <= 11; r++) {
      assert.equal(hexRegion(r).length, 3 * r * (r + 1) + 1);
      assert.equal(hexRing(r).length, r === 0 ? 1 : 6 * r);
    }
  });

  it('text and SVG projections are injective and text positions invert', () => {
    const cells = hexRegion(11);
    const text = new Set(cells.map((h) => JSON.stringify(hexToText(h))));
    const svg = new Set(cells.map((h) => JSON.stringify(hexToSvg(h, 10))));
    assert.equal(text.size, cells.length);
    assert.equal(svg.size, cells.length);
    for (const h of cells) {
      const { row, column } = hexToText(h);
      assert.deepEqual(hexFromText(row, column), h);
    }
    assert.equal(hexFromText(0, 1), undefined, 'odd column on an even row holds no hex');
  });

  it('lists a region in reading order: rows top to bottom, columns left to right', () => {
    const order = hexRegion(3).map(hexToText);
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1] as { row: number; column: number };
      const b = order[i] as { row: number; column: number };
      assert.ok(a.row < b.row || (a.row === b.row && a.column < b.column));
    }
  });
});

describe('hex SVG corners', () => {
  it('surround the centre at the given radius, whatever the radius', () => {
    fc.assert(
      fc.property(anyHex, fc.double({ min: 0.1, max: 2, noNaN: true }), (h, scale) => {
        const centre = hexToSvg(h, 10);
        const corners = hexCornersSvg(h, 10, 10 * scale);
        const mean = corners.reduce((m, c) => ({ x: m.x + c.x / 6, y: m.y + c.y / 6 }), { x: 0, y: 0 });
        assert.ok(Math.abs(mean.x - centre.x) < 1e-9 && Math.abs(mean.y - centre.y) < 1e-9);
        for (const c of corners)
          assert.ok(Math.abs(Math.hypot(c.x - centre.x, c.y - centre.y) - 10 * scale) < 1e-9);
      }),
    );
  });
});
