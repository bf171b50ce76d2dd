import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  BOLT,
  type Lock,
  type Piece,
  parseLockText,
  parseMoveList,
  pieceCells,
} from '../../games/intricacy/index.ts';
import { actionOfKey, bindKey, DEFAULT_KEYS, readKeyMap, unbindKey } from './keymap.ts';
import { afterPhaseOne, samePlaces } from './phases.ts';
import { current, goTo, playMoves, solution, startPicking } from './picking.ts';

// The hanging lock: the bolt hangs on a spring from block A.
const HANGING = readFileSync(new URL('../../../locks/tutorial/05-hook.lock', import.meta.url), 'utf8');
const lock = (() => {
  const r = parseLockText(HANGING);
  assert.ok(r.ok);
  return r.value;
})();
const moves = (text: string) => {
  const r = parseMoveList(text);
  assert.ok(r.ok);
  return r.value;
};

describe('picking history', () => {
  it('records the solution, and undo keeps the future for redo until a new move', () => {
    let p = playMoves(startPicking(lock), moves('hE hE hNE hNE hNE h+ hW')).picking;
    assert.equal(current(p).opened, true);
    assert.equal(solution(p)?.length, 7);
    p = goTo(p, 3);
    assert.equal(solution(p), null);
    assert.equal(p.states.length, 8);
    p = playMoves(p, moves('.')).picking;
    assert.equal(p.states.length, 5, 'a new move drops the redo history');
  });
});

describe('the two phases of a turn', () => {
  it('shows block A pulled west before the spring pulls the bolt after it', () => {
    const p = playMoves(startPicking(lock), moves('hE hE hNE hNE hNE h+')).picking;
    const before = current(p).lock;
    const between = afterPhaseOne(before, { tool: 'hook', dir: 3 }) as Lock;
    const after = playMoves(p, moves('hW')).picking;
    assert.ok(between, 'the springs act in phase 2');
    assert.deepEqual(pieceCells(between.pieces[BOLT] as Piece), pieceCells(before.pieces[BOLT] as Piece));
    assert.ok(!samePlaces(between, before), 'phase 1 moved block A');
    assert.ok(!samePlaces(between, current(after).lock), 'phase 2 moved the bolt');
  });

  it('has nothing to show when no spring acts', () => {
    assert.equal(afterPhaseOne(lock, { tool: 'wait' }), null);
  });
});

describe('key bindings', () => {
  it("defaults to the original's keys; rebinding moves a key from one action to another", () => {
    assert.equal(actionOfKey(DEFAULT_KEYS, 'l'), 'hookE');
    assert.equal(actionOfKey(DEFAULT_KEYS, 'L'), 'wrenchE');
    assert.equal(actionOfKey(DEFAULT_KEYS, '5'), 'wait');
    const moved = bindKey(DEFAULT_KEYS, 'undo', 'l');
    assert.equal(actionOfKey(moved, 'l'), 'undo');
    assert.deepEqual(moved.hookE, []);
    assert.equal(actionOfKey(unbindKey(moved, 'undo', 'l'), 'l'), undefined);
  });

  it('reads stored bindings leniently: unknown or broken entries fall back to the defaults', () => {
    const map = readKeyMap({ hookE: ['d'], redo: 'x', nonsense: ['q'] });
    assert.deepEqual(map.hookE, ['d']);
    assert.deepEqual(map.redo, DEFAULT_KEYS.redo);
    assert.deepEqual(readKeyMap(null), DEFAULT_KEYS);
  });
});
