/** Games: the types served, challenges, lists, a player's archive, a board and its export, moves,
 * queues, resign, decline, cancel, chat, history and standings. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { GameTypeInfo, MoveAnswer } from '../../api/index.ts';
import * as S from '../../api/index.ts';
import type { RouteContext } from '../http/index.ts';
import { HttpError, unwrap } from '../http/index.ts';

export const gameRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, context) => {
  const { store, service, games, botGames } = context;
  const { userOf, maybeUser } = context.auth;
  app.get('/api/health', async () => ({ ok: true, store: store.kind }));
  app.get('/api/types', async () =>
    Object.values(games).map(
      (g): GameTypeInfo => ({ id: g.id, title: g.title, computer: botGames.has(g.id) }),
    ),
  );

  app.post('/api/games', { schema: { body: S.Challenge } }, async (request, reply) => {
    const user = await userOf(request);
    const made = unwrap(
      await service.challenge(
        user,
        request.body.gameType,
        request.body.players,
        request.body.options,
        request.body.timeControl,
      ),
    );
    return reply.status(201).send(unwrap(await service.show(user, made.id)));
  });
  app.get('/api/games', { schema: { querystring: S.ListQuery } }, async (request) =>
    unwrap(await service.list(request.query.user, request.query.filter ?? 'all', request.query.type ?? null)),
  );
  // Games being played, most recently moved first, for anyone to watch.
  app.get('/api/games/live', { schema: { querystring: S.LiveQuery } }, async (request) => {
    const type = request.query.type ?? null;
    if (type !== null) unwrap(service.gameType(type));
    return (await store.liveGames(type, request.query.limit ?? 30)).map(service.summary);
  });
  // A player's finished games, newest first, a page at a time.
  app.get('/api/games/finished', { schema: { querystring: S.ArchiveQuery } }, async (request) => {
    const { user, type, offset, before, limit } = request.query;
    return unwrap(await service.archive(user, type ?? null, before ?? offset, limit));
  });
  // A game's record as a text file: header and moves in the game's notation.
  app.get('/api/games/:id/export', { schema: { params: S.GameParams } }, async (request, reply) => {
    const { fileName, text } = unwrap(await service.exportGame(request.params.id));
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(text);
  });
  app.get('/api/games/:id', { schema: { params: S.GameParams, querystring: S.ShowQuery } }, async (request) =>
    unwrap(await service.show(await maybeUser(request), request.params.id, request.query)),
  );
  app.post(
    '/api/games/:id/moves',
    { schema: { params: S.GameParams, body: S.MoveBody } },
    async (request) => {
      const user = await userOf(request);
      const taken = unwrap(
        await service.move(user, request.params.id, request.body.move, request.body.moveNo),
      );
      return {
        game: service.summary(taken.game),
        moves: taken.moves,
        dropped: taken.dropped,
      } satisfies MoveAnswer;
    },
  );
  app.get('/api/games/:id/queue', { schema: { params: S.GameParams } }, async (request) => {
    const shown = unwrap(await service.show(await userOf(request), request.params.id));
    if (!shown.private) throw new HttpError('forbidden', `you are not a player in game ${request.params.id}`);
    return { moves: shown.private.queue };
  });
  app.post(
    '/api/games/:id/queue',
    { schema: { params: S.GameParams, body: S.QueueBody } },
    async (request) => {
      const taken = unwrap(await service.queue(await userOf(request), request.params.id, request.body.moves));
      return {
        game: service.summary(taken.game),
        moves: taken.moves,
        dropped: taken.dropped,
      } satisfies MoveAnswer;
    },
  );
  app.delete('/api/games/:id/queue', { schema: { params: S.GameParams } }, async (request) => {
    unwrap(await service.clearQueue(await userOf(request), request.params.id));
    return { moves: [] };
  });
  app.post('/api/games/:id/resign', { schema: { params: S.GameParams } }, async (request) =>
    service.summary(unwrap(await service.resign(await userOf(request), request.params.id))),
  );
  app.post('/api/games/:id/decline', { schema: { params: S.GameParams } }, async (request) =>
    service.summary(unwrap(await service.decline(await userOf(request), request.params.id))),
  );
  app.post('/api/games/:id/cancel', { schema: { params: S.GameParams } }, async (request) =>
    service.summary(unwrap(await service.cancel(await userOf(request), request.params.id))),
  );
  app.get('/api/games/:id/chat', { schema: { params: S.GameParams } }, async (request) =>
    unwrap(await service.readChat(await userOf(request), request.params.id)),
  );
  app.post(
    '/api/games/:id/chat',
    { schema: { params: S.GameParams, body: S.ChatBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(unwrap(await service.chat(await userOf(request), request.params.id, request.body.text))),
  );
  app.get('/api/history/:type', { schema: { params: S.TypeParams } }, async (request) =>
    unwrap(await service.history(request.params.type)),
  );
  app.get('/api/ratings/:type', { schema: { params: S.TypeParams } }, async (request) =>
    unwrap(await service.standings(request.params.type)),
  );
};
