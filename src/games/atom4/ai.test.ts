import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createRng } from '../../grid/rng.ts';
import { chooseMove, LEVELS, Searcher } from './ai.ts';
import { CELLS, CYAN, cellIndex, EMPTY, WHITE } from './board.ts';
import { type Atom4State, legalPlacements, play, roundState } from './rules.ts';

const OPTIONS = { rounds: 1, computer: [null, null] } as const;

const after = (state: Atom4State, x: number, y: number): Atom4State => {
  const r = play(state, { kind: 'place', x, y });
  assert.ok(r.ok, r.ok ? '' : r.error);
  return r.value;
};
const wins = (state: Atom4State, x: number, y: number): boolean =>
  typeof after(state, x, y).roundResult === 'number';
const winsNow = (state: Atom4State): boolean => legalPlacements(state).some(({ x, y }) => wins(state, x, y));

/**
 * The oracle, built on the rules alone: does placing (x, y) win by force within 3 plies (the
 * opponent cannot win at once, and every reply leaves a winning placement)?
 */
function forcesWinIn3(state: Atom4State, x: number, y: number): boolean {
  const s1 = after(state, x, y);
  if (s1.roundResult !== null) return false;
  return legalPlacements(s1).every(({ x: rx, y: ry }) => {
    const s2 = after(s1, rx, ry);
    return s2.roundResult === null && winsNow(s2);
  });
}

/**
 * Whether the side to move wins by force within `plies`, checked with the rules: the AI only
 * proposes the winning side's moves, every answer is tried.
 */
function forcesWin(s: Atom4State, plies: number): boolean {
  if (winsNow(s)) return true;
  if (plies < 3) return false;
  const found = chooseMove(s, { depth: plies, seed: 1 });
  if (found.move.kind !== 'place' || found.winIn === null || found.winIn < 0) return false;
  const s1 = after(s, found.move.x, found.move.y);
  return legalPlacements(s1).every(({ x, y }) => {
    const s2 = after(s1, x, y);
    return s2.roundResult === null && forcesWin(s2, plies - 2);
  });
}

/** A position with red (player 1) to move, from rows of colour letters a–h (colours 0–7) and '.' for empty. */
const redToMove = (rows: readonly string[]): Atom4State => ({
  ...roundState(OPTIONS, 1, [0, 0]),
  cells: rows.flatMap((row) => [...row].map((ch) => (ch === '.' ? EMPTY : 'abcdefgh'.indexOf(ch)))),
  colourIndex: 0,
});

/** Positions from seeded random games, every `stride` plies. */
function* randomPositions(seed: number, games: number, stride: number): Generator<Atom4State> {
  const rng = createRng(seed);
  for (let g = 0; g < games; g++) {
    let state = roundState(OPTIONS, 1 + (g % 6), [0, 0]);
    while (state.roundResult === null) {
      if (state.ply % stride === stride - 1) yield state;
      const { x, y } = rng.pick(legalPlacements(state));
      state = after(state, x, y);
    }
  }
}

describe('the AI', () => {
  it('takes a win in 1, and prefers it to any slower win', () => {
    // Whites at (5..7, 8) and cyans at both ends: red next to either cyan completes a row.
    const cells = new Array<number>(CELLS).fill(EMPTY);
    for (const x of [5, 6, 7]) cells[cellIndex(x, 8)] = WHITE;
    cells[cellIndex(8, 8)] = CYAN;
    cells[cellIndex(4, 8)] = CYAN;
    const state: Atom4State = { ...roundState(OPTIONS, 1, [0, 0]), cells, colourIndex: 0 };
    for (const depth of [1, 3, 5]) {
      const found = chooseMove(state, { depth, seed: depth });
      assert.equal(found.winIn, 1);
      assert.equal(found.move.kind, 'place');
      if (found.move.kind === 'place') assert.ok(wins(state, found.move.x, found.move.y));
    }
  });

  it('finds forced wins in 3 plies, and every one it claims is real', () => {
    let checked = 0;
    let forced = 0;
    for (const state of randomPositions(7, 12, 5)) {
      if (winsNow(state)) continue;
      const found = chooseMove(state, { depth: 3, seed: 1 });
      assert.ok(found.winIn === null || found.winIn >= 3 || found.winIn < 0);
      const exists = legalPlacements(state).some(({ x, y }) => forcesWinIn3(state, x, y));
      checked++;
      if (exists) {
        forced++;
        assert.equal(found.winIn, 3, 'a forced win in 3 exists and the AI must find it');
        assert.ok(found.move.kind === 'place' && forcesWinIn3(state, found.move.x, found.move.y));
      } else assert.notEqual(found.winIn, 3);
      if (forced >= 4 && checked >= 40) break;
    }
    assert.ok(forced >= 1, `the sample held ${forced} forced wins in ${checked} positions`);
  });

  it('blocks an opponent who would win at once, whenever some move prevents it', () => {
    // The oracle, from the rules alone: after our move, can the opponent complete a line?
    const allowsWin = (state: Atom4State, x: number, y: number) => {
      const next = after(state, x, y);
      return next.roundResult === null && winsNow(next);
    };
    let blocks = 0;
    for (const state of randomPositions(11, 30, 3)) {
      if (winsNow(state)) continue;
      const moves = legalPlacements(state);
      const losing = moves.filter(({ x, y }) => allowsWin(state, x, y)).length;
      // Only positions where the choice matters: some moves lose at once, some do not.
      if (losing === 0 || losing === moves.length) continue;
      blocks++;
      for (const depth of [2, 3, 5]) {
        const found = chooseMove(state, { depth, seed: blocks });
        assert.ok(found.move.kind === 'place');
        if (found.move.kind === 'place')
          assert.ok(!allowsWin(state, found.move.x, found.move.y), `depth ${depth} let the opponent win`);
      }
      if (blocks >= 25) break;
    }
    assert.ok(blocks >= 10, `the sample held only ${blocks} positions with a threat to block`);
  });

  it('does not walk into a win the original finds in 5 plies, hidden behind a quiet move', () => {
    // A position of a lost match game (ply 224). Red at (15,7) looks best to a search that
    // reduces quiet late moves, but the opponent then wins by force in 5 plies.
    const rows = [
      'daggeacgabfa....',
      'deaafbcedaac....',
      'cgfhdhccabgabfe.',
      'hafahfcacbadaaad',
      'bhfahhhaeadaghha',
      'hhhfhhgdabfhhhbf',
      'fhgedcgheeccghae',
      'fbaagadhaaccfea.',
      'fdaeaccdeagggaeh',
      'aggfdabheefabge.',
      'dcabhhdhdaffade.',
      'ahaahfcgbagfcg..',
      'hedcfhagbeeaad..',
      'ceecfbbagffaf...',
      'afffggbfaba.....',
      'faegghbhah......',
    ];
    const state = redToMove(rows);
    assert.ok(forcesWin(after(state, 15, 7), 5), 'the trap is real');
    for (const depth of [5, 7]) {
      const found = chooseMove(state, { depth, seed: 1 });
      assert.ok(found.move.kind === 'place');
      if (found.move.kind === 'place') {
        assert.notDeepEqual([found.move.x, found.move.y], [15, 7], `depth ${depth} fell into the trap`);
        assert.ok(
          !forcesWin(after(state, found.move.x, found.move.y), 5),
          `depth ${depth} lets a win in 5 through`,
        );
      }
    }
  });

  it('with threat extensions, sees past a threat answered at its horizon to the one that follows', () => {
    // Ply 60 of a match game against the original (round 2). A plain 5-ply search likes (10,2),
    // after which the opponent wins by force in 5 plies: its threat at the last ply but one is
    // answered at the horizon, and the next threat lies past it.
    const moves =
      '8,6 9,6 7,6 8,5 6,7 7,5 7,8 9,5 8,4 8,8 9,4 9,7 6,5 10,4 6,6 10,6 7,4 8,3 6,8 7,3 5,7 6,9 ' +
      '10,5 5,6 5,5 9,8 6,4 9,3 5,4 10,8 4,5 4,7 4,4 4,6 3,5 4,3 3,6 3,4 5,3 3,7 5,2 6,3 10,7 6,2 ' +
      '8,2 7,2 4,2 9,2 3,3 4,1 8,1 5,1 6,1 7,1 9,1 7,9 5,8 8,0 9,0 5,9';
    const state = moves.split(' ').reduce(
      (s, xy) => {
        const [x, y] = xy.split(',').map(Number) as [number, number];
        return after(s, x, y);
      },
      roundState(OPTIONS, 2, [0, 0]),
    );
    assert.ok(forcesWin(after(state, 10, 2), 5), 'the trap is real');
    const plain = chooseMove(state, { depth: 5, seed: 1, extendThreats: false });
    assert.deepEqual(plain.move, { kind: 'place', x: 10, y: 2 }, 'without extensions it falls in');
    const extended = chooseMove(state, { depth: 5, seed: 1, extendThreats: true });
    assert.ok(extended.move.kind === 'place');
    if (extended.move.kind === 'place')
      assert.ok(!forcesWin(after(state, extended.move.x, extended.move.y), 5), 'it lets a win in 5 through');
  });

  it('keeps its deepest results in a table far smaller than the search, so a search met again is cheap', () => {
    // The position two plies on, or after a repeated request, is met again with the table a deep
    // search filled; its many shallow nodes must not have pushed the results near the root out.
    const [state] = [...randomPositions(11, 1, 40)];
    assert.ok(state);
    const searcher = new Searcher(10);
    const first = searcher.searchCells(state.cells, state.colourIndex, { depth: 7, seed: 1 });
    const firstNodes = searcher.nodes;
    const again = searcher.searchCells(state.cells, state.colourIndex, { depth: 7, seed: 1 });
    assert.equal(again.cell, first.cell);
    assert.ok(firstNodes > 1024 * 8, `the search (${firstNodes} nodes) is much larger than the table`);
    assert.ok(
      searcher.nodes * 20 < firstNodes,
      `searched again with ${searcher.nodes} nodes after ${firstNodes}: the table lost the deep results`,
    );
  });

  it('never plays an illegal move, whatever the position and seed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { maxLength: 100 }),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        (choices, seed, depth) => {
          let state = roundState(OPTIONS, 1 + (seed % 6), [0, 0]);
          for (const c of choices) {
            if (state.roundResult !== null) break;
            const legal = legalPlacements(state);
            const { x, y } = legal[c % legal.length] as { x: number; y: number };
            state = after(state, x, y);
          }
          if (state.roundResult !== null) return;
          const found = chooseMove(state, { depth, seed });
          assert.ok(play(state, found.move).ok);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is deterministic for a seed at a fixed depth, and stops when time is up', () => {
    const positions = [...randomPositions(3, 2, 9)].slice(0, 6);
    for (const state of positions) {
      const a = chooseMove(state, { depth: 3, seed: 42 });
      const b = chooseMove(state, { depth: 3, seed: 42 }, new Searcher(12));
      assert.deepEqual(a.move, b.move);
      assert.equal(a.score, b.score);
      // A budget already spent still returns a legal move from the first iteration.
      const hurried = chooseMove(state, { depth: 30, seed: 42, timeUp: () => true });
      assert.ok(play(state, hurried.move).ok);
      assert.equal(hurried.depth, 1);
      // Time up during the second: it is finished (minDepth 2, the default) or cut short.
      const upSoon = () => {
        let calls = 0;
        return () => ++calls > 1;
      };
      assert.equal(chooseMove(state, { depth: 30, seed: 42, timeUp: upSoon() }).depth, 2);
      assert.equal(chooseMove(state, { depth: 30, seed: 42, timeUp: upSoon(), minDepth: 1 }).depth, 1);
    }
  });

  it('with contempt, steers away from a forced stalemate when a line that keeps playing is not lost', () => {
    // Four empty cells. Red at (2,5) threatens a line, so every reply is looked at one ply
    // further and the board fills up: a stalemate (score 0 without contempt). Red at (13,7) leads
    // to a quiet position the evaluation calls slightly worse (−47) but still open.
    const rows = [
      'fecbecbegceebfcb',
      'bfdbbfcdcfbececc',
      'gdfebbdbcceegebf',
      'f.dcgfbfgbdffbee',
      'dd.dceecedfdgbee',
      'cb.ggbgcbegbdgcd',
      'cdbfccgbfdegfecf',
      'ggebcfcdfedfb.fd',
      'fffbcgfefedfcdfb',
      'gddfecggbcdcbgbb',
      'dffefdeedgbfgbgg',
      'eegcefebfecegdce',
      'ddcbbbfeeebggfgc',
      'dcccfcfdcecdebde',
      'gdecfffeegfgbedd',
      'defccbecfefddbgb',
    ];
    const state = redToMove(rows);
    const pick = (contempt: number) => chooseMove(state, { depth: 3, seed: 1, contempt });
    // Without contempt (and with little) the stalemate is taken; its score is exactly −contempt.
    assert.deepEqual(pick(0).move, { kind: 'place', x: 2, y: 5 });
    assert.equal(pick(0).score, 0);
    assert.deepEqual(pick(30).move, { kind: 'place', x: 2, y: 5 });
    assert.equal(pick(30).score, -30);
    // When a stalemate costs more than the open line, the open line is played.
    for (const contempt of [50, 100, 1000]) {
      const found = pick(contempt);
      assert.deepEqual(found.move, { kind: 'place', x: 13, y: 7 });
      assert.equal(found.score, -47);
      assert.equal(found.winIn, null);
    }
  });

  it('has a level table where level 2 searches as deep as the original default', () => {
    assert.equal(LEVELS[2]?.depth, 3);
    for (let k = 1; k < LEVELS.length; k++) assert.ok((LEVELS[k]?.depth ?? 0) >= (LEVELS[k - 1]?.depth ?? 0));
  });

  it('says next between rounds', () => {
    const state = { ...roundState({ rounds: 2, computer: [null, 2] }, 1, [1, 0]), roundResult: 1 as const };
    assert.deepEqual(chooseMove(state).move, { kind: 'next' });
  });
});
