import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replay } from '../game.ts';
import { criticise, easyLockQuestion, verdictText } from './critic.ts';
import { INITIATION, TUTORIAL } from './curriculum.ts';
import { intricacy } from './game.ts';
import { type Lock, standardLock } from './lock.ts';
import { compile } from './mechanism.ts';
import { ALL_MOVES, formatToolMove } from './notation.ts';
import { Physics, type ToolMove } from './physics.ts';
import { solve } from './solver.ts';
import { collectionLock } from './test-fixtures.ts';

/**
 * The distinct sequences of positions of `length` turns that open `lock` at the last turn, found
 * the slow way: every sequence of moves played out, positions written down, duplicates dropped.
 */
function openingPositionSequences(lock: Lock, length: number): Set<string> {
  const { mechanism, config } = compile(lock);
  const physics = new Physics(mechanism);
  physics.annotate = false;
  const found = new Set<string>();
  const walk = (from: Int32Array, trail: string, left: number) => {
    const seen = new Set<string>();
    for (const move of ALL_MOVES) {
      const next = Int32Array.from(from);
      const open = physics.turn(next, move as ToolMove);
      const key = next.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      if (left === 1) {
        if (open) found.add(`${trail}|${key}`);
      } else if (!open) walk(next, `${trail}|${key}`, left - 1);
    }
  };
  walk(config, '', length);
  return found;
}

describe('the lock critic', () => {
  it('agrees with the solver on every tutorial and initiation lock, and its solution opens the lock', () => {
    const names = [...TUTORIAL, ...INITIATION].map((l) => l.name);
    assert.equal(names.length, 25);
    for (const name of names) {
      const lock = collectionLock(name);
      const solver = solve(lock, { maxMoves: 1000, maxStates: 2_000_000 });
      const verdict = criticise(lock);
      assert.equal(solver.kind, 'solved', name);
      assert.equal(verdict.kind, 'opens', name);
      if (solver.kind !== 'solved' || verdict.kind !== 'opens') continue;
      assert.equal(verdict.moves.length, solver.moves.length, `${name}: shortest length`);
      assert.equal(verdict.states, solver.states, `${name}: states explored`);
      assert.ok(verdict.solutions >= 1, name);
      const opened = replay(intricacy, lock, 0, verdict.moves.map(formatToolMove));
      assert.ok(opened.ok && opened.value.opened, `${name}: the critic's solution opens the lock`);
    }
  });

  it('counts distinct shortest solutions as the position sequences found by playing every move sequence', () => {
    let several = 0;
    for (const name of ['tutorial/11-conflicts', 'tutorial/03-waiting', 'tutorial/09-springs']) {
      const lock = collectionLock(name);
      const verdict = criticise(lock);
      assert.equal(verdict.kind, 'opens', name);
      if (verdict.kind !== 'opens') continue;
      const expected = openingPositionSequences(lock, verdict.moves.length).size;
      assert.equal(verdict.solutions, expected, name);
      assert.equal(verdict.atLeast, false);
      if (expected > 1) several++;
    }
    assert.ok(several >= 1, 'at least one of these locks has several shortest solutions');
  });

  it('says "at least" when the count reaches its cap', () => {
    const lock = collectionLock('tutorial/03-waiting');
    const full = solve(lock, { countUpTo: 1e9 });
    const capped = solve(lock, { countUpTo: 2 });
    assert.ok(full.kind === 'solved' && (full.solutions ?? 0) > 2, 'the lock has more than two');
    assert.ok(capped.kind === 'solved');
    assert.deepEqual([capped.solutions, capped.solutionsCut], [2, true]);
    assert.equal(capped.moves.length, full.moves.length);
  });

  it('finds no solution within bounds, and proves a lock that can never open', () => {
    const lock = collectionLock('tutorial/04-wrench');
    const bounded = criticise(lock, { maxMoves: 5 });
    assert.deepEqual(bounded.kind === 'unknown' && [bounded.limit, bounded.depth], ['moves', 5]);
    assert.match(verdictText(bounded), /^Does not open in 5 moves or fewer: .*move limit/);
    const never = criticise(standardLock(2));
    assert.equal(never.kind, 'never');
    assert.match(verdictText(never), /^Never opens: all \d+ reachable states explored/);
    assert.equal(easyLockQuestion(never), null);
  });

  it('asks before placing an easy lock, not a hard one', () => {
    const easy = criticise(collectionLock('tutorial/11-conflicts'));
    assert.match(easyLockQuestion(easy) ?? '', /^This lock opens in 3 moves .*Place it anyway\?$/);
    assert.equal(easyLockQuestion(criticise(collectionLock('initiation/AXE'))), null);
  });
});
