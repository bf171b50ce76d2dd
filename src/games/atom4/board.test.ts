import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BLACK,
  CELLS,
  COLOUR_LETTERS,
  COLOUR_SEQUENCE,
  CYAN,
  cellIndex,
  EMPTY,
  isLegalCell,
  NEIGHBOURS,
  openingCells,
  parseRows,
  WHITE,
} from './board.ts';
import { type Atom4State, legalPlacements, play, roundState } from './rules.ts';

const OPTIONS = { rounds: 1, computer: [null, null] } as const;

/** A state whose board is `cells` and whose next piece is `piece` (the colour sequence decides the player). */
function stateWith(cells: number[], piece: number): Atom4State {
  const colourIndex = COLOUR_SEQUENCE.indexOf(piece);
  assert.ok(colourIndex >= 0, `not a playable piece: ${piece}`);
  return { ...roundState(OPTIONS, 1, [0, 0]), cells, colourIndex };
}

function place(state: Atom4State, x: number, y: number): Atom4State {
  const next = play(state, { kind: 'place', x, y });
  assert.ok(next.ok, next.ok ? '' : next.error);
  return next.value;
}

const emptyCells = (): number[] => new Array<number>(CELLS).fill(EMPTY);
const letter = (c: number): string => (c === EMPTY ? '.' : (COLOUR_LETTERS[c] as string));
const colour = (ch: string): number => COLOUR_LETTERS.indexOf(ch);

describe('the colour effect table (seed rules 1–6, one neighbour)', () => {
  // Each row: the mover, then what each neighbour a..h (black, red, green, yellow, blue, purple,
  // cyan, white) becomes, written out from the seed's colour wheel rather than from bit arithmetic.
  // A propagator next to its own kind of mover with nothing behind it stays as it is.
  const TABLE: Record<string, string> = {
    b: 'bbddffhh', // red: black→red, green→yellow, blue→purple, cyan→white
    c: 'cdcdghgh', // green: red→yellow, blue→cyan, purple→white
    e: 'efghefgh', // blue: red→purple, green→cyan, yellow→white
    d: 'abcdabcd', // yellow: blue→black, purple→red, cyan→green, white→yellow
    g: 'aacceegg', // cyan: red→black, yellow→green, purple→blue, white→cyan
    f: 'ababefef', // purple: green→black, yellow→red, cyan→blue, white→purple
  };
  for (const [moverLetter, row] of Object.entries(TABLE)) {
    for (let n = 0; n < 8; n++) {
      it(`${moverLetter} placed next to ${COLOUR_LETTERS[n]} leaves ${row[n]}`, () => {
        // The neighbour at (8,7) and a support at (7,7) make (8,6) legal; the support's colour is
        // chosen so that it cannot change, and nothing lies behind the neighbour.
        const cells = emptyCells();
        const mover = colour(moverLetter);
        cells[cellIndex(8, 7)] = n;
        cells[cellIndex(7, 7)] = mover;
        const after = place(stateWith(cells, mover), 8, 6);
        assert.equal(letter(after.cells[cellIndex(8, 7)] as number), row[n]);
        assert.equal(after.cells[cellIndex(8, 6)], mover);
        assert.equal(after.cells[cellIndex(7, 7)], mover);
      });
    }
  }
});

describe('propagation', () => {
  // A row of cells east of (3,4): the mover at (3,4) is made legal by a support under it.
  const run = (moverLetter: string, line: string, supportLetter = moverLetter): string => {
    const cells = emptyCells();
    for (const [k, ch] of [...line].entries()) if (ch !== '.') cells[cellIndex(4 + k, 4)] = colour(ch);
    cells[cellIndex(3, 5)] = colour(supportLetter);
    cells[cellIndex(2, 5)] = colour(supportLetter);
    const after = place(stateWith(cells, colour(moverLetter)), 3, 4);
    return [...line].map((_, k) => letter(after.cells[cellIndex(4 + k, 4)] as number)).join('');
  };

  it('an additive piece passes through whites to the first other piece', () => {
    assert.equal(run('b', 'hhhg'), 'hhhh');
    assert.equal(run('b', 'hc'), 'hd');
  });
  it('a subtractive piece passes through blacks to the first other piece', () => {
    assert.equal(run('d', 'aaae'), 'aaaa');
    assert.equal(run('g', 'ah'), 'ag');
  });
  it('a run of propagators that ends in an empty cell changes nothing', () => {
    assert.equal(run('b', 'hh.g'), 'hh.g');
    assert.equal(run('f', 'aa.c'), 'aa.c');
  });
  it('a run of propagators that ends at the board edge changes nothing', () => {
    assert.equal(run('b', 'hhhhhhhhhhhh'), 'hhhhhhhhhhhh');
    assert.equal(run('d', 'aaaaaaaaaaaa'), 'aaaaaaaaaaaa');
  });
  it("the other player's propagator is recoloured, not passed through", () => {
    assert.equal(run('e', 'ag'), 'eg');
    assert.equal(run('f', 'hc'), 'fc');
  });
  it('there is no chain reaction: a piece that turns into a propagator does not pass the effect on', () => {
    // Red turns the cyan at (4,4) white; the cyan behind it stays cyan.
    assert.equal(run('b', 'gg'), 'hg');
    // Yellow turns the blue black; the blue behind stays blue.
    assert.equal(run('d', 'ee'), 'ae');
  });
  it('all six directions are changed together, from the board before the move', () => {
    const cells = emptyCells();
    const centre = cellIndex(8, 8);
    for (let d = 0; d < 6; d++) cells[NEIGHBOURS[centre * 6 + d] as number] = CYAN;
    const after = place(stateWith(cells, COLOUR_SEQUENCE[0] as number), 8, 8);
    for (let d = 0; d < 6; d++) assert.equal(after.cells[NEIGHBOURS[centre * 6 + d] as number], WHITE);
    assert.deepEqual(
      [...after.changed].sort(),
      [...Array.from({ length: 6 }, (_, d) => NEIGHBOURS[centre * 6 + d] as number)].sort(),
    );
  });
});

describe('legal placements', () => {
  const legalWith = (occupied: [number, number][], x: number, y: number): boolean => {
    const cells = emptyCells();
    for (const [ox, oy] of occupied) cells[cellIndex(ox, oy)] = BLACK;
    return isLegalCell(cells, cellIndex(x, y));
  };
  it('round 1 opens with exactly (8,6) and (8,8)', () => {
    const moves = legalPlacements(roundState(OPTIONS, 1, [0, 0]));
    assert.deepEqual(moves, [
      { x: 8, y: 6 },
      { x: 8, y: 8 },
    ]);
  });
  it('needs two occupied neighbours in consecutive directions', () => {
    // (8,8) on an even row: direction 0 is (7,7), 1 is (8,7), 2 is (9,8), 3 is (8,9).
    assert.equal(
      legalWith(
        [
          [7, 7],
          [8, 7],
        ],
        8,
        8,
      ),
      true,
    );
    assert.equal(
      legalWith(
        [
          [7, 7],
          [9, 8],
        ],
        8,
        8,
      ),
      false,
    );
    assert.equal(
      legalWith(
        [
          [8, 7],
          [8, 9],
        ],
        8,
        8,
      ),
      false,
    );
    assert.equal(
      legalWith(
        [
          [7, 8],
          [7, 7],
        ],
        8,
        8,
      ),
      true,
    ); // directions 5 and 0 wrap around
  });
  it('an occupied cell is not a legal placement', () => {
    assert.equal(
      legalWith(
        [
          [7, 7],
          [8, 7],
          [8, 8],
        ],
        8,
        8,
      ),
      false,
    );
  });
  it('treats off-board neighbours as empty at the edges', () => {
    // Corner (0,0): directions 2 (1,0) and 3 (0,1).
    assert.equal(
      legalWith(
        [
          [1, 0],
          [0, 1],
        ],
        0,
        0,
      ),
      true,
    );
    assert.equal(legalWith([[1, 0]], 0, 0), false);
    // (15,1) on an odd row at the right edge: directions 1 and 2 are off the board.
    assert.equal(
      legalWith(
        [
          [15, 0],
          [14, 1],
        ],
        15,
        1,
      ),
      true,
    ); // 0 and 5
    assert.equal(
      legalWith(
        [
          [15, 0],
          [15, 2],
        ],
        15,
        1,
      ),
      false,
    ); // 0 and 4
    // Bottom-left (0,15) on an odd row: directions 3 (1,16) and 4 (0,16) are off the board.
    assert.equal(
      legalWith(
        [
          [0, 14],
          [1, 14],
        ],
        0,
        15,
      ),
      true,
    ); // 0 and 1
    assert.equal(
      legalWith(
        [
          [0, 14],
          [1, 15],
        ],
        0,
        15,
      ),
      false,
    ); // 0 and 2
  });
  it('rejects a move that breaks the rule with a reason, and leaves the state alone', () => {
    const state = roundState(OPTIONS, 1, [0, 0]);
    const before = JSON.stringify(state);
    for (const [x, y, words] of [
      [0, 0, 'does not touch two pieces'],
      [7, 7, 'already holds a green piece'],
      [16, 3, 'off the board'],
      [-1, 3, 'off the board'],
    ] as const) {
      const r = play(state, { kind: 'place', x, y });
      assert.equal(r.ok, false);
      assert.match(r.ok ? '' : r.error, new RegExp(words));
    }
    assert.equal(JSON.stringify(state), before);
  });
});

describe('winning lines', () => {
  /**
   * Three goal pieces and a piece one bit short in a line along `dir` from (x, y), completed by
   * placing the next piece on a cell that touches the last two; `short` is where the short piece
   * sits in the line (0..3).
   */
  const lineGame = (goal: number, dir: number, short: number, extra: number[] = []) => {
    const player1 = goal === WHITE;
    const piece = player1 ? (COLOUR_SEQUENCE[0] as number) : (COLOUR_SEQUENCE[1] as number);
    const cells = emptyCells();
    const line = [cellIndex(6, 8)];
    for (let k = 1; k < 4 + extra.length; k++)
      line.push(NEIGHBOURS[(line[k - 1] as number) * 6 + dir] as number);
    for (const [k, i] of line.entries()) cells[i] = k === short ? 7 ^ piece : goal;
    const x = line[short] as number;
    // A placement cell touching x and one neighbour of x on the line (a triangle), never on the line.
    let target = -1;
    for (let d = 0; d < 6 && target < 0; d++) {
      const n = NEIGHBOURS[x * 6 + d] as number;
      if (n < 0 || cells[n] !== EMPTY) continue;
      if (isLegalCell(cells, n)) target = n;
    }
    assert.ok(target >= 0);
    const after = play(stateWith(cells, piece), {
      kind: 'place',
      x: target % 16,
      y: Math.floor(target / 16),
    });
    assert.ok(after.ok);
    return after.value;
  };
  for (const dir of [2, 3, 4]) {
    it(`four whites along the axis of direction ${dir} win for player 1`, () => {
      const s = lineGame(WHITE, dir, 3);
      assert.equal(s.roundResult, 1);
      assert.deepEqual(s.scores, [1, 0]);
    });
    it(`four blacks along the axis of direction ${dir} win for player 2`, () => {
      const s = lineGame(BLACK, dir, 0);
      assert.equal(s.roundResult, 2);
      assert.deepEqual(s.scores, [0, 1]);
    });
  }
  it('a line longer than four wins, made in its middle', () => {
    const s = lineGame(WHITE, 2, 2, [0]);
    assert.equal(s.roundResult, 1);
    const row = s.cells.slice(cellIndex(6, 8), cellIndex(11, 8)).map(letter).join('');
    assert.equal(row, 'hhhhh');
  });
  it('three in a line is not a win', () => {
    const cells = emptyCells();
    for (const x of [5, 6]) cells[cellIndex(x, 8)] = WHITE;
    cells[cellIndex(7, 8)] = CYAN;
    cells[cellIndex(7, 7)] = BLACK;
    const s = place(stateWith(cells, COLOUR_SEQUENCE[0] as number), 8, 8);
    assert.equal(s.cells[cellIndex(7, 8)], WHITE);
    assert.equal(s.roundResult, null);
  });
  it('four whites in a bent line are not a win', () => {
    const cells = emptyCells();
    for (const [x, y] of [
      [5, 8],
      [6, 8],
      [7, 8],
    ])
      cells[cellIndex(x, y)] = WHITE;
    cells[cellIndex(7, 7)] = CYAN; // direction 1 of (7,8) on an even row is (7,7)
    const s = place(stateWith(cells, COLOUR_SEQUENCE[0] as number), 8, 8);
    assert.equal(s.cells[cellIndex(7, 7)], WHITE);
    assert.equal(s.roundResult, null);
  });
});

describe('round openings', () => {
  // Round r: the two opening pieces at (7,7) and (8,7), the first piece, and who plays it.
  const EXPECTED: [number, string, string, 1 | 2][] = [
    [1, 'cf', 'b', 1], // green, purple; red by player 1
    [2, 'gb', 'd', 2], // cyan, red; yellow by player 2
    [3, 'ed', 'c', 1], // blue, yellow; green by player 1
    [4, 'fc', 'g', 2], // purple, green; cyan by player 2
    [5, 'bg', 'e', 1], // red, cyan; blue by player 1
    [6, 'de', 'f', 2], // yellow, blue; purple by player 2
    [7, 'cf', 'b', 1], // the cycle repeats
  ];
  for (const [round, pieces, first, player] of EXPECTED) {
    it(`round ${round}`, () => {
      const s = roundState({ rounds: 7, computer: [null, null] }, round, [0, 0]);
      const cells = openingCells(round);
      assert.deepEqual(s.cells, cells);
      assert.equal(
        letter(cells[cellIndex(7, 7)] as number) + letter(cells[cellIndex(8, 7)] as number),
        pieces,
      );
      assert.equal(cells.filter((c) => c !== EMPTY).length, 2);
      assert.equal(letter(COLOUR_SEQUENCE[s.colourIndex] as number), first);
      assert.equal(s.colourIndex % 2 === 0 ? 1 : 2, player);
    });
  }
});

describe('stalemate', () => {
  it('a round ends in stalemate when the last cell is filled without a line', () => {
    const cells = parseRows(Array.from({ length: 16 }, () => 'b'.repeat(16)));
    cells[cellIndex(0, 0)] = EMPTY;
    const s = place(stateWith(cells, COLOUR_SEQUENCE[0] as number), 0, 0);
    assert.equal(s.roundResult, 'stalemate');
    assert.deepEqual(s.scores, [0, 0]);
    assert.deepEqual(legalPlacements(s), []);
  });
  it('a full board with a finished line is still a win', () => {
    const cells = parseRows(Array.from({ length: 16 }, () => 'b'.repeat(16)));
    for (const x of [1, 2, 3]) cells[cellIndex(x, 0)] = WHITE;
    cells[cellIndex(4, 0)] = CYAN;
    cells[cellIndex(4, 1)] = EMPTY; // touches (4,0) and (5,0) on the odd row below
    const s = place(stateWith(cells, COLOUR_SEQUENCE[0] as number), 4, 1);
    assert.equal(s.roundResult, 1);
  });
  it('a board with room left is not a stalemate', () => {
    const cells = parseRows(Array.from({ length: 16 }, () => 'b'.repeat(16)));
    cells[cellIndex(0, 0)] = EMPTY;
    cells[cellIndex(9, 9)] = EMPTY;
    const s = place(stateWith(cells, COLOUR_SEQUENCE[0] as number), 0, 0);
    assert.equal(s.roundResult, null);
  });
});
