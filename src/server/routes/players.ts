/** Player profiles: ratings, rating history, recent games and head-to-head records (../service/profiles.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import type { RouteContext } from '../http/index.ts';
import { unwrap } from '../http/index.ts';
import { profileService } from '../service/index.ts';

export const playerRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, context) => {
  const profiles = profileService({
    store: context.store,
    games: context.games,
    summary: context.service.summary,
  });
  app.get('/api/players/:user', { schema: { params: S.PlayerParams } }, async (request) =>
    unwrap(await profiles.profile(request.params.user)),
  );
  app.get(
    '/api/players/:user/history',
    { schema: { params: S.PlayerParams, querystring: S.HistoryQuery } },
    async (request) =>
      unwrap(await profiles.history(request.params.user, request.query.type ?? null, request.query.limit)),
  );
  app.get('/api/players/:user/versus/:other', { schema: { params: S.VersusParams } }, async (request) =>
    unwrap(await profiles.versus(request.params.user, request.params.other)),
  );
};
