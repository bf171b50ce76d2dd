/** Takebacks both players agree to, previews of moves not played, and rematches. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import type { RouteContext } from '../http/index.ts';
import { unwrap } from '../http/index.ts';

export const takebackRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, context) => {
  const { service } = context;
  const { userOf, maybeUser } = context.auth;

  // Propose a takeback, or answer the pending one; the answer is the game as it now stands.
  app.post(
    '/api/games/:id/takeback',
    { schema: { params: S.GameParams, body: S.TakebackBody } },
    async (request) => {
      const user = await userOf(request);
      const id = request.params.id;
      const { action } = request.body;
      if (action === 'propose') unwrap(await service.proposeTakeback(user, id));
      else unwrap(await service.answerTakeback(user, id, action === 'accept'));
      return unwrap(await service.show(user, id));
    },
  );

  // Older takebacks than `show` lists, a page at a time (keyset: `before` is a takeback's id).
  app.get(
    '/api/games/:id/takebacks',
    { schema: { params: S.GameParams, querystring: S.TakebackQuery } },
    async (request) =>
      unwrap(
        await service.takebacks(
          request.params.id,
          request.query.before,
          request.query.limit ?? S.TAKEBACK_PAGE,
        ),
      ),
  );

  app.post(
    '/api/games/:id/preview',
    { schema: { params: S.GameParams, body: S.PreviewBody } },
    async (request) =>
      unwrap(await service.preview(await maybeUser(request), request.params.id, request.body.moves)),
  );

  // A new game with the seats swapped; the opponent answers it as any challenge.
  app.post('/api/games/:id/rematch', { schema: { params: S.GameParams } }, async (request, reply) => {
    const user = await userOf(request);
    const made = unwrap(await service.rematch(user, request.params.id));
    return reply.status(201).send(unwrap(await service.show(user, made.id)));
  });
};
