/**
 * Tournaments at correspondence pace: round robins and Swiss tournaments, their director (who
 * starts, pairs and finishes them, restartably) and what players ask of them.
 */
import type { Authority, GameRecord } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';
import { createDirector, type TournamentMails } from './director.ts';
import { createTournamentService } from './service.ts';

export type { Director, TournamentMails } from './director.ts';
export { type Board, roundRobin, roundRobinRounds, swissRound } from './pairing.ts';
export type { TournamentService } from './service.ts';
export { type Crosstable, crosstable, type Standing, standings } from './standings.ts';

export function createTournaments(deps: {
  readonly store: Store;
  readonly authority: Authority;
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly now: () => number;
  readonly everyMs?: number;
  readonly mails?: TournamentMails;
  readonly onCreate?: (record: GameRecord) => void;
  readonly onError?: (error: unknown) => void;
}) {
  const director = createDirector(deps);
  const service = createTournamentService({ ...deps, director });
  return { director, service };
}

export type Tournaments = ReturnType<typeof createTournaments>;
