/** Blocking another player: the list of whom you blocked, a block and an unblock (docs/api.md, "Blocking"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import type { RouteContext } from '../http/index.ts';
import { unwrap } from '../http/index.ts';

export const blockRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { service, auth }) => {
  app.get(
    '/api/blocks',
    async (request): Promise<S.Blocks> => unwrap(await service.blocks(await auth.userOf(request))),
  );
  app.post(
    '/api/blocks',
    { schema: { body: S.BlockBody } },
    async (request): Promise<S.Blocks> =>
      unwrap(await service.block(await auth.userOf(request), request.body.user)),
  );
  app.delete(
    '/api/blocks/:user',
    { schema: { params: S.BlockParams } },
    async (request): Promise<S.Blocks> =>
      unwrap(await service.unblock(await auth.userOf(request), request.params.user)),
  );
};
