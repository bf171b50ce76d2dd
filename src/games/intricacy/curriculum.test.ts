import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { replay } from '../game.ts';
import { type CurriculumLock, curriculumLabel, INITIATION, TUTORIAL } from './curriculum.ts';
import { intricacy } from './game.ts';
import type { Lock } from './lock.ts';
import { compile } from './mechanism.ts';
import { ALL_MOVES, formatToolMove } from './notation.ts';
import { Physics, type ToolMove } from './physics.ts';
import { solve } from './solver.ts';
import { collectionLock as load, moveList as moves } from './test-fixtures.ts';
import { lockProblems } from './validity.ts';

const LOCKS = join(import.meta.dirname, '../../../locks');

/** The lock files of a folder, as curriculum names, in file-name order. */
const onDisk = (folder: string): string[] =>
  readdirSync(join(LOCKS, folder))
    .filter((f) => f.endsWith('.lock'))
    .sort()
    .map((f) => `${folder}/${f.slice(0, -'.lock'.length)}`);

/** Every curriculum lock is valid, and a shortest solution has exactly the recorded length. */
function checkSolved(course: readonly CurriculumLock[]): void {
  for (const entry of course) {
    const lock = load(entry.name);
    assert.deepEqual(lockProblems(lock), [], entry.name);
    const result = solve(lock);
    assert.equal(result.kind, 'solved', entry.name);
    if (result.kind !== 'solved') continue;
    assert.equal(result.moves.length, entry.shortest, `${entry.name}: shortest solution length`);
    const opened = replay(intricacy, lock, 0, result.moves.map(formatToolMove));
    assert.ok(opened.ok && opened.value.opened, `${entry.name}: the solution opens it by replay`);
  }
}

/**
 * Whether the lock can be opened using only `moves`: a breadth-first search over every state
 * they reach (for the small tutorial locks, where that is cheap).
 */
function openableWith(lock: Lock, moves: readonly ToolMove[]): boolean {
  const { mechanism, config } = compile(lock);
  const physics = new Physics(mechanism);
  physics.annotate = false;
  const seen = new Set([config.join()]);
  const queue = [config];
  for (let i = 0; i < queue.length; i++) {
    for (const move of moves) {
      const next = Int32Array.from(queue[i] as Int32Array);
      if (physics.turn(next, move)) return true;
      const key = next.join();
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return false;
}

describe('curriculum', () => {
  it('lists exactly the lock files of locks/tutorial and locks/initiation, in order', () => {
    assert.deepEqual(
      TUTORIAL.map((l) => l.name),
      onDisk('tutorial'),
    );
    assert.deepEqual(
      INITIATION.map((l) => l.name),
      onDisk('initiation'),
    );
    assert.ok(TUTORIAL.length >= 10, 'at least 10 tutorial locks');
    assert.ok(INITIATION.length >= 12, 'at least 12 initiation locks');
    for (const l of INITIATION) assert.match(l.name, /^initiation\/[A-Z]{3}$/, 'a 3-letter name');
    for (const l of [...TUTORIAL, ...INITIATION]) {
      assert.ok(l.title.length > 0 && l.intro.length > 20, `${l.name} has a title and a teaching text`);
    }
  });

  it('names initiation locks to players by their 3-letter names, tutorial locks by title', () => {
    assert.equal(curriculumLabel(TUTORIAL[0] as CurriculumLock), 'Winning');
    for (const l of INITIATION) assert.match(curriculumLabel(l), new RegExp(`^[A-Z]{3}: ${l.title}$`));
  });

  it('the tutorial teaches in the original order', () => {
    const topics = TUTORIAL.map((l) => l.name.replace(/^tutorial\/\d+-/, ''));
    assert.deepEqual(topics, [
      'winning',
      'tools',
      'waiting',
      'wrench',
      'hook',
      'blocking',
      'balls',
      'traps',
      'springs',
      'pivots',
      'conflicts',
    ]);
  });

  it('solves every tutorial lock in exactly its recorded number of turns', () => {
    checkSolved(TUTORIAL);
  });

  it('solves every initiation lock in exactly its recorded number of turns', () => {
    checkSolved(INITIATION);
  });

  it('initiation locks are harder than tutorial locks', () => {
    const hardestTutorial = Math.max(...TUTORIAL.map((l) => l.shortest));
    const average = (c: readonly CurriculumLock[]) => c.reduce((s, l) => s + l.shortest, 0) / c.length;
    assert.ok(average(INITIATION) > average(TUTORIAL));
    assert.ok(INITIATION.filter((l) => l.shortest >= hardestTutorial).length >= INITIATION.length / 2);
  });

  it('each tutorial lock needs what it teaches', () => {
    const noWrench = ALL_MOVES.filter((m) => m.tool !== 'wrench');
    for (const name of ['tutorial/02-tools', 'tutorial/06-blocking', 'tutorial/08-traps'])
      assert.equal(openableWith(load(name), noWrench), false, `${name} needs the wrench`);
    const noTurn = ALL_MOVES.filter((m) => !('turn' in m));
    assert.equal(
      openableWith(load('tutorial/10-pivots'), noTurn),
      false,
      'the pivot lock needs the hook turned',
    );
    // Waiting: the springs finish the job after the hook steps back.
    const waiting = solve(load('tutorial/03-waiting'));
    assert.ok(waiting.kind === 'solved' && waiting.moves.at(-1)?.tool === 'wait');
    // A trap: four turns push the ball into the hole beside the bolt, and no way out remains.
    const trapped = replay(
      intricacy,
      load('tutorial/08-traps'),
      0,
      moves('hE hE hSE hNE').map(formatToolMove),
    );
    assert.ok(trapped.ok);
    if (trapped.ok) assert.equal(solve(trapped.value.lock).kind, 'unsolvable');
  });
});
