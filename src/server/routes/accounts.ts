/**
 * Accounts: sign-up, login, logout, who am I, password change, refusing a game's challenges, and
 * vacations.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import { clientOf } from '../guards/index.ts';
import type { RouteContext } from '../http/index.ts';
import { HttpError, unwrap } from '../http/index.ts';

export const accountRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (
  app,
  { service, auth, mail },
) => {
  const { bearer, userOf, checksPassword } = auth;
  app.post(
    '/api/signup',
    { onRequest: checksPassword, schema: { body: S.Signup } },
    async (request, reply) => {
      const { email } = request.body;
      // An address given at sign-up is checked first, then mailed its code once the account exists.
      if (email !== undefined) unwrap(mail.checkAddress(email));
      const { user, password } = request.body;
      const made = unwrap(await service.signup(user, password, clientOf(request.ip)));
      if (email === undefined) return reply.status(201).send(made);
      const asked = unwrap(await mail.setAddress(made.user, email));
      return reply.status(201).send({ ...made, ...asked });
    },
  );
  app.post('/api/login', { onRequest: checksPassword, schema: { body: S.Credentials } }, async (request) =>
    unwrap(await service.login(request.body.user, request.body.password)),
  );
  app.post('/api/logout', async (request) => {
    await userOf(request);
    await service.logout(bearer(request) as string);
    return { ok: true };
  });
  // Every session of the account ends, on every device, this one too; their sockets close.
  app.post('/api/logout/everywhere', { onRequest: checksPassword }, async (request) => {
    await service.logoutEverywhere(await userOf(request));
    return { ok: true };
  });
  app.get('/api/me', async (request): Promise<S.Me> => ({ user: await userOf(request) }));
  app.post(
    '/api/password',
    { onRequest: checksPassword, schema: { body: S.PasswordChange } },
    async (request) => {
      const user = await userOf(request);
      const changed = await service.changePassword(user, request.body.old, request.body.new, bearer(request));
      // The session names the user: a refusal here is about the current password alone, and the
      // session stays valid (a 401 would tell the page it had been logged out).
      if (!changed.ok && changed.code === 'unauthorized')
        throw new HttpError('forbidden', 'the current password is wrong');
      unwrap(changed);
      return { ok: true };
    },
  );
  app.put('/api/rejects/:type', { schema: { params: S.TypeParams, body: S.RejectBody } }, async (request) =>
    unwrap(await service.setRejects(await userOf(request), request.params.type, request.body.reject)),
  );
  // Vacation: the player's correspondence clocks stop until it ends.
  app.get('/api/vacation', async (request) => unwrap(await service.vacation(await userOf(request))));
  app.post('/api/vacation', { schema: { body: S.VacationBody } }, async (request) =>
    unwrap(await service.takeVacation(await userOf(request), request.body.days)),
  );
};
