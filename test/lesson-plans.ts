/**
 * How a test plays each lesson of a course: a move that meets the aim and a move that misses it
 * (a legal one where there is one, else one the rules refuse), and what the lesson says of the
 * miss, all found by judging every move a player could write, as the clients do.
 */
import { cellX, cellY } from '../src/games/atom4/index.ts';
import { COURSES, judgeLessonText, lessonPosition } from '../src/games/index.ts';
import { CELL_COUNT, cellName, cellsOf, EMPTY, type SigmarState } from '../src/games/sigmar/index.ts';
import { geometry, pieceName, type WarpWeftState } from '../src/games/warpweft/index.ts';

export interface LessonPlan {
  readonly id: string;
  readonly title: string;
  readonly aim: string;
  readonly right: string;
  readonly praise: string;
  readonly wrong: string;
  /** Whether the wrong move is legal (so the board takes it and the lesson explains the miss). */
  readonly wrongIsLegal: boolean;
  readonly wrongMessage: string;
}

/** Every move a player could write in a lesson's position, in the game's notation. */
function written(gameId: string, state: unknown): string[] {
  if (gameId === 'atom4') return Array.from({ length: 256 }, (_, i) => `${cellX(i)},${cellY(i)}`);
  if (gameId === 'warpweft') {
    const { size } = (state as WarpWeftState).options;
    return [...geometry(size).board.pieces.map((p) => pieceName(p.id, size)), 'threads', 'patches', 'swap'];
  }
  const cells = cellsOf(state as SigmarState);
  const names = Array.from({ length: CELL_COUNT }, (_, c) => c)
    .filter((c) => cells[c] !== EMPTY)
    .map(cellName);
  return names.flatMap((a, i) => names.slice(i + 1).map((b) => `${a} ${b}`));
}

export function lessonPlans(gameId: string): LessonPlan[] {
  const course = COURSES[gameId];
  if (!course) throw new Error(`no course for ${gameId}`);
  return course.lessons.map((lesson) => {
    const start = lessonPosition(course.game, lesson);
    if (!start.ok) throw new Error(start.error);
    const tries = written(gameId, start.value).map((text) => {
      const move = course.game.parseMove(text, start.value);
      const legal = move.ok && course.game.play(start.value, move.value).ok;
      return { text, legal, verdict: judgeLessonText(course.game, lesson, start.value, text) };
    });
    const right = tries.find((t) => t.verdict.kind === 'met');
    const wrong =
      tries.find((t) => t.verdict.kind === 'wrong' && t.legal) ??
      tries.find((t) => t.verdict.kind === 'wrong');
    if (!right || !wrong) throw new Error(`lesson ${lesson.id} has no right or no wrong move`);
    return {
      id: lesson.id,
      title: lesson.title,
      aim: lesson.aim,
      right: right.text,
      praise: lesson.praise,
      wrong: wrong.text,
      wrongIsLegal: wrong.legal,
      wrongMessage: wrong.verdict.message,
    };
  });
}
