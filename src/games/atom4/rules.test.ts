import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { replay } from '../game.ts';
import {
  BLACK,
  CELLS,
  CYAN,
  cellIndex,
  EMPTY,
  isLegalCell,
  lineLength,
  NEIGHBOURS,
  RED,
  WHITE,
} from './board.ts';
import { SearchBoard } from './engine.ts';
import { atom4 } from './index.ts';
import {
  type Atom4Move,
  type Atom4Options,
  type Atom4State,
  legalPlacements,
  parseOptions,
  play,
  winningLine,
} from './rules.ts';

const options = (input: unknown): Atom4Options => {
  const r = parseOptions(input);
  assert.ok(r.ok, r.ok ? '' : r.error);
  return r.value;
};

/** Plays `choices` (each picks among the legal moves by index) from a fresh game, to the end of round 1. */
function randomGame(choices: number[], rounds = 1): { state: Atom4State; moves: string[] } {
  let state = atom4.setup(options({ rounds }), 0);
  const moves: string[] = [];
  for (const choice of choices) {
    if (state.roundResult !== null) break;
    const legal = atom4.legalMoves(state);
    const move = legal[choice % legal.length];
    assert.ok(move);
    moves.push(atom4.formatMove(move, state));
    const next = atom4.play(state, move);
    assert.ok(next.ok, next.ok ? '' : next.error);
    state = next.value;
  }
  return { state, moves };
}

/** What must hold of any reachable state. */
function assertSound(state: Atom4State): void {
  assert.equal(state.cells.length, CELLS);
  for (const c of state.cells) assert.ok(Number.isInteger(c) && c >= EMPTY && c <= 7);
  const filled = state.cells.filter((c) => c !== EMPTY).length;
  assert.equal(filled, 2 + state.ply);
  // Every piece but the opening two was placed touching two touching pieces, so every piece has
  // an occupied neighbour.
  for (let i = 0; i < CELLS; i++) {
    if (state.cells[i] === EMPTY) continue;
    let touching = false;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[i * 6 + d] as number;
      if (n >= 0 && state.cells[n] !== EMPTY) touching = true;
    }
    assert.ok(touching);
  }
  // A round still running has no finished line of either goal colour.
  if (state.roundResult === null) {
    for (let i = 0; i < CELLS; i++) {
      const c = state.cells[i] as number;
      if (c !== WHITE && c !== BLACK) continue;
      for (let d = 0; d < 3; d++) assert.ok(lineLength(state.cells, i, d, c) < 4);
    }
    assert.ok(legalPlacements(state).length > 0);
  }
  // The legal list is exactly the cells the rule allows.
  const listed = new Set(legalPlacements(state).map(({ x, y }) => cellIndex(x, y)));
  for (let i = 0; i < CELLS; i++) {
    assert.equal(listed.has(i), state.roundResult === null && isLegalCell(state.cells, i));
  }
}

describe('options', () => {
  it('defaults to one round of two people', () => {
    assert.deepEqual(options(undefined), { rounds: 1, computer: [null, null] });
  });
  it('names the bad option', () => {
    for (const [input, words] of [
      [{ rounds: 0 }, 'rounds must be'],
      [{ rounds: 2.5 }, 'rounds must be'],
      [{ computer: [1] }, 'computer must be a list of two'],
      [{ computer: [null, 12] }, 'level must be'],
      [{ colour: 'red' }, 'unknown option colour'],
      ['three', 'options must be an object'],
    ] as const) {
      const r = parseOptions(input);
      assert.equal(r.ok, false);
      assert.match(r.ok ? '' : r.error, new RegExp(words));
    }
  });
});

describe('the game contract', () => {
  it('is registered with notation x,y and next', () => {
    const state = atom4.setup(options({}), 0);
    assert.deepEqual(atom4.parseMove('(8, 6)', state), { ok: true, value: { kind: 'place', x: 8, y: 6 } });
    assert.deepEqual(atom4.parseMove('8 6', state), { ok: true, value: { kind: 'place', x: 8, y: 6 } });
    assert.deepEqual(atom4.parseMove('NEXT', state), { ok: true, value: { kind: 'next' } });
    for (const bad of ['', '8', '8,6,1', 'x,y', '16,0']) assert.equal(atom4.parseMove(bad, state).ok, false);
    assert.equal(atom4.formatMove({ kind: 'place', x: 8, y: 6 }, state), '8,6');
  });
  it('plays rounds in turn, scores them, and decides the game on the total', () => {
    let state = atom4.setup(options({ rounds: 2 }), 0);
    assert.equal(atom4.toMove(state), 0);
    // Random play to the end of round 1.
    const roundOne = randomGame(
      Array.from({ length: 300 }, (_, k) => (k * 7919) % 101),
      2,
    );
    state = roundOne.state;
    const first = state.roundResult;
    assert.ok(first !== null);
    if (first !== 'stalemate') {
      const names = ['ann', 'bob'];
      assert.match(atom4.toText(state, { names }), new RegExp(`\\n${names[first - 1]} WINS!!(\\n|$)`));
    }
    assert.deepEqual(atom4.legalMoves(state), [{ kind: 'next' }]);
    assert.equal(atom4.toMove(state), 1, 'player 2 opens round 2 and says next');
    assert.equal(atom4.play(state, { kind: 'place', x: 8, y: 6 }).ok, false);
    assert.equal(atom4.outcome(state), undefined);
    const next = atom4.play(state, { kind: 'next' });
    assert.ok(next.ok);
    state = next.value;
    assert.equal(state.round, 2);
    assert.deepEqual(state.scores, roundOne.state.scores);
    assert.equal(atom4.toMove(state), 1);
    assert.equal(atom4.play(state, { kind: 'next' }).ok, false);
    // Round 2 still knows how round 1 ended, for a client to show it, through its moves.
    assert.deepEqual(state.previousRound, roundOne.state);
    const placed = atom4.play(state, atom4.legalMoves(state)[0] as Atom4Move);
    assert.ok(placed.ok);
    assert.deepEqual(placed.value.previousRound, roundOne.state);
    assert.equal(atom4.setup(options({}), 0).previousRound, undefined);
  });
  it('ends after the last round with the higher score winning', () => {
    const { state } = randomGame(
      Array.from({ length: 300 }, (_, k) => (k * 31) % 97),
      1,
    );
    assert.ok(state.roundResult !== null);
    assert.equal(atom4.toMove(state), undefined);
    assert.deepEqual(atom4.legalMoves(state), []);
    const outcome = atom4.outcome(state);
    if (state.roundResult === 'stalemate') assert.equal(outcome?.kind, 'draw');
    else assert.deepEqual(outcome?.kind === 'win' ? outcome.winner : null, state.roundResult - 1);
    // The result's words name the players around the reason: the reason names no seat.
    assert.doesNotMatch(outcome?.reason ?? '', /player/i);
    assert.match(outcome?.reason ?? '', /\d to \d over 1 round/);
  });
  it('draws the text board with the replay letters', () => {
    const text = atom4.toText(atom4.setup(options({}), 0));
    const rows = text.split('\n');
    assert.equal(rows[9], ' 7  . . . . . . . c f . . . . . . .');
    assert.match(text, /Player 1 to play red/);
    // Given the players, the board names them instead of their seats.
    assert.match(atom4.toText(atom4.setup(options({}), 0), { names: ['ann', 'bob'] }), /\nann to play red$/);
  });

  it('numbers the text board’s columns and rows as moves name them, with a key to the letters', () => {
    const start = atom4.setup(options({ rounds: 2 }), 0);
    const rows = atom4.toText(start, { seat: 1 }).split('\n');
    assert.equal(rows[0], '                       1 1 1 1 1 1');
    assert.equal(rows[1], '   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5');
    // The piece at 8,7 (purple, f) stands under column 8's number, half a cell right on an odd row.
    assert.equal(rows[1]?.[3 + 2 * 8], '8');
    assert.equal(rows[9]?.slice(0, 2), ' 7');
    assert.equal(rows[9]?.[3 + 2 * 8 + 1], 'f');
    const text = rows.join('\n');
    assert.match(text, /Key: a black, b red, c green, d yellow,\n {5}e blue, f purple, g cyan, h white\./);
    assert.match(text, /Player 1 plays red, green, blue: four whites \(h\) in a line win\./);
    assert.match(text, /Player 2 \(you\) plays yellow, cyan, purple/);
    assert.doesNotMatch(atom4.toText(start, { seat: null }), /\(you\)/);
    for (const row of rows) assert.ok(row.length <= 72, row);
    assert.doesNotMatch(text, /the only move is/);

    // Between rounds the board says the one move there is.
    let state = start;
    for (let ply = 0; state.roundResult === null; ply++) {
      const moves = legalPlacements(state);
      const { x, y } = moves[(ply * 7919) % moves.length] as { x: number; y: number };
      const next = play(state, { kind: 'place', x, y });
      assert.ok(next.ok);
      state = next.value;
    }
    assert.match(atom4.toText(state), /Round 1 is over: the only move is "next", which starts round 2\./);
  });
});

describe('random legal games (fast-check)', () => {
  it('never produce an illegal state', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 200 }), (choices) => {
        let state = atom4.setup(options({}), 0);
        for (const choice of choices) {
          assertSound(state);
          const legal = legalPlacements(state);
          if (legal.length === 0) break;
          const { x, y } = legal[choice % legal.length] as { x: number; y: number };
          const next = play(state, { kind: 'place', x, y });
          assert.ok(next.ok);
          state = next.value;
        }
        assertSound(state);
      }),
      { numRuns: 60 },
    );
  });
  it('replay is deterministic and rebuilds the same state', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 120 }), (choices) => {
        const { state, moves } = randomGame(choices);
        const a = replay(atom4, options({}), 0, moves);
        const b = replay(atom4, options({}), 0, moves);
        assert.ok(a.ok && b.ok);
        assert.deepEqual(a.value, state);
        assert.deepEqual(JSON.parse(JSON.stringify(b.value)), state);
      }),
      { numRuns: 40 },
    );
  });
  it("the AI's search board agrees with the rules, move for move, and unmakes exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 150 }), (choices) => {
        let state = atom4.setup(options({}), 0);
        const board = new SearchBoard(state.cells, state.colourIndex);
        const history: number[] = [];
        const before: Atom4State[] = [];
        for (const choice of choices) {
          const legal = legalPlacements(state);
          if (legal.length === 0) break;
          assert.deepEqual(
            legal.map(({ x, y }) => cellIndex(x, y)),
            Array.from({ length: CELLS }, (_, i) => i).filter((i) => board.isLegal(i)),
          );
          const { x, y } = legal[choice % legal.length] as { x: number; y: number };
          before.push(state);
          const won = board.make(cellIndex(x, y));
          history.push(board.hashLo);
          const next = play(state, { kind: 'place', x, y });
          assert.ok(next.ok);
          state = next.value;
          assert.deepEqual(Array.from(board.cells), state.cells);
          assert.equal(won, typeof state.roundResult === 'number');
          // The exact win finder agrees with trying every move.
          if (state.roundResult === null) {
            const found = board.winningCell();
            const wins = legalPlacements(state).some(({ x: wx, y: wy }) => {
              const r = play(state, { kind: 'place', x: wx, y: wy });
              return r.ok && typeof r.value.roundResult === 'number';
            });
            assert.equal(found >= 0, wins);
          }
        }
        const fresh = new SearchBoard(state.cells, state.colourIndex);
        assert.equal(board.hashLo, fresh.hashLo);
        assert.equal(board.balance, fresh.balance);
        while (history.length > 0) {
          assert.equal(board.hashLo, history.pop());
          board.unmake();
          // Everything the search reads is back as a fresh board would have it.
          const was = before.pop() as Atom4State;
          const rebuilt = new SearchBoard(was.cells, was.colourIndex);
          assert.deepEqual(Array.from(board.cells), was.cells);
          assert.equal(board.balance, rebuilt.balance);
          assert.equal(board.hashHi, rebuilt.hashHi);
          assert.deepEqual(
            [board.lines1, board.lines2, board.nearCount1, board.nearCount2, board.winningCell() >= 0],
            [
              rebuilt.lines1,
              rebuilt.lines2,
              rebuilt.nearCount1,
              rebuilt.nearCount2,
              rebuilt.winningCell() >= 0,
            ],
          );
        }
        const start = new SearchBoard(atom4.setup(options({}), 0).cells, 0);
        assert.deepEqual(Array.from(board.cells), Array.from(start.cells));
        assert.equal(board.balance, start.balance);
        assert.equal(board.hashLo, start.hashLo);
      }),
      { numRuns: 30 },
    );
  });
});

describe('the winning line', () => {
  /** A position of round 1, player 1 to play red, with the given pieces on an empty board. */
  const position = (pieces: Record<string, number>): Atom4State => {
    const cells = new Array<number>(CELLS).fill(EMPTY);
    for (const [at, colour] of Object.entries(pieces)) {
      const [x, y] = at.split(',').map(Number) as [number, number];
      cells[cellIndex(x, y)] = colour;
    }
    return { ...atom4.setup(options(undefined), 0), cells };
  };
  const at = (x: number, y: number) => cellIndex(x, y);

  it('is every cell of the line of whites the winning move completed, and nothing else', () => {
    // Whites at (2..5, 2), cyan at (6, 2): red at (7, 2) turns the cyan white, five in a row. The
    // three whites at (3..5, 5) are no line of four and stay out.
    const state = position({
      '2,2': WHITE,
      '3,2': WHITE,
      '4,2': WHITE,
      '5,2': WHITE,
      '6,2': CYAN,
      '6,3': RED,
      '3,5': WHITE,
      '4,5': WHITE,
      '5,5': WHITE,
    });
    assert.deepEqual(winningLine(state), [], 'no line while the round is on');
    const won = play(state, { kind: 'place', x: 7, y: 2 });
    assert.ok(won.ok, won.ok ? '' : won.error);
    assert.equal(won.value.roundResult, 1);
    assert.deepEqual(winningLine(won.value), [at(2, 2), at(3, 2), at(4, 2), at(5, 2), at(6, 2)]);
  });

  it('is empty after a stalemate and in every round of a random game until it is won', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 256 }), (choices) => {
        const { state } = randomGame(choices);
        const line = winningLine(state);
        if (state.roundResult === null || state.roundResult === 'stalemate') assert.deepEqual(line, []);
        else {
          assert.ok(line.length >= 4);
          const goal = state.roundResult === 1 ? WHITE : BLACK;
          for (const i of line) assert.equal(state.cells[i], goal);
        }
      }),
      { numRuns: 100 },
    );
  });
});
