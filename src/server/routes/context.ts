/** What the route plugins are given: the server's parts and how a request finds its user. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AnyGame } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';
import type { Analyses } from '../analysis/index.ts';
import type { AccountMail } from '../mail/index.ts';
import type { Service } from '../service.ts';
import type { RequestAuth } from './request-auth.ts';

/** The Fastify instance with TypeBox schemas typing each route's request. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface RouteContext {
  readonly store: Store;
  readonly service: Service;
  /** The games served, by id. */
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Game types with a computer opponent. */
  readonly botGames: ReadonlySet<string>;
  readonly auth: RequestAuth;
  /** Each account's mail address and choices. */
  readonly mail: AccountMail;
  /** Post-game analyses. */
  readonly analyses: Analyses;
}
