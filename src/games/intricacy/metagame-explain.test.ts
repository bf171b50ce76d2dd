import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Result } from '../game.ts';
import {
  declareSolution,
  emptyWorld,
  explainScore,
  pairScore,
  placeLock,
  register,
  replayVerifier,
  type ScoreAccess,
  score,
  type World,
} from './metagame.ts';
import { collectionLock, moveList } from './test-fixtures.ts';

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const LOCK = collectionLock('tutorial/05-hook');
const SOLUTION = moveList('hE hE hNE hNE hNE h+ hW');
const place = (w: World, owner: string, slot: number) =>
  must(placeLock(w, owner, slot, LOCK, SOLUTION, replayVerifier));
const declare = (w: World, solver: string, on: number, behind: number) =>
  must(declareSolution(w, solver, on, behind, SOLUTION, replayVerifier));

/** Each access as "accessor>owner slot (cases) points", for short assertions. */
const brief = (a: ScoreAccess) =>
  `${a.accessor}>${a.owner} ${a.slot + 1} (${a.cases.join(',')}) ${a.points}${
    a.noteReadByOwner === undefined ? '' : ` read note ${a.noteReadByOwner}`
  }`;
const explained = (w: World, a: string, b: string) => {
  const e = must(explainScore(w, a, b));
  assert.equal(e.score, score(w, a, b), 'the accesses add up to the score');
  assert.equal(e.score, pairScore(w, a, b), 'and to the score table');
  return { score: e.score, accesses: e.accesses.map(brief) };
};

// The worked example of the metagame page (src/web/intricacy/metagame/MetaRules.tsx), step by step.
describe('metagame: a score explained as its accesses', () => {
  const start = ['ABC', 'XYZ'].reduce((w, n) => must(register(w, n)), emptyWorld());
  // 1. ABC places locks 0 and 1 in slots 1 and 2; XYZ places lock 2 in slot 1.
  const placed = place(place(place(start, 'ABC', 0), 'ABC', 1), 'XYZ', 0);
  // 2. XYZ picks lock 0 and declares it, the note (note 0) secured behind lock 2.
  const xyzDeclared = declare(placed, 'XYZ', 0, 2);
  // 3. ABC picks lock 2 and declares it, the note (note 1) secured behind lock 0.
  const both = declare(xyzDeclared, 'ABC', 2, 0);

  it('before any lock is placed, every empty slot is open to the other player', () => {
    assert.deepEqual(explained(start, 'ABC', 'XYZ'), {
      score: 0,
      accesses: [
        'ABC>XYZ 1 (empty) 1',
        'ABC>XYZ 2 (empty) 1',
        'ABC>XYZ 3 (empty) 1',
        'XYZ>ABC 1 (empty) -1',
        'XYZ>ABC 2 (empty) -1',
        'XYZ>ABC 3 (empty) -1',
      ],
    });
  });

  it('with locks placed and nothing solved, nobody accesses anything', () => {
    assert.deepEqual(explained(placed, 'ABC', 'XYZ'), { score: 0, accesses: [] });
  });

  it('a declared solution whose note the owner has not read is a point', () => {
    assert.deepEqual(explained(xyzDeclared, 'XYZ', 'ABC'), {
      score: 1,
      accesses: ['XYZ>ABC 1 (declared) 1'],
    });
    assert.deepEqual(explained(xyzDeclared, 'ABC', 'XYZ'), {
      score: -1,
      accesses: ['XYZ>ABC 1 (declared) -1'],
    });
  });

  it('solving back reads the note behind: both declared points are lost, the empty slots open', () => {
    assert.deepEqual(explained(both, 'ABC', 'XYZ'), {
      score: 2,
      accesses: [
        'ABC>XYZ 1 (declared) 0 read note 1',
        'ABC>XYZ 2 (empty) 1',
        'ABC>XYZ 3 (empty) 1',
        'XYZ>ABC 1 (declared) 0 read note 0',
      ],
    });
    assert.equal(explained(both, 'XYZ', 'ABC').score, -2);
  });

  it('refuses an unknown codename and a player against themselves with a sentence', () => {
    const unknown = explainScore(both, 'ABC', 'QQQ');
    assert.deepEqual(unknown, { ok: false, error: 'no player has the codename QQQ' });
    const self = explainScore(both, 'ABC', 'ABC');
    assert.equal(self.ok, false);
    assert.match(self.ok ? '' : self.error, /against themselves/);
  });
});
