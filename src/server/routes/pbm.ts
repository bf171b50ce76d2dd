/** The PBeM command language over HTTP: POST /api/pbm with the command's words. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import { clientOf } from '../guards/index.ts';
import type { RouteContext } from '../http/index.ts';
import { runPbm } from '../pbm/index.ts';

export const pbmRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, context) => {
  const { service, games, botGames } = context;
  // PBeM commands: a reply is always text; a refused command also carries its refusal's code,
  // and the status that code is given.
  app.post(
    '/api/pbm',
    { onRequest: context.auth.checksPassword, schema: { body: S.PbmBody } },
    async (request, reply) => {
      const answer: S.PbmAnswer = await runPbm(service, request.body.args, games, botGames, {
        from: clientOf(request.ip),
        mail: context.mail,
        analyses: context.analyses,
        tournaments: context.tournaments,
      });
      return reply.status(answer.ok ? 200 : S.statusOf(answer.code)).send(answer);
    },
  );
};
