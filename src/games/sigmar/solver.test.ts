import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createRng } from '../../grid/rng.ts';
import {
  type Cells,
  cellName,
  EMPTY,
  emptyCells,
  formatBoard,
  GOLD,
  LEAD,
  MERCURY,
  MORS,
  parseBoard,
  SALT,
  VITAE,
} from './board.ts';
import { legalRemovals, type Removal, removalError } from './reactions.ts';
import { solve } from './solver.ts';

// The reference boards live beside the repository: ../shared/data from the repository root.
const REFERENCE = new URL('../../../../shared/data/sigmar-reference-boards.txt', import.meta.url);

/** Play a solution with the rules; throws on the first illegal move, true when the board clears. */
function clears(board: Cells, solution: readonly Removal[]): boolean {
  const b = board.slice();
  for (const [i, move] of solution.entries()) {
    const error = removalError(b, move, cellName);
    assert.equal(error, null, `move ${i + 1} (${move.map(cellName).join('+')}): ${error}`);
    for (const c of move) b[c] = EMPTY;
  }
  return !b.some((k) => k !== EMPTY);
}

/** Plain exhaustive search with memo, no pruning: the yardstick for small boards. */
function bruteSolvable(board: Cells, seen = new Map<string, boolean>()): boolean {
  if (!board.some((k) => k !== EMPTY)) return true;
  const key = formatBoard(board);
  const known = seen.get(key);
  if (known !== undefined) return known;
  let result = false;
  for (const move of legalRemovals(board)) {
    const next = board.slice();
    for (const c of move) next[c] = EMPTY;
    if (bruteSolvable(next, seen)) {
      result = true;
      break;
    }
  }
  seen.set(key, result);
  return result;
}

/** A small random board of reacting pairs packed round the centre: often blocked. */
function smallBoard(seed: number): Cells {
  const rng = createRng(seed);
  const kinds: number[] = [];
  const pairs = 6 + rng.nextInt(4);
  let metal = LEAD;
  for (let p = 0; p < pairs; p++) {
    const r = rng.nextInt(6);
    if (r === 0) kinds.push(VITAE, MORS);
    else if (r === 1 && metal <= LEAD + 4) kinds.push(metal++, MERCURY);
    else if (r === 2) kinds.push(SALT, 1 + rng.nextInt(4));
    else if (r === 3) kinds.push(SALT, SALT);
    else {
      const e = 1 + rng.nextInt(4);
      kinds.push(e, e);
    }
  }
  if (rng.nextInt(2) === 1) kinds.push(GOLD);
  const cells = rng.shuffle(Array.from({ length: 19 }, (_, i) => i)); // radius-2 region
  const board = emptyCells();
  const region = regionCells(2);
  for (const [i, k] of kinds.entries()) board[region[cells[i] as number] as number] = k;
  return board;
}

function regionCells(radius: number): number[] {
  // Cells within `radius` of the centre, from the reference line layout.
  const out: number[] = [];
  const lengths = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
  let i = 0;
  for (let r = 0; r < 11; r++) {
    const y = 5 - r;
    const xStart = Math.max(-5, -5 - y);
    for (let p = 0; p < (lengths[r] as number); p++, i++) {
      const x = xStart + p;
      if (Math.max(Math.abs(x), Math.abs(y), Math.abs(x + y)) <= radius) out.push(i);
    }
  }
  return out;
}

describe('solver', () => {
  it('solves all 2048 reference boards with solutions the rules accept', () => {
    const lines = readFileSync(REFERENCE, 'utf8').trim().split('\n');
    assert.equal(lines.length, 2048);
    for (const [i, line] of lines.entries()) {
      const board = parseBoard(line);
      assert.ok(board.ok, `line ${i + 1}`);
      const result = solve(board.value);
      assert.equal(result.status, 'solvable', `line ${i + 1}`);
      assert.equal(result.solution.length, 28);
      assert.ok(clears(board.value, result.solution), `line ${i + 1} not cleared`);
    }
  });

  it('agrees with plain exhaustive search on small random boards', () => {
    let solvable = 0;
    for (let seed = 0; seed < 400; seed++) {
      const board = smallBoard(seed);
      const expected = bruteSolvable(board);
      const result = solve(board);
      assert.equal(
        result.status,
        expected ? 'solvable' : 'unsolvable',
        `seed ${seed}: ${formatBoard(board)}`,
      );
      if (expected) {
        solvable++;
        assert.ok(clears(board, result.solution));
      }
    }
    assert.ok(solvable > 40 && solvable < 360, `${solvable} of 400 solvable: the sample should mix both`);
  });

  it('agrees with plain exhaustive search on late positions of reference boards', () => {
    const lines = readFileSync(REFERENCE, 'utf8').trim().split('\n');
    const rng = createRng(5);
    let lost = 0;
    for (let i = 0; i < 150; i++) {
      const board = parseBoard(lines[i] as string);
      assert.ok(board.ok);
      const b = board.value;
      // Random play down to about twenty marbles: often into a lost position.
      for (let step = 0; step < 17; step++) {
        const moves = legalRemovals(b);
        if (moves.length === 0) break;
        for (const c of rng.pick(moves)) b[c] = EMPTY;
      }
      const expected = bruteSolvable(b);
      if (!expected) lost++;
      assert.equal(solve(b).status, expected ? 'solvable' : 'unsolvable', formatBoard(b));
    }
    assert.ok(lost > 15 && lost < 135, `${lost} of 150 lost: the sample should mix both`);
  });

  it('proves a metal between two mercuries lost', () => {
    // Lead at F6 with mercury at F5 and F7: it never gets three open sides in a row.
    const board = parseBoard(`${'_'.repeat(44)}q0q${'_'.repeat(44)}`);
    assert.ok(board.ok);
    assert.equal(solve(board.value).status, 'unsolvable');
  });

  it('answers unknown when the budget runs out', () => {
    const board = parseBoard(readFileSync(REFERENCE, 'utf8').split('\n')[0] as string);
    assert.ok(board.ok);
    assert.equal(solve(board.value, { maxExpansions: 5 }).status, 'unknown');
  });

  it('does not change the board it is given', () => {
    const board = parseBoard(readFileSync(REFERENCE, 'utf8').split('\n')[1] as string);
    assert.ok(board.ok);
    const copy = board.value.slice();
    solve(board.value);
    assert.deepEqual(board.value, copy);
  });
});
