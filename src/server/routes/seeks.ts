/**
 * Open challenges and quick pairing (docs/api.md, "Open challenges"): the open list, posting,
 * taking, cancelling, and "play someone".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import type { RouteContext } from '../http/index.ts';
import { unwrap } from '../http/index.ts';

export const seekRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { service, auth }) => {
  // Without a login: every open challenge; logged in: those the viewer may take, and their own.
  app.get('/api/seeks', { schema: { querystring: S.SeekQuery } }, async (request): Promise<S.SeekList> => {
    const { type, timeControl } = request.query;
    return unwrap(
      await service.seeks(await auth.maybeUser(request), {
        ...(type === undefined ? {} : { gameType: type }),
        ...(timeControl === undefined ? {} : { timeControl }),
      }),
    );
  });
  app.post('/api/seeks', { schema: { body: S.SeekBody } }, async (request, reply) =>
    reply.status(201).send(unwrap(await service.postSeek(await auth.userOf(request), request.body))),
  );
  // Taking one starts its game at once: the answer is the game, as GET /api/games/:id shows it.
  app.post('/api/seeks/:id/take', { schema: { params: S.SeekParams } }, async (request, reply) => {
    const user = await auth.userOf(request);
    const made = unwrap(await service.takeSeek(user, request.params.id));
    return reply.status(201).send(unwrap(await service.show(user, made.id)));
  });
  app.delete('/api/seeks/:id', { schema: { params: S.SeekParams } }, async (request) =>
    unwrap(await service.cancelSeek(await auth.userOf(request), request.params.id)),
  );
  app.post('/api/seeks/quick', { schema: { body: S.QuickBody } }, async (request): Promise<S.QuickAnswer> => {
    const { gameType, timeControl } = request.body;
    return unwrap(await service.quickPair(await auth.userOf(request), gameType, timeControl));
  });
};
