/** Post-game analysis over HTTP: POST starts it (logged in), GET reads it (anyone). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import { type RouteContext, unwrap } from '../http/index.ts';

export const analysisRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, context) => {
  const { analyses } = context;
  const { userOf } = context.auth;
  app.post('/api/games/:id/analysis', { schema: { params: S.GameParams } }, async (request, reply) => {
    const answer = unwrap(await analyses.request(await userOf(request), request.params.id));
    return reply.status(answer.state === 'ready' ? 200 : 202).send(answer);
  });
  app.get('/api/games/:id/analysis', { schema: { params: S.GameParams } }, async (request) =>
    unwrap(await analyses.read(request.params.id)),
  );
};
