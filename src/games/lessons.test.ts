import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CELLS, cellX, cellY } from './atom4/index.ts';
import { COURSES, isKnownLesson } from './courses.ts';
import type { AnyGame } from './game.ts';
import {
  firstLessonToDo,
  isLessonId,
  judgeLessonMove,
  judgeLessonText,
  lessonPosition,
  readLessonProgress,
  withLessonDone,
} from './lesson.ts';
import {
  CELL_COUNT,
  cellsOf,
  countKinds,
  EMPTY,
  type SigmarState,
  STANDARD_COUNTS,
  solve,
} from './sigmar/index.ts';
import { geometry, type WarpWeftState } from './warpweft/index.ts';

/** Every move a player could try in a position, legal or not. */
function attempts(id: string, game: AnyGame, state: unknown): unknown[] {
  const legal = game.legalMoves(state);
  if (id === 'atom4')
    return Array.from({ length: CELLS }, (_, i) => ({ kind: 'place', x: cellX(i), y: cellY(i) }));
  if (id === 'warpweft') {
    const pieces = geometry((state as WarpWeftState).options.size).board.pieces.map((p) => ({
      kind: 'place',
      piece: p.id,
    }));
    return [
      ...pieces,
      { kind: 'switch', to: 'threads' },
      { kind: 'switch', to: 'patches' },
      { kind: 'swap' },
    ];
  }
  const cells = cellsOf(state as SigmarState);
  const marbles = Array.from({ length: CELL_COUNT }, (_, c) => c).filter((c) => cells[c] !== EMPTY);
  const pairs = marbles.flatMap((a, i) =>
    marbles.slice(i + 1).map((b) => ({ kind: 'remove', cells: [a, b] })),
  );
  return [...legal, ...pairs, ...marbles.map((c) => ({ kind: 'remove', cells: [c] }))];
}

const position = (gameId: string, index: number) => {
  const course = COURSES[gameId];
  assert.ok(course);
  const lesson = course.lessons[index];
  assert.ok(lesson);
  const state = lessonPosition(course.game, lesson);
  assert.ok(state.ok);
  return { game: course.game, lesson, state: state.value };
};

const lessonAt = (lessonId: string) => {
  const [gameId] = lessonId.split('/');
  const index = COURSES[gameId as string]?.lessons.findIndex((l) => l.id === lessonId) ?? -1;
  assert.ok(index >= 0, lessonId);
  return position(gameId as string, index);
};

for (const [gameId, course] of Object.entries(COURSES)) {
  describe(`${course.game.title}'s lessons`, () => {
    it('has four to six lessons with distinct well-formed ids of this game', () => {
      assert.ok(course.lessons.length >= 4 && course.lessons.length <= 6);
      const ids = course.lessons.map((l) => l.id);
      assert.equal(new Set(ids).size, ids.length);
      for (const id of ids) {
        assert.ok(isLessonId(id) && id.startsWith(`${gameId}/`) && isKnownLesson(id), id);
      }
    });

    for (const [index, lesson] of course.lessons.entries()) {
      describe(lesson.title, () => {
        it('sets a position the rules reach, with the game still being played', () => {
          const { state } = position(gameId, index);
          assert.equal(course.game.outcome(state), undefined);
          assert.notEqual(course.game.toMove(state), undefined);
        });

        it('can be met by a legal move, and every move meeting it is accepted', () => {
          const { game, state } = position(gameId, index);
          const met = game
            .legalMoves(state)
            .filter((m: unknown) => judgeLessonMove(game, lesson, state, m).kind === 'met');
          assert.ok(met.length > 0, 'no legal move meets the aim');
          for (const m of met) {
            const verdict = judgeLessonMove(game, lesson, state, m);
            assert.equal(verdict.kind, 'met');
            assert.equal(verdict.kind === 'met' && verdict.message, lesson.praise);
          }
        });

        it('is missed by some move, and says why in a sentence', () => {
          const { game, state } = position(gameId, index);
          const wrong = attempts(gameId, game, state)
            .map((m) => judgeLessonMove(game, lesson, state, m))
            .filter((v) => v.kind === 'wrong');
          assert.ok(wrong.length > 0, 'every move meets the aim');
          for (const v of wrong) assert.match(v.message, /^[A-Z].{10,}[.?]$/);
        });
      });
    }
  });
}

describe('the positions of the lessons', () => {
  it("Sigmar's gardens hold no more of a marble than a full board and can be cleared", () => {
    for (const [index] of COURSES.sigmar?.lessons.entries() ?? []) {
      const { state } = position('sigmar', index);
      const counts = countKinds(cellsOf(state));
      for (let k = 1; k < counts.length; k++)
        assert.ok((counts[k] as number) <= (STANDARD_COUNTS[k] as number));
      assert.equal(solve(cellsOf(state)).status, 'solvable');
    }
  });
});

describe('what a wrong move is told', () => {
  it('Atom-4: a point that completes no triangle is refused by the rule', () => {
    const { game, lesson, state } = lessonAt('atom4/placing');
    const v = judgeLessonText(game, lesson, state, '3,3');
    assert.deepEqual(v, {
      kind: 'wrong',
      message: "You can't put a marble there: (3,3) does not touch two pieces that touch each other.",
    });
    assert.equal(judgeLessonText(game, lesson, state, '8,6').kind, 'met');
    assert.equal(judgeLessonText(game, lesson, state, '8,8').kind, 'met');
  });

  it('Atom-4: a legal piece that mixes nothing is told what it changed', () => {
    const { game, lesson, state } = lessonAt('atom4/mixing');
    const v = judgeLessonText(game, lesson, state, '7,6');
    assert.equal(v.kind, 'wrong');
    assert.match(v.message, /touched no piece it could change/);
    const met = judgeLessonText(game, lesson, state, '9,8');
    assert.equal(met.kind, 'met');
  });

  it('Atom-4: a move that does not block names the winning reply', () => {
    const { game, lesson, state } = lessonAt('atom4/blocking');
    const v = judgeLessonText(game, lesson, state, '9,2');
    assert.equal(v.kind, 'wrong');
    assert.match(v.message, /player 2 wins by playing (6,9|8,10)/);
    for (const block of ['5,6', '5,7', '6,9', '8,10'])
      assert.equal(judgeLessonText(game, lesson, state, block).kind, 'met', block);
  });

  it('Warp and Weft: the wrong direction of thread, and a patch that joins nothing', () => {
    const threads = lessonAt('warpweft/threads');
    const v = judgeLessonText(threads.game, threads.lesson, threads.state, 'C7');
    assert.equal(v.kind, 'wrong');
    assert.match(v.message, /horizontal thread and Warp \(Vert\) claims only vertical threads/);
    const patches = lessonAt('warpweft/patches');
    const miss = judgeLessonText(patches.game, patches.lesson, patches.state, 'D4');
    assert.equal(miss.kind, 'wrong');
    assert.match(miss.message, /you claimed D4, but your threads A7 and C5 are still apart/);
    assert.equal(judgeLessonText(patches.game, patches.lesson, patches.state, 'B6').kind, 'met');
  });

  it('Sigmar: a blocked marble, salt spent on the wrong element, a metal out of order', () => {
    const free = lessonAt('sigmar/free');
    assert.match(judgeLessonText(free.game, free.lesson, free.state, 'F6 G5').message, /F6 is not free/);
    assert.match(
      judgeLessonText(free.game, free.lesson, free.state, 'E5 F5').message,
      /earth at E5 and earth at F5, but the middle air/,
    );
    const salt = lessonAt('sigmar/salt');
    assert.match(judgeLessonText(salt.game, salt.lesson, salt.state, 'E7 G4').message, /fire is still there/);
    const metals = lessonAt('sigmar/metals');
    assert.match(
      judgeLessonText(metals.game, metals.lesson, metals.state, 'D4 D6').message,
      /Mercury takes only the lowest metal/,
    );
    assert.equal(judgeLessonText(metals.game, metals.lesson, metals.state, 'F3 F8').kind, 'met');
  });

  it('a move that is not notation at all is told how to write one', () => {
    const { game, lesson, state } = lessonAt('atom4/placing');
    assert.match(judgeLessonText(game, lesson, state, 'banana').message, /^"banana" is not|^[A-Z]/);
  });
});

describe('lesson progress', () => {
  it('keeps well-formed ids once each, and starts at the first lesson not done', () => {
    assert.deepEqual(readLessonProgress(['atom4/mixing', 'atom4/mixing', 7, '../etc', 'x']), [
      'atom4/mixing',
    ]);
    assert.deepEqual(readLessonProgress({ a: 1 }), []);
    const lessons = COURSES.atom4?.lessons ?? [];
    assert.equal(firstLessonToDo(lessons, []), 0);
    assert.equal(firstLessonToDo(lessons, withLessonDone(['atom4/placing'], 'atom4/placing')), 1);
    assert.equal(
      firstLessonToDo(
        lessons,
        lessons.map((l) => l.id),
      ),
      0,
    );
  });
});
