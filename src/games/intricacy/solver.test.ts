import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createRng } from '../../grid/rng.ts';
import { replay } from '../game.ts';
import { intricacy } from './game.ts';
import { type Lock, standardLock } from './lock.ts';
import { compile } from './mechanism.ts';
import { ALL_MOVES, formatToolMove } from './notation.ts';
import { Physics, type ToolMove } from './physics.ts';
import { randomLock } from './random.ts';
import { solve } from './solver.ts';
import { parseLockText } from './text.ts';
import { lockProblems } from './validity.ts';

const LOCKS = join(import.meta.dirname, '../../../locks');
function load(name: string): Lock {
  const r = parseLockText(readFileSync(join(LOCKS, `${name}.lock`), 'utf8'));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('solver', () => {
  it('finds a shortest solution that opens the lock by replay', () => {
    const lock = load('tutorial/05-hook');
    const result = solve(lock);
    assert.equal(result.kind, 'solved');
    if (result.kind !== 'solved') return;
    const moves = result.moves.map(formatToolMove);
    const opened = replay(intricacy, lock, 0, moves);
    assert.ok(opened.ok && opened.value.opened, 'the solution opens the lock');
    // Shortest: one move fewer is not enough, and the search proves it.
    const shorter = solve(lock, { maxMoves: moves.length - 1 });
    assert.deepEqual(
      { kind: shorter.kind, limit: shorter.kind === 'budget' ? shorter.limit : null },
      { kind: 'budget', limit: 'moves' },
    );
    const before = replay(intricacy, lock, 0, moves.slice(0, -1));
    assert.ok(before.ok && !before.value.opened);
  });

  it('solves every example lock under locks/tutorial/, each solution opening it by replay', () => {
    const names = readdirSync(join(LOCKS, 'tutorial')).filter((f) => f.endsWith('.lock'));
    assert.ok(names.length >= 4);
    for (const name of names) {
      const lock = load(`tutorial/${name.replace('.lock', '')}`);
      assert.deepEqual(lockProblems(lock), [], name);
      const result = solve(lock);
      assert.equal(result.kind, 'solved', name);
      if (result.kind !== 'solved') continue;
      const opened = replay(intricacy, lock, 0, result.moves.map(formatToolMove));
      assert.ok(opened.ok && opened.value.opened, name);
    }
  });

  it('proves a lock with an unsprung bolt unsolvable by exhausting its states', () => {
    const result = solve(standardLock(2));
    assert.equal(result.kind, 'unsolvable');
  });

  it('stops at its state budget', () => {
    const result = solve(load('tutorial/04-wrench'), { maxStates: 500 });
    assert.equal(result.kind, 'budget');
    assert.equal(result.kind === 'budget' ? result.limit : '', 'states');
  });
});

describe('the solver engine', () => {
  // A wrong occupancy grid after revert would make later steps differ from fresh turns.
  it('steps and reverts its occupancy exactly as a fresh turn would (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.array(fc.integer({ min: 0, max: ALL_MOVES.length - 1 }), { minLength: 1, maxLength: 30 }),
        (seed, moves) => {
          const lock = randomLock(createRng(seed), { size: 5, pieces: 12, toolsInside: true });
          const { mechanism, config } = compile(lock);
          const engine = new Physics(mechanism);
          const fresh = new Physics(mechanism);
          engine.load(config);
          for (const m of moves) {
            const base = Int32Array.from(config);
            // Try every move from here and revert, as the solver does, then take the chosen one.
            for (const other of ALL_MOVES) {
              const work = Int32Array.from(base);
              engine.step(work, other);
              engine.revert(work, base);
            }
            const expected = Int32Array.from(base);
            const expectedOpen = fresh.turn(expected, ALL_MOVES[m] as ToolMove);
            assert.equal(engine.step(config, ALL_MOVES[m] as ToolMove), expectedOpen);
            assert.deepEqual(config, expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
