import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BOLT,
  current,
  type Lock,
  type Piece,
  pieceCells,
  playMoves,
  startPicking,
} from '../../games/intricacy/index.ts';
import { collectionLock, moveList as moves } from '../../games/intricacy/test-fixtures.ts';
import { afterPhaseOne, betweenPhases, samePlaces } from './phases.ts';

// The hanging lock: the bolt hangs on a spring from block A.
const lock = collectionLock('tutorial/05-hook');

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

describe('which turns show their phases', () => {
  it('pauses between the phases when phase 2 moves something, and not otherwise', () => {
    const p = playMoves(startPicking(lock), moves('hE hE hNE hNE hNE h+')).picking;
    const before = current(p).lock;
    const after = current(playMoves(p, moves('hW')).picking).lock;
    assert.ok(betweenPhases(before, { tool: 'hook', dir: 3 }, after));
    assert.equal(betweenPhases(lock, { tool: 'wait' }, lock), null);
  });
});
