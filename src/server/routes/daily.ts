/**
 * The daily Sigmar board raced by everyone (docs/api.md, "The daily board"): a logged-in player
 * starts today's board, has hints counted, and sends the moves that cleared it; anyone reads a
 * day's board, a week's board and a player's streak.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import type { Daily } from '../daily/index.ts';
import type { RouteContext } from '../http/index.ts';
import { HttpError, unwrap } from '../http/index.ts';

export const dailyRoutes: FastifyPluginAsyncTypebox<RouteContext & { readonly daily: Daily }> = async (
  app,
  { store, auth, daily },
) => {
  const body = { schema: { body: S.DailyDateBody } };
  app.post(
    '/api/daily/start',
    body,
    async (request): Promise<S.DailySession> =>
      unwrap(await daily.start(await auth.userOf(request), request.body.date)),
  );
  app.post(
    '/api/daily/hint',
    body,
    async (request): Promise<S.DailySession> =>
      unwrap(await daily.hint(await auth.userOf(request), request.body.date)),
  );
  app.post(
    '/api/daily/result',
    // Room for as many moves as a game may have, however long each is written.
    { schema: { body: S.DailyResultBody }, bodyLimit: S.DAILY_RESULT_BODY_LIMIT },
    async (request): Promise<S.DailyAccepted> =>
      unwrap(await daily.submit(await auth.userOf(request), request.body.date, request.body.moves)),
  );
  const day = { schema: { params: S.DailyParams } };
  app.get(
    '/api/daily/:date',
    day,
    async (request): Promise<S.DailyBoard> => unwrap(await daily.board(request.params.date)),
  );
  app.get(
    '/api/daily/:date/mine',
    day,
    async (request): Promise<S.DailyMine> => ({
      session: unwrap(await daily.mine(await auth.userOf(request), request.params.date)),
    }),
  );
  app.get(
    '/api/daily/week/:date',
    day,
    async (request): Promise<S.DailyWeek> => unwrap(await daily.week(request.params.date)),
  );
  app.get(
    '/api/players/:user/daily',
    { schema: { params: S.PlayerParams } },
    async (request): Promise<S.DailyRecord> => {
      const user = request.params.user.toLowerCase();
      if (!(await store.getUser(user))) throw new HttpError('not-found', `there is no player called ${user}`);
      return daily.record(user);
    },
  );
};
