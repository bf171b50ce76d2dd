import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CELL_COUNT, CENTRE, cellSymmetry, emptyCells, isFree, MARBLE_COUNT, MIRROR } from './board.ts';
import { mirrorCells, TEMPLATES, templateByName } from './templates.ts';

const key = (cells: readonly number[]) => [...cells].sort((a, b) => a - b).join(',');

function rotationalOrder(cells: readonly number[]): number {
  const set = new Set(cells);
  const symmetric = (steps: number) => {
    const turn = cellSymmetry(steps, false);
    return cells.every((c) => set.has(turn[c] as number));
  };
  return symmetric(1) ? 6 : symmetric(2) ? 3 : symmetric(3) ? 2 : 1;
}

describe('templates', () => {
  it('has at least 22 templates with distinct names and shapes (mirror images count as one)', () => {
    assert.ok(TEMPLATES.length >= 22);
    assert.equal(new Set(TEMPLATES.map((t) => t.name)).size, TEMPLATES.length);
    const shapes = new Set<string>();
    for (const t of TEMPLATES) {
      const own = key(t.cells);
      const mirrored = key(mirrorCells(t.cells));
      assert.ok(!shapes.has(own) && !shapes.has(mirrored), `${t.name} repeats another template`);
      shapes.add(own);
    }
  });
  for (const t of TEMPLATES) {
    it(`${t.name}: 55 cells, gold's centre, rotational symmetry, 6 to 9 free at the start`, () => {
      assert.equal(t.cells.length, MARBLE_COUNT);
      assert.equal(new Set(t.cells).size, MARBLE_COUNT);
      assert.ok(t.cells.every((c) => c >= 0 && c < CELL_COUNT));
      assert.ok(t.cells.includes(CENTRE));
      assert.ok([2, 3, 6].includes(rotationalOrder(t.cells)), `${t.name} has no rotational symmetry`);
      const occupied = emptyCells();
      for (const c of t.cells) occupied[c] = 1;
      const free = t.cells.filter((c) => isFree(occupied, c)).length;
      assert.ok(free >= 6 && free <= 9, `${t.name} has ${free} free cells`);
    });
  }
  it('finds templates by name, case-insensitively', () => {
    assert.equal(templateByName('STAR')?.name, 'star');
    assert.equal(templateByName('nothing'), undefined);
  });
  it('mirrors left-right', () => {
    assert.equal(MIRROR[0], 5); // A1 <-> A6
    assert.equal(MIRROR[CENTRE], CENTRE);
  });
});
