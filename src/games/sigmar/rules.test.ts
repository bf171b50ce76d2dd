import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { playText, replay } from '../game.ts';
import { CELL_COUNT, KIND_COUNT, KIND_LETTERS, LEAD, parseCell } from './board.ts';
import { sigmar } from './index.ts';
import { reacts } from './reactions.ts';
import { canUndo, type SigmarState } from './rules.ts';

/** A board with the given marbles, e.g. { A1: 'f', K6: 's' }. */
function boardOf(marbles: Record<string, string>): string {
  const cells = new Array<string>(CELL_COUNT).fill('_');
  for (const [name, letter] of Object.entries(marbles)) {
    const c = parseCell(name);
    assert.ok(c.ok);
    cells[c.value] = letter;
  }
  return cells.join('');
}

function start(marbles: Record<string, string>): SigmarState {
  const options = sigmar.parseOptions({ board: boardOf(marbles) });
  assert.ok(options.ok, options.ok ? '' : options.error);
  return sigmar.setup(options.value, 0);
}

function playAll(state: SigmarState, ...moves: string[]): SigmarState {
  for (const m of moves) {
    const next = playText(sigmar, state, m);
    assert.ok(next.ok, `${m}: ${next.ok ? '' : next.error}`);
    state = next.value;
  }
  return state;
}

function refused(state: SigmarState, move: string, why: RegExp): void {
  const next = playText(sigmar, state, move);
  assert.equal(next.ok, false, `${move} should be refused`);
  assert.match((next as { error: string }).error, why);
}

describe('reactions', () => {
  const letter = (k: number) => KIND_LETTERS[k] as string;
  const expected = (a: string, b: string): boolean => {
    const pair = [a, b].sort().join('');
    const elements = 'awfe';
    if (pair === 'mv') return true;
    if (elements.includes(a) && a === b) return true;
    if ((elements.includes(a) || a === 's') && (elements.includes(b) || b === 's'))
      return a === 's' || b === 's';
    return pair === '0q'; // mercury with lead, the lowest metal here
  };
  it('pairs exactly as the rules say, with lead the lowest metal', () => {
    for (let a = 1; a < KIND_COUNT; a++) {
      for (let b = 1; b < KIND_COUNT; b++) {
        assert.equal(reacts(a, b, LEAD), expected(letter(a), letter(b)), `${letter(a)} with ${letter(b)}`);
      }
    }
  });
  it('plays every kind of pair on a board', () => {
    for (const [x, y] of ['vm', 'aa', 'ww', 'ff', 'ee', 'as', 'ws', 'fs', 'es', 'ss']) {
      const s = playAll(start({ A1: x as string, K6: y as string }), 'A1 K6');
      assert.equal(sigmar.outcome(s)?.kind, 'win');
    }
  });
  it('refuses pairs that do not react', () => {
    refused(start({ A1: 'f', K6: 'w' }), 'A1 K6', /do not react/);
    refused(start({ A1: 'v', K6: 'v' }), 'A1 K6', /do not react/);
    refused(start({ A1: 'q', K6: 'q', F1: '0', F11: 'q' }), 'A1 K6', /do not react/);
  });
});

describe('metals', () => {
  it('takes them in order lead, tin, iron, copper, silver, then gold alone', () => {
    let s = start({ A1: 'q', A6: '1', F1: '0', F11: 'q', K1: 'q', K6: '2', F6: '5' });
    refused(s, 'A1 A6', /lowest metal/);
    refused(s, 'F6', /after every other metal/);
    s = playAll(s, 'A1 F1');
    refused(s, 'K1 K6', /lowest metal/);
    s = playAll(s, 'K1 A6', 'F11 K6');
    s = playAll(s, 'F6');
    assert.equal(sigmar.outcome(s)?.kind, 'win');
  });
  it('removes gold only alone', () => {
    refused(start({ F6: '5', A1: 'q' }), 'F6 A1', /gold is removed alone/);
    refused(start({ F6: '5', A1: 'f' }), 'A1', /only gold/);
  });
});

describe('moves', () => {
  it('refuses a blocked marble and names it', () => {
    // A2 sits between A1 and A3 on the top edge: two runs of two open sides, not three.
    refused(start({ A1: 'f', A2: 'f', A3: 'f', K6: 'f' }), 'A2 K6', /A2 is not free/);
  });
  it('refuses empty cells', () => {
    refused(start({ A1: 'f', K6: 'f' }), 'A1 K5', /K5 is empty/);
  });
  it('offers every legal removal', () => {
    const s = start({ A1: 'f', A6: 's', K1: 'f', K6: 'w' });
    const moves = sigmar.legalMoves(s).map((m) => sigmar.formatMove(m, s));
    assert.deepEqual(moves.sort(), ['A1+A6', 'A1+K1', 'A6+K1', 'A6+K6'].sort());
  });
});

describe('the end, undo and try again', () => {
  const marbles = { A1: 'f', A6: 'f', K1: 'w', K6: 'e' };
  it('is lost when no move remains', () => {
    const s = playAll(start(marbles), 'A1 A6');
    assert.equal(sigmar.outcome(s)?.kind, 'loss');
    assert.equal(sigmar.toMove(s), undefined);
  });
  it('undoes without limit, even after a loss, and tries again from the start', () => {
    const first = start({ A1: 'f', A6: 'f', K1: 'w', K6: 'w', F1: 'a', F11: 'a' });
    let s = playAll(first, 'A1 A6', 'K1 K6', 'F1 F11');
    assert.equal(sigmar.outcome(s)?.kind, 'win');
    s = playAll(s, 'undo', 'undo', 'undo');
    assert.equal(s.board, first.board);
    refused(s, 'undo', /nothing to undo/);
    refused(s, 'retry', /already at its start/);
    s = playAll(s, 'K1 K6', 'retry');
    assert.equal(s.board, first.board);
    refused(s, 'retry', /already at its start/);
    const lost = playAll(start(marbles), 'A1 A6');
    assert.equal(sigmar.outcome(playAll(lost, 'undo')), undefined);
  });
  it('takes back a try again with undo, after the removals made since', () => {
    const first = start({ A1: 'f', A6: 'f', K1: 'w', K6: 'w', F1: 'a', F11: 'a' });
    const before = playAll(first, 'A1 A6', 'K1 K6');
    let s = playAll(before, 'retry', 'F1 F11', 'retry');
    assert.ok(canUndo(s));
    s = playAll(s, 'undo');
    assert.equal(s.board, playAll(first, 'F1 F11').board, 'the second try again is taken back');
    s = playAll(s, 'undo', 'undo');
    assert.equal(s.board, before.board, 'then the first, with both removals back off the board');
    assert.deepEqual(s.removed, before.removed);
    s = playAll(s, 'undo', 'undo');
    assert.equal(s.board, first.board);
    assert.equal(canUndo(s), false);
    refused(s, 'undo', /nothing to undo/);
  });
  it('replays a history of removals, undos and retries to the same state', () => {
    const options = sigmar.parseOptions({});
    assert.ok(options.ok);
    let s = sigmar.setup(options.value, 42);
    const history: string[] = [];
    for (let i = 0; i < 6; i++) {
      const move = sigmar.legalMoves(s)[0];
      if (!move) break;
      history.push(sigmar.formatMove(move, s));
      s = playAll(s, history.at(-1) as string);
    }
    history.push('undo', 'undo', 'retry');
    s = playAll(s, 'undo', 'undo', 'retry');
    const rebuilt = replay(sigmar, options.value, 42, history);
    assert.ok(rebuilt.ok);
    assert.deepEqual(rebuilt.value, s);
    assert.equal(s.board, s.start);
  });
});

describe('notation', () => {
  const s = start({ A1: 'f', K6: 'f' });
  it('reads cells in any order, case and separator', () => {
    for (const text of ['A1 K6', 'k6 a1', 'a1+k6', 'A1,K6', 'a1-k6']) {
      const m = sigmar.parseMove(text, s);
      assert.ok(m.ok, text);
      assert.equal(sigmar.formatMove(m.value, s), 'A1+K6');
    }
  });
  it('reads undo, retry and gold alone', () => {
    assert.deepEqual(sigmar.parseMove('undo', s), { ok: true, value: { kind: 'undo' } });
    assert.deepEqual(sigmar.parseMove('try again', s), { ok: true, value: { kind: 'retry' } });
    assert.deepEqual(sigmar.parseMove('F6', s), { ok: true, value: { kind: 'remove', cells: [45] } });
  });
  it('explains what it cannot read', () => {
    assert.match((sigmar.parseMove('A1 B2 C3', s) as { error: string }).error, /not a move/);
    assert.match((sigmar.parseMove('Z9', s) as { error: string }).error, /not a cell/);
    assert.match((sigmar.parseMove('A1 A1', s) as { error: string }).error, /two different cells/);
  });
});

describe('options and setup', () => {
  it('names what is wrong with options', () => {
    const err = (input: unknown) => {
      const r = sigmar.parseOptions(input);
      assert.equal(r.ok, false);
      return (r as { error: string }).error;
    };
    assert.match(err({ size: 3 }), /unknown option size/);
    assert.match(err({ template: 'blob' }), /unknown template "blob": choose one of/);
    assert.match(err({ difficulty: 'brutal' }), /difficulty must be one of easy, normal, hard/);
    assert.match(err({ board: 'abc' }), /91 characters/);
    assert.match(err({ board: '_'.repeat(91) }), /at least one marble/);
  });
  it('deals the same board for the same seed and another for another seed', () => {
    const options = sigmar.parseOptions({ template: 'star' });
    assert.ok(options.ok);
    const a = sigmar.setup(options.value, 7);
    assert.deepEqual(sigmar.setup(options.value, 7), a);
    assert.notEqual(sigmar.setup(options.value, 8).start, a.start);
    assert.equal(a.template, 'star');
  });
  it('draws the board with free marbles bracketed', () => {
    const text = sigmar.toText(start({ A1: 'f', A2: 'f', A3: 'f', K6: '5' }));
    assert.match(text, /^A +\[f\] {2}f {2}\[f\]/);
    assert.match(text, /4 marbles left, next metal: gold/);
    const dealt = sigmar.parseOptions({});
    assert.ok(dealt.ok);
    const full = sigmar.toText(sigmar.setup(dealt.value, 7));
    for (const line of full.split('\n'))
      assert.ok(line.length <= 72, `fits a 72-column mail reader: ${line}`);
  });
});

describe('properties of play', () => {
  it('undo returns the board before the move; play never changes its input; history replays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (seed, picks) => {
          const options = sigmar.parseOptions({ sloppy: true });
          assert.ok(options.ok);
          let s = sigmar.setup(options.value, seed);
          const history: string[] = [];
          for (const pick of picks) {
            const moves = sigmar.legalMoves(s);
            // Mostly removals; now and then an undo or a retry.
            const text =
              pick % 7 === 0 && s.removed.length > 0
                ? 'undo'
                : pick % 23 === 0 && s.removed.length > 0
                  ? 'retry'
                  : moves.length > 0
                    ? sigmar.formatMove(moves[pick % moves.length] as (typeof moves)[number], s)
                    : null;
            if (text === null) break;
            const before = JSON.stringify(s);
            const next = playText(sigmar, s, text);
            assert.ok(next.ok, text);
            assert.equal(JSON.stringify(s), before);
            // Undo takes back a removal or a try again alike.
            if (text !== 'undo') {
              const back = playText(sigmar, next.value, 'undo');
              assert.ok(back.ok);
              assert.equal(back.value.board, s.board);
            }
            history.push(text);
            s = next.value;
          }
          const rebuilt = replay(sigmar, options.value, seed, history);
          assert.ok(rebuilt.ok);
          assert.deepEqual(rebuilt.value, s);
        },
      ),
      { numRuns: 40 },
    );
  });
});
