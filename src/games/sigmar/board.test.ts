import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hex } from '../../grid/hex.ts';
import {
  CELL_COUNT,
  CENTRE,
  cellName,
  cellOf,
  emptyCells,
  FIRE,
  formatBoard,
  isFree,
  NEIGHBOURS,
  OFF_BOARD,
  parseBoard,
  parseCell,
} from './board.ts';

/** A board full of fire except the listed cells. */
function fullExcept(...empty: number[]) {
  const b = emptyCells();
  for (let i = 0; i < CELL_COUNT; i++) b[i] = FIRE;
  for (const c of empty) b[c] = 0;
  return b;
}
const nb = (cell: number, d: number) => NEIGHBOURS[cell * 6 + d] as number;

describe('cell notation', () => {
  it('names every cell uniquely and reads its name back', () => {
    const names = new Set<string>();
    for (let c = 0; c < CELL_COUNT; c++) {
      const name = cellName(c);
      names.add(name);
      assert.deepEqual(parseCell(name), { ok: true, value: c });
      assert.deepEqual(parseCell(name.toLowerCase()), { ok: true, value: c });
    }
    assert.equal(names.size, CELL_COUNT);
  });
  it('puts A1 top left, K6 bottom right and F6 at the centre', () => {
    assert.equal(cellName(0), 'A1');
    assert.equal(cellName(90), 'K6');
    assert.equal(cellName(CENTRE), 'F6');
    assert.equal(cellOf(hex(0, 0)), CENTRE);
  });
  it('refuses cells off the board with a reason', () => {
    const a7 = parseCell('A7');
    assert.equal(a7.ok, false);
    assert.match((a7 as { error: string }).error, /row A has cells 1 to 6/);
    assert.equal(parseCell('L1').ok, false);
    assert.equal(parseCell('F0').ok, false);
  });
});

describe('board text', () => {
  it('round-trips a reference line', () => {
    const line =
      '____s_q1wefa__aqw_ma__e__v_w2__04fwfw_aq_av_f5f_ea_sf_wfwm3e__ee_f__q__ss_wam__vmeavq_e____';
    const board = parseBoard(line);
    assert.ok(board.ok);
    assert.equal(formatBoard(board.value), line);
  });
  it('names the bad character or the wrong length', () => {
    const short = parseBoard('___');
    assert.match((short as { error: string }).error, /91 characters/);
    const bad = parseBoard(`x${'_'.repeat(90)}`);
    assert.match((bad as { error: string }).error, /character 1 \("x"\)/);
  });
});

describe('the free rule', () => {
  it('frees a corner marble on a full board: three off-board neighbours in a row', () => {
    const b = fullExcept();
    assert.equal(isFree(b, 0), true); // A1
    assert.equal(isFree(b, 90), true); // K6
    assert.equal(isFree(b, 5), true); // A6
  });
  it('blocks an edge marble until a neighbour along the edge goes', () => {
    const a3 = 2;
    assert.equal(isFree(fullExcept(), a3), false); // only two off-board neighbours
    assert.equal(isFree(fullExcept(1), a3), true); // A2 empty joins them
    assert.equal(isFree(fullExcept(13), a3), false); // B3 below is not next to the gap
  });
  it('counts contiguity cyclically (south-east, east, north-east wrap around)', () => {
    assert.equal(isFree(fullExcept(nb(CENTRE, 5), nb(CENTRE, 0), nb(CENTRE, 1)), CENTRE), true);
    assert.equal(isFree(fullExcept(nb(CENTRE, 4), nb(CENTRE, 5), nb(CENTRE, 0)), CENTRE), true);
  });
  it('needs three in a row, not three anywhere', () => {
    assert.equal(isFree(fullExcept(nb(CENTRE, 0), nb(CENTRE, 2), nb(CENTRE, 4)), CENTRE), false);
    assert.equal(
      isFree(fullExcept(nb(CENTRE, 0), nb(CENTRE, 1), nb(CENTRE, 3), nb(CENTRE, 4)), CENTRE),
      false,
    );
    assert.equal(isFree(fullExcept(nb(CENTRE, 0), nb(CENTRE, 1)), CENTRE), false);
  });
  it('has every edge cell pointing off the board at least twice', () => {
    for (const c of [0, 2, 5, 6, 40, 50, 85, 90]) {
      const off = [0, 1, 2, 3, 4, 5].filter((d) => nb(c, d) === OFF_BOARD).length;
      assert.ok(off >= 2, `${cellName(c)} has ${off} off-board neighbours`);
    }
  });
});
