import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Searcher } from './ai.ts';
import { CELLS, EMPTY, NEIGHBOURS } from './board.ts';
import {
  DEFAULT_MATERIAL,
  DEFAULT_STUCK_SHARE,
  DEFAULT_WINDOW_WEIGHTS,
  SEAT_WINDOW_WEIGHTS,
  SearchBoard,
  type WeightSet,
} from './engine.ts';
import { type Atom4State, legalPlacements, parseOptions, play, roundState } from './rules.ts';

const OPTIONS = (() => {
  const o = parseOptions({ rounds: 1 });
  assert.ok(o.ok);
  return o.value;
})();

/**
 * The stuck-window oracle, from the rules: a placement changes a cell from an empty cell at the
 * end of a straight run of the mover's goal pieces next to it; a window is stuck for a player when
 * a cell of it that is not that player's goal colour cannot be changed so.
 */
const WINDOWS: number[][] = [];
for (let i = 0; i < CELLS; i++)
  for (const d of [2, 3, 4]) {
    const run = [i];
    for (let k = 0; k < 3 && (run[k] as number) >= 0; k++)
      run.push(NEIGHBOURS[(run[k] as number) * 6 + d] as number);
    if ((run[3] as number) >= 0) WINDOWS.push(run);
  }
const changeable = (cells: ArrayLike<number>, x: number, goal: number): boolean => {
  if (cells[x] === EMPTY) return true;
  for (let d = 0; d < 6; d++) {
    let n = NEIGHBOURS[x * 6 + d] as number;
    while (n >= 0 && cells[n] === goal) n = NEIGHBOURS[n * 6 + d] as number;
    if (n >= 0 && cells[n] === EMPTY) return true;
  }
  return false;
};
const bits = (c: number): number => (c & 1) + ((c >> 1) & 1) + ((c >> 2) & 1);
/**
 * Player 1's evaluation of `cells`, with the windows stuck in `root` at their share, by the given
 * weights of player 1's windows and of player 2's (the usual ones by default).
 */
function expectedBalance(
  root: ArrayLike<number>,
  cells: ArrayLike<number>,
  weights: readonly number[] = DEFAULT_WINDOW_WEIGHTS,
  weights2: readonly number[] = weights,
): number {
  const stuckWeights = weights.map((w) => Math.round(w * DEFAULT_STUCK_SHARE));
  const stuckWeights2 = weights2.map((w) => Math.round(w * DEFAULT_STUCK_SHARE));
  let balance = 0;
  for (let i = 0; i < CELLS; i++)
    balance += DEFAULT_MATERIAL * ((cells[i] === 7 ? 1 : 0) - (cells[i] === 0 ? 1 : 0));
  for (const w of WINDOWS) {
    const stuck1 = w.some((x) => root[x] !== 7 && !changeable(root, x, 7));
    const stuck2 = w.some((x) => root[x] !== 0 && !changeable(root, x, 0));
    let d1 = 0;
    let d2 = 0;
    for (const x of w) {
      const c = cells[x] as number;
      d1 += c === EMPTY ? 3 : 3 - bits(c);
      d2 += c === EMPTY ? 3 : bits(c);
    }
    balance +=
      ((stuck1 ? stuckWeights : weights)[d1] as number) - ((stuck2 ? stuckWeights2 : weights2)[d2] as number);
  }
  return balance;
}

/** Everything the search reads from a board, for comparing two boards. */
function summary(board: SearchBoard): unknown {
  const legal = new Int16Array(CELLS);
  const count = board.legalCells(legal, 0);
  return {
    cells: Array.from(board.cells),
    colourIndex: board.colourIndex,
    balance: board.balance,
    hash: [board.hashLo, board.hashHi],
    lines: [board.lines1, board.lines2],
    near: [board.nearCount1, board.nearCount2],
    wins: [board.winningCell() >= 0, board.winningCellFor(board.colourIndex + 1) >= 0],
    legal: Array.from(legal.subarray(0, count)).sort((a, b) => a - b),
  };
}

describe("the AI's search board", () => {
  it('loads a position over another, even mid-line, exactly as a fresh board', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 120 }),
        fc.array(fc.nat(1000), { maxLength: 6 }),
        (round, choices, line) => {
          let state: Atom4State = roundState(OPTIONS, round, [0, 0]);
          const board = new SearchBoard([], 0);
          for (const [k, choice] of choices.entries()) {
            const legal = legalPlacements(state);
            if (state.roundResult !== null || legal.length === 0) break;
            const { x, y } = legal[choice % legal.length] as { x: number; y: number };
            const next = play(state, { kind: 'place', x, y });
            assert.ok(next.ok);
            state = next.value;
            if (k % 7 !== 0) continue;
            board.load(state.cells, state.colourIndex);
            assert.deepEqual(summary(board), summary(new SearchBoard(state.cells, state.colourIndex)));
            // A search abandoned mid-line leaves moves made and not unmade.
            for (const c of line) {
              const cells = new Int16Array(CELLS);
              const n = board.legalCells(cells, 0);
              if (n === 0 || board.make(cells[c % n] as number)) break;
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('knows who can win at once after a move from the windows listed before it, as a full scan does', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 200 }),
        (round, choices) => {
          const start = roundState(OPTIONS, round, [0, 0]);
          const board = new SearchBoard(start.cells, start.colourIndex);
          const lists = new Int32Array(2 * 256);
          const moves = new Int16Array(CELLS);
          for (const choice of choices) {
            const n = board.legalCells(moves, 0);
            if (n === 0) break;
            // Lists for the piece after the move (the opponent's) and the one after that (the mover's next).
            const ci = board.colourIndex;
            const theirs = board.completableWindows(ci + 1, lists, 0, 256);
            const ours = board.completableWindows(ci + 2, lists, 256, 256);
            if (board.make(moves[choice % n] as number)) break;
            assert.equal(board.winsAfterMove(ci + 1, lists, 0, theirs), board.winningCellFor(ci + 1) >= 0);
            assert.equal(board.winsAfterMove(ci + 2, lists, 256, ours), board.winningCellFor(ci + 2) >= 0);
            if (board.winningCellFor(ci + 1) >= 0 || board.winningCellFor(ci + 2) >= 0) checked++;
          }
        },
      ),
      { numRuns: 2000 },
    );
    assert.ok(checked > 0, 'some positions had a win on the spot');
  });

  it('answers from the lists exactly for every move, also after a deeper line was taken back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 200 }),
        (round, choices) => {
          const start = roundState(OPTIONS, round, [0, 0]);
          const board = new SearchBoard(start.cells, start.colourIndex);
          const lists = new Int32Array(256);
          const moves = new Int16Array(CELLS);
          const replies = new Int16Array(CELLS);
          for (const choice of choices) {
            const n = board.legalCells(moves, 0);
            if (n === 0) break;
            const ci = board.colourIndex;
            const theirs = board.completableWindows(ci + 1, lists, 0, 256);
            for (let k = 0; k < n; k++) {
              if (board.make(moves[k] as number)) {
                board.unmake();
                continue;
              }
              const exact = board.winningCellFor(ci + 1) >= 0;
              assert.equal(board.winsAfterMove(ci + 1, lists, 0, theirs), exact);
              // A reply tried and taken back (as a search's re-search does) changes nothing.
              const r = board.legalCells(replies, 0);
              if (r > 0) {
                board.make(replies[choice % r] as number);
                board.winsAfterMove(ci + 2, lists, 0, 0);
                board.unmake();
                assert.equal(board.winsAfterMove(ci + 1, lists, 0, theirs), exact);
              }
              board.unmake();
            }
            if (board.make(moves[choice % n] as number)) break;
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('weighs the windows no placement can change at their share, through moves and takebacks', () => {
    let stuckSeen = false;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(1000), { minLength: 60, maxLength: 240 }),
        fc.array(fc.nat(1000), { maxLength: 6 }),
        (round, choices, line) => {
          let state: Atom4State = roundState(OPTIONS, round, [0, 0]);
          for (const choice of choices) {
            const moves = legalPlacements(state);
            const next = play(state, {
              ...(moves[choice % moves.length] as { x: number; y: number }),
              kind: 'place',
            });
            assert.ok(next.ok);
            if (next.value.roundResult !== null) break;
            state = next.value;
          }
          const board = new SearchBoard(state.cells, state.colourIndex);
          const plain = board.balance;
          board.weighStuckWindows();
          if (board.balance !== plain) stuckSeen = true;
          assert.equal(board.balance, expectedBalance(state.cells, state.cells));
          const moves = new Int16Array(CELLS);
          let made = 0;
          for (const choice of line) {
            const n = board.legalCells(moves, 0);
            if (n === 0) break;
            const won = board.make(moves[choice % n] as number);
            made++;
            assert.equal(board.balance, expectedBalance(state.cells, board.cells));
            if (won) break;
          }
          for (; made > 0; made--) board.unmake();
          assert.equal(board.balance, expectedBalance(state.cells, state.cells));
          // The seats' weights, with the same marking, through the same line and back.
          const seats: [WeightSet, readonly number[], readonly number[]][] = [
            [1, SEAT_WINDOW_WEIGHTS, SEAT_WINDOW_WEIGHTS],
            [2, SEAT_WINDOW_WEIGHTS, DEFAULT_WINDOW_WEIGHTS],
            [3, DEFAULT_WINDOW_WEIGHTS, SEAT_WINDOW_WEIGHTS],
          ];
          for (const [set, weights1, weights2] of seats) {
            board.selectWeights(set);
            assert.equal(board.balance, expectedBalance(state.cells, state.cells, weights1, weights2));
            for (const choice of line) {
              const n = board.legalCells(moves, 0);
              if (n === 0) break;
              const won = board.make(moves[choice % n] as number);
              made++;
              assert.equal(board.balance, expectedBalance(state.cells, board.cells, weights1, weights2));
              if (won) break;
            }
            for (; made > 0; made--) board.unmake();
          }
          board.selectWeights(0);
          assert.equal(board.balance, expectedBalance(state.cells, state.cells));
          // Without the marking, the plain evaluation again.
          board.weighStuckWindows(false);
          assert.equal(board.balance, plain);
        },
      ),
      { numRuns: 60 },
    );
    assert.ok(stuckSeen, 'some position had stuck windows');
  });
});

describe('the search with stuck windows', () => {
  it('judges each root move with the windows stuck after it, not those stuck before', () => {
    const after = (state: Atom4State, x: number, y: number): Atom4State => {
      const next = play(state, { kind: 'place', x, y });
      assert.ok(next.ok);
      return next.value;
    };
    const winsNow = (state: Atom4State): boolean =>
      legalPlacements(state).some(({ x, y }) => after(state, x, y).roundResult !== null);
    const searcher = new Searcher(12);
    let checked = 0;
    let moved = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(1000), { minLength: 80, maxLength: 200 }),
        (round, choices) => {
          let state: Atom4State = roundState(OPTIONS, round, [0, 0]);
          for (const choice of choices) {
            const moves = legalPlacements(state);
            const { x, y } = moves[choice % moves.length] as { x: number; y: number };
            const next = after(state, x, y);
            if (next.roundResult !== null) break;
            state = next;
          }
          if (winsNow(state)) return;
          // One ply: each move's score is the evaluation after it, unless a side can win at once
          // (the search then looks further), which these positions leave out. The round's starter
          // (to move when the placements so far are even) scores with its weights, the second
          // player with its own (its own windows one bit from a line weigh less).
          const sign = state.colourIndex % 2 === 0 ? 1 : -1;
          // The searching side's view of a balance (0 − x, as the search negates: never −0).
          const seen = (balance: number): number => (sign === 1 ? balance : 0 - balance);
          const [weights, weights2] =
            state.ply % 2 === 0
              ? [SEAT_WINDOW_WEIGHTS, SEAT_WINDOW_WEIGHTS]
              : sign === 1
                ? [SEAT_WINDOW_WEIGHTS, DEFAULT_WINDOW_WEIGHTS]
                : [DEFAULT_WINDOW_WEIGHTS, SEAT_WINDOW_WEIGHTS];
          let best = Number.NEGATIVE_INFINITY;
          let bestBefore = Number.NEGATIVE_INFINITY;
          for (const { x, y } of legalPlacements(state)) {
            const child = after(state, x, y);
            if (winsNow(child) || winsNow({ ...child, colourIndex: (child.colourIndex + 1) % 6 })) return;
            best = Math.max(best, seen(expectedBalance(child.cells, child.cells, weights, weights2)));
            bestBefore = Math.max(
              bestBefore,
              seen(expectedBalance(state.cells, child.cells, weights, weights2)),
            );
          }
          const found = searcher.searchCells(state.cells, state.colourIndex, { depth: 1, weighStuck: true });
          assert.equal(found.score, best);
          checked++;
          if (best !== bestBefore) moved++;
        },
      ),
      { numRuns: 40 },
    );
    assert.ok(checked >= 10, `only ${checked} positions without a win in sight`);
    assert.ok(moved > 0, 'some move changed which windows are stuck, and with it the best score');
  });
});
