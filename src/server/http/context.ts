/** What the route plugins are given: the server's parts and how a request finds its user. */
import type { AnyGame } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';
import type { Analyses } from '../analysis/index.ts';
import type { AccountMail } from '../mail-out/index.ts';
import type { Service } from '../service/index.ts';
import type { TournamentService } from '../tournaments/index.ts';
import type { RequestAuth } from './request-auth.ts';

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
  /** Tournaments. */
  readonly tournaments: TournamentService;
}
