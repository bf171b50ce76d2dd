/**
 * What a logged-in player has done of the lessons, kept with the account so every device shows
 * it (docs/api.md, "Lesson progress"). Only ids of real lessons are kept.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import { isKnownLesson } from '../../games/index.ts';
import type { RouteContext } from '../http/index.ts';
import { HttpError } from '../http/index.ts';

export const lessonRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { store, auth }) => {
  app.get(
    '/api/lessons/progress',
    async (request): Promise<S.LessonsDone> => ({
      done: await store.lessonsDone(await auth.userOf(request)),
    }),
  );
  // Lessons done elsewhere (another device, or before logging in) join those kept.
  app.post(
    '/api/lessons/progress',
    { schema: { body: S.LessonsBody } },
    async (request): Promise<S.LessonsDone> => {
      const user = await auth.userOf(request);
      const unknown = request.body.done.find((id) => !isKnownLesson(id));
      if (unknown !== undefined)
        throw new HttpError('bad-request', `there is no lesson called "${unknown.slice(0, 60)}"`);
      return { done: await store.recordLessonsDone(user, request.body.done) };
    },
  );
};
