import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { replay } from '../game.ts';
import { warpweft } from './index.ts';

const here = new URL('.', import.meta.url);
const read = (relative: string) => readFileSync(new URL(relative, here), 'utf8');
const trimLines = (text: string) => text.split('\n').map((l) => l.trimEnd());

describe('Warp and Weft text board', () => {
  it('draws the size-4 standard board exactly as the seed does', () => {
    const board = warpweft.toText(warpweft.setup({ size: 4, variant: 'thread' }, 0));
    assert.deepEqual(trimLines(board), trimLines(read('seed-board.txt').trimEnd()));
  });

  it("keeps the fixture's board lines identical to the seed's own picture", () => {
    // The seed's column-letter lines lost their leading spaces in the archive; the rest is exact.
    const seedPath = new URL('../../../../shared/seeds/004_29ad7291e9dc96c9.txt', here);
    assert.ok(existsSync(seedPath), 'the shared seeds sit beside the repository');
    const seed = readFileSync(seedPath, 'utf8').split('\n');
    const start = seed.findIndex((l) => l.startsWith('       +---+'));
    const picture = seed.slice(start, start + 35).map((l) => l.trimEnd());
    const fixture = trimLines(read('seed-board.txt'));
    assert.deepEqual(fixture.slice(2, 37), picture);
    assert.equal(fixture[0]?.indexOf('A'), 9, 'A stands in the 10th character position');
    assert.equal(fixture[0]?.indexOf('B'), 13);
  });

  it('draws every size, the standard form 4 columns per cell and the compact form within 80 columns', () => {
    for (let size = 2; size <= 6; size++) {
      const state = warpweft.setup({ size, variant: 'thread' }, 0);
      const span = 4 * size - 1;
      const standard = trimLines(warpweft.toText(state));
      const compact = trimLines(warpweft.toText(state, { compact: true }));
      assert.equal(standard.length, 2 * (span + 2) + 1 + 4);
      assert.equal(compact.length, standard.length);
      assert.ok(Math.max(...compact.map((l) => l.length)) <= 80, `compact size ${size} fits 80 columns`);
      const last = String.fromCharCode(64 + span);
      assert.equal(standard[0]?.trim().split(/\s+/).at(-1), last);
      assert.ok(
        standard.some((l) => l.startsWith(`${String(span).padStart(2)} `)),
        `row ${span} labelled`,
      );
    }
    const wide = trimLines(warpweft.toText(warpweft.setup({ size: 5, variant: 'thread' }, 0)));
    assert.ok(Math.max(...wide.map((l) => l.length)) > 80, 'the standard size-5 board is wider than 80');
  });

  it("fills Warp's claimed pieces with # and Weft's with =", () => {
    const r = replay(warpweft, { size: 4, variant: 'thread' }, 0, ['A15', 'C15']);
    assert.ok(r.ok);
    const lines = trimLines(warpweft.toText(r.value));
    // Row 15: A15 (a cell of Warp's thread) and B15–D15 (Weft's thread, borders between its cells filled).
    assert.equal(lines[5], '15     |###|===========|   |           |   |           |   |           | 15');
    // The thread A15 runs from the stub above row 15 to row 14.
    assert.equal(lines[3], '       |###|           |   |           |   |           |   |');
    assert.equal(lines[4], '       |###+-----------|   +-----------|   +-----------|   +-----------+');
    assert.equal(lines[7]?.slice(0, 12), '14     |###|');
  });
});
