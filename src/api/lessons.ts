/**
 * The lessons a logged-in player has done, kept with the account so that every device shows
 * them (docs/api.md, "Lesson progress").
 */
import { type Static, Type } from '@sinclair/typebox';

/** The most lesson ids sent at once (more than every course holds). */
export const MAX_LESSONS_SENT = 100;

/** `POST /api/lessons/progress`: lessons done here, added to those the account keeps. */
export const LessonsBody = Type.Object(
  {
    done: Type.Array(
      Type.String({
        maxLength: 60,
        errorMessage: 'a lesson is named by its id, such as "atom4/mixing"',
      }),
      {
        maxItems: MAX_LESSONS_SENT,
        errorMessage: `done is a list of at most ${MAX_LESSONS_SENT} lesson ids`,
      },
    ),
  },
  { additionalProperties: false },
);
export type LessonsBody = Static<typeof LessonsBody>;

/** `GET /api/lessons/progress`, and the answer to recording some: every lesson done, by id. */
export interface LessonsDone {
  readonly done: readonly string[];
}
