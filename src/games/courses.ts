/** The games with a course of lessons, by id, in the order the lobby lists them. */
import { ATOM4_LESSONS, atom4 } from './atom4/index.ts';

import type { AnyCourse } from './lesson.ts';
import { SIGMAR_LESSONS, sigmar } from './sigmar/index.ts';

import { WARPWEFT_LESSONS, warpweft } from './warpweft/index.ts';

export const COURSES: Readonly<Record<string, AnyCourse>> = {
  atom4: { game: atom4, lessons: ATOM4_LESSONS },
  warpweft: { game: warpweft, lessons: WARPWEFT_LESSONS },
  sigmar: { game: sigmar, lessons: SIGMAR_LESSONS },
};

/** The course of a game, or undefined when it has none. */
export const courseOf = (gameId: string): AnyCourse | undefined =>
  Object.hasOwn(COURSES, gameId) ? COURSES[gameId] : undefined;

/** A lesson id names a lesson of some course. */
export const isKnownLesson = (id: string): boolean =>
  Object.values(COURSES).some((c) => c.lessons.some((l) => l.id === id));
