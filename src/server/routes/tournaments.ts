/**
 * Tournaments over HTTP (docs/api.md, "Tournaments"): the list and one tournament for anyone;
 * creating one, entering and leaving for a logged-in player.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import type { RouteContext } from '../http/index.ts';
import { unwrap } from '../http/index.ts';

export const tournamentRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (
  app,
  { auth, tournaments },
) => {
  app.get('/api/tournaments', { schema: { querystring: S.TournamentListQuery } }, async (request) => ({
    tournaments: unwrap(
      await tournaments.list({
        ...(request.query.state ? { state: request.query.state as S.TournamentStateName } : {}),
        ...(request.query.user ? { user: request.query.user } : {}),
      }),
    ),
  }));
  app.get('/api/tournaments/:id', { schema: { params: S.TournamentParams } }, async (request) =>
    unwrap(await tournaments.show(request.params.id)),
  );
  app.post('/api/tournaments', { schema: { body: S.CreateTournamentBody } }, async (request, reply) => {
    const created = unwrap(await tournaments.create(await auth.userOf(request), request.body));
    return reply.code(201).send(created);
  });
  app.post('/api/tournaments/:id/join', { schema: { params: S.TournamentParams } }, async (request) =>
    unwrap(await tournaments.join(await auth.userOf(request), request.params.id)),
  );
  app.post('/api/tournaments/:id/leave', { schema: { params: S.TournamentParams } }, async (request) =>
    unwrap(await tournaments.leave(await auth.userOf(request), request.params.id)),
  );
};
