import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AIR, CELL_COUNT, CELLS, CENTRE, emptyCells, isFree, NEIGHBOURS } from '../../games/sigmar/index.ts';
import { marbleTapTarget, POSITIONS, SPACING, TOUCH_REACH } from './marbleTap.ts';

// A full garden: only the six corners are free, the centre is far from all of them.
const full = emptyCells();
for (let c = 0; c < CELL_COUNT; c++) full[c] = AIR;
const free = CELLS.map((_, c) => c).find((c) => isFree(full, c)) as number;
const blocked = [...NEIGHBOURS.slice(free * 6, free * 6 + 6)].find((n) => n < CELL_COUNT) as number;
const at = (c: number) => POSITIONS[c] as { x: number; y: number };
/** The point a fraction t of the way from cell a's centre to cell b's. */
const between = (a: number, b: number, t: number) => ({
  x: at(a).x + (at(b).x - at(a).x) * t,
  y: at(a).y + (at(b).y - at(a).y) * t,
});

describe('which marble a tap on the garden means', () => {
  it('reaches most of the way to the neighbouring marble', () => {
    assert.ok(!isFree(full, blocked));
    assert.ok(TOUCH_REACH > SPACING / 2 && TOUCH_REACH < SPACING);
  });

  it('a free marble under the finger is taken, even when another is nearer its centre', () => {
    assert.equal(marbleTapTarget(full, free, at(free)), free);
    assert.equal(marbleTapTarget(full, free, between(free, blocked, 0.45)), free);
  });

  it('a touch on the near side of a blocked marble, or between marbles, takes the free one', () => {
    assert.equal(marbleTapTarget(full, blocked, between(free, blocked, 0.6)), free);
    assert.equal(marbleTapTarget(full, null, between(free, blocked, 0.5)), free);
  });

  it('out of reach, the marble under the finger (its refusal is explained), or nothing', () => {
    assert.equal(marbleTapTarget(full, blocked, at(blocked)), blocked);
    assert.equal(marbleTapTarget(full, CENTRE, at(CENTRE)), CENTRE);
    assert.equal(marbleTapTarget(emptyCells(), null, at(CENTRE)), null);
  });
});
