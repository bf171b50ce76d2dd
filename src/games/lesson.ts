/**
 * Interactive lessons: a short course per game, each lesson a real position (built by the game's
 * own setup and moves, so it is legal), an aim, and a check by the rules. A move is judged by what
 * it achieves (a predicate over the position it leads to), so every move that meets the aim is
 * accepted, not one fixed answer; a move that misses gets a sentence saying why. Both clients and
 * the server read the same lessons (each game's `lessons.ts`, found through `Game.lessons`).
 */
import { fail, type Game, ok, type Result } from './game.ts';

export interface Lesson<State, Move> {
  /** Stable id, used for progress: "atom4/mixing". Lower case letters, digits, "/" and "-". */
  readonly id: string;
  readonly title: string;
  /** The rule the lesson teaches, in a sentence or three. */
  readonly teach: string;
  /** What the player is asked to do here. */
  readonly aim: string;
  /** The game's options for the position (checked by the game's parseOptions). */
  readonly options: unknown;
  /** The seed given to the game's setup. */
  readonly seed?: number;
  /** Moves played from the setup, in the game's notation, to reach the position. */
  readonly moves: readonly string[];
  /** Whether a move (legal, from `before` to `after`) meets the aim. */
  readonly achieves: (before: State, after: State, move: Move) => boolean;
  /** Why a legal move that does not meet the aim misses it, in a sentence. */
  readonly miss: (before: State, after: State, move: Move) => string;
  /** Said once the aim is met: what the move did. */
  readonly praise: string;
}

/** What a lesson says of a move tried: the aim met (and the position after it), or why not. */
export type LessonVerdict<State> =
  | { readonly kind: 'met'; readonly state: State; readonly message: string }
  | { readonly kind: 'wrong'; readonly message: string };

/** A game's course: its rules and its lessons, in order. */
export interface Course<Options, State, Move> {
  readonly game: Game<Options, State, Move, unknown>;
  readonly lessons: readonly Lesson<State, Move>[];
}

/** A course whatever its game (the clients' tables hold several). */
// biome-ignore lint/suspicious/noExplicitAny: each course takes its own game's types.
export type AnyCourse = Course<any, any, any>;

/** The lesson's position, from the game's setup and the lesson's moves; the error names what broke. */
export function lessonPosition<O, S, M>(game: Game<O, S, M, unknown>, lesson: Lesson<S, M>): Result<S> {
  const options = game.parseOptions(lesson.options);
  if (!options.ok) return fail(`lesson ${lesson.id}: ${options.error}`);
  let state = game.setup(options.value, lesson.seed ?? 1);
  for (const [k, text] of lesson.moves.entries()) {
    const move = game.parseMove(text, state);
    if (!move.ok) return fail(`lesson ${lesson.id}, move ${k + 1} (${text}): ${move.error}`);
    const next = game.play(state, move.value);
    if (!next.ok) return fail(`lesson ${lesson.id}, move ${k + 1} (${text}): ${next.error}`);
    state = next.value;
  }
  return ok(state);
}

/** Judge a move tried in a lesson: the rules first (an illegal move is explained by the rule it breaks), then the aim. */
export function judgeLessonMove<O, S, M>(
  game: Game<O, S, M, unknown>,
  lesson: Lesson<S, M>,
  before: S,
  move: M,
): LessonVerdict<S> {
  const next = game.play(before, move);
  if (!next.ok) return { kind: 'wrong', message: capitalise(next.error) };
  if (lesson.achieves(before, next.value, move))
    return { kind: 'met', state: next.value, message: lesson.praise };
  return { kind: 'wrong', message: lesson.miss(before, next.value, move) };
}

/** Judge a move written in the game's notation. */
export function judgeLessonText<O, S, M>(
  game: Game<O, S, M, unknown>,
  lesson: Lesson<S, M>,
  before: S,
  text: string,
): LessonVerdict<S> {
  const move = game.parseMove(text, before);
  if (!move.ok) return { kind: 'wrong', message: capitalise(move.error) };
  return judgeLessonMove(game, lesson, before, move.value);
}

const capitalise = (s: string): string =>
  s === '' ? s : `${s[0]?.toUpperCase()}${s.slice(1)}.`.replace(/\.\.$/, '.');

/** Lesson ids done, as either client keeps them; only well-formed ids count. */
export type LessonProgress = readonly string[];

const LESSON_ID = /^[a-z0-9]+\/[a-z0-9-]{1,40}$/;

export const isLessonId = (id: unknown): id is string => typeof id === 'string' && LESSON_ID.test(id);

/** Progress from what was stored: a list of lesson ids, anything else ignored. */
export function readLessonProgress(stored: unknown): LessonProgress {
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter(isLessonId))];
}

/** The progress with a lesson done. */
export const withLessonDone = (progress: LessonProgress, id: string): LessonProgress =>
  progress.includes(id) ? progress : [...progress, id];

/** Where a course starts: its first lesson not done, or its first when all are. */
export const firstLessonToDo = (
  lessons: readonly { readonly id: string }[],
  progress: LessonProgress,
): number =>
  Math.max(
    0,
    lessons.findIndex((l) => !progress.includes(l.id)),
  );
