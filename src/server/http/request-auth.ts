/** Rate limits per client and account, and who a request acts for (its bearer token). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { limiter } from '../guards/index.ts';
import { clientOf, type RefusalTurns, resumeReading, unreadHolds } from '../guards/index.ts';
import type { Service } from '../service/index.ts';
import type { App } from './fastify-app.ts';
import { HttpError } from './http-error.ts';

type Limiter = ReturnType<typeof limiter>;

export interface RequestAuth {
  /** The session token sent as "Authorization: Bearer <token>". */
  readonly bearer: (request: FastifyRequest) => string | undefined;
  /** The logged-in user, or a 401. Also the per-account rate limit. */
  readonly userOf: (request: FastifyRequest) => Promise<string>;
  /** The logged-in user, or null when no token is sent. */
  readonly maybeUser: (request: FastifyRequest) => Promise<string | null>;
  /** The stricter limit of the routes that check a password (an onRequest hook). */
  readonly checksPassword: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** At most this many connections wait out a refusal's delay at once, server-wide; past it,
 * refusals go undelayed (many addresses over budget together must not pile up timers). */
const MAX_DELAYED_REFUSALS = 256;

/** Every request counts against its client's budget. One over it is refused at once, and its
 * connection then reads nothing more for about `delayMs`, or until its client's turn. */
export function limitClients(app: App, clientLimit: Limiter, delayMs: number, turns: RefusalTurns): void {
  // A keep-alive connection is answered in order, so a client flooding it gets one refusal per
  // connection per delay, and the per-address connection cap bounds the connections. Holding the
  // connection rather than the request keeps nothing alive meanwhile but a timer: a second's worth
  // of held requests (their bodies, headers and replies) outlived every young-generation garbage
  // collection, which paused the event loop for everyone while it copied them.
  const holds = unreadHolds(delayMs, MAX_DELAYED_REFUSALS, turns);
  // Buckets key on the client (an IPv6 /64 is one), as the connection caps do.
  app.addHook('onRequest', async (request, reply) => {
    const client = clientOf(request.ip);
    if (!clientLimit.take(client, Date.now())) {
      const socket = request.raw.socket;
      holds.hold(socket, client, () => resumeReading(socket));
      reply.header('retry-after', '1');
      throw new HttpError('rate-limited', 'too many requests from your address; slow down');
    }
  });
}

export function requestAuth(deps: {
  readonly service: Service;
  readonly accountLimit: Limiter;
  readonly passwordLimit: Limiter;
}): RequestAuth {
  const { service, accountLimit, passwordLimit } = deps;
  /** The stricter limit of the routes that check a password (scrypt is slow on purpose). */
  const checksPassword = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!passwordLimit.take(clientOf(request.ip), Date.now())) {
      reply.header('retry-after', '1');
      throw new HttpError('rate-limited', 'too many password checks from your address; slow down');
    }
  };

  const bearer = (request: FastifyRequest): string | undefined => {
    const header = request.headers.authorization;
    const m = header ? /^Bearer\s+(\S{1,200})$/i.exec(header) : null;
    return m?.[1];
  };
  /** The logged-in user, or a 401. Also the per-account rate limit. */
  const userOf = async (request: FastifyRequest): Promise<string> => {
    const token = bearer(request);
    const user = token ? await service.authenticate(token) : undefined;
    if (!user)
      throw new HttpError(
        'unauthorized',
        'log in first: send "Authorization: Bearer <token>" from POST /api/login',
      );
    if (!accountLimit.take(user, Date.now()))
      throw new HttpError('rate-limited', 'too many requests for your account');
    return user;
  };
  const maybeUser = async (request: FastifyRequest): Promise<string | null> =>
    bearer(request) ? userOf(request) : null;
  return { bearer, userOf, maybeUser, checksPassword };
}
