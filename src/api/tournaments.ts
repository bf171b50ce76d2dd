/**
 * Tournaments on the wire: the body that creates one, and how one is shown (its terms, entrants,
 * standings with tie-breaks, crosstable and each round's games).
 */
import { type Static, Type } from '@sinclair/typebox';
import { GameType } from './http.ts';

export const MAX_TOURNAMENT_PLAYERS = 64;
export const MAX_SWISS_ROUNDS = 20;
export const MAX_ROUND_DAYS = 60;
export const MAX_TOURNAMENT_NAME = 60;
/** Tournaments one player may have created and not yet started. */
export const MAX_OPEN_TOURNAMENTS = 5;

export const TournamentFormats = ['round-robin', 'swiss'] as const;
export type TournamentFormatName = (typeof TournamentFormats)[number];

export const CreateTournamentBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        maxLength: MAX_TOURNAMENT_NAME,
        errorMessage: `a tournament's name is at most ${MAX_TOURNAMENT_NAME} characters`,
      }),
    ),
    gameType: GameType,
    options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    timeControl: Type.Optional(Type.String({ maxLength: 20 })),
    rated: Type.Optional(Type.Boolean()),
    format: Type.Union(
      TournamentFormats.map((f) => Type.Literal(f)),
      { errorMessage: 'the format is round-robin or swiss' },
    ),
    rounds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SWISS_ROUNDS,
        errorMessage: `a Swiss has 1 to ${MAX_SWISS_ROUNDS} rounds`,
      }),
    ),
    maxPlayers: Type.Integer({
      minimum: 2,
      maximum: MAX_TOURNAMENT_PLAYERS,
      errorMessage: `a tournament has 2 to ${MAX_TOURNAMENT_PLAYERS} players`,
    }),
    startsAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
    roundDays: Type.Optional(
      Type.Union([
        Type.Integer({
          minimum: 1,
          maximum: MAX_ROUND_DAYS,
          errorMessage: `a round's deadline is 1 to ${MAX_ROUND_DAYS} days`,
        }),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type CreateTournamentBody = Static<typeof CreateTournamentBody>;

export type TournamentStateName = 'open' | 'running' | 'finished' | 'cancelled';

/** A tournament's line in a list. */
export interface TournamentLine {
  readonly id: number;
  readonly name: string;
  readonly creator: string;
  readonly gameType: string;
  readonly title: string;
  readonly format: TournamentFormatName;
  readonly rounds: number;
  readonly maxPlayers: number;
  readonly players: number;
  readonly timeControl: string;
  readonly rated: boolean;
  readonly startsAt: number | null;
  readonly roundDays: number | null;
  readonly state: TournamentStateName;
  readonly roundsPaired: number;
}

export interface TournamentStandingLine {
  readonly rank: number;
  readonly player: string;
  readonly points: number;
  readonly played: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
}

export interface TournamentBoardLine {
  readonly round: number;
  readonly board: number;
  readonly first: string;
  /** Null: a bye. */
  readonly second: string | null;
  readonly gameId: number | null;
  readonly status: 'active' | 'finished' | null;
  /** The first player's score once finished. */
  readonly firstScore: number | null;
  /** Given up before both had moved: void, nothing for either. */
  readonly voided: boolean;
}

export interface TournamentView extends TournamentLine {
  readonly options: unknown;
  readonly entrants: readonly string[];
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  /** Each round paired: when, and its deadline. */
  readonly paired: readonly {
    readonly round: number;
    readonly pairedAt: number;
    readonly deadline: number | null;
  }[];
  readonly boards: readonly TournamentBoardLine[];
  readonly standings: readonly TournamentStandingLine[];
  /** Players in standings order; `cells[i][j]`: player i's games against player j, with i's score. */
  readonly crosstable: {
    readonly players: readonly string[];
    readonly cells: readonly (readonly (readonly {
      gameId: number;
      round: number;
      score: number | null;
    }[])[])[];
  };
}

export const TournamentParams = Type.Object(
  {
    id: Type.Integer({
      minimum: 1,
      maximum: 2 ** 31 - 1,
      errorMessage: 'a tournament id is a positive number',
    }),
  },
  { additionalProperties: false },
);
export const TournamentListQuery = Type.Object(
  {
    state: Type.Optional(
      Type.Union(
        ['open', 'running', 'finished', 'cancelled'].map((s) => Type.Literal(s)),
        { errorMessage: 'state is open, running, finished or cancelled' },
      ),
    ),
    user: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);

/** A score as players write it: a half as ½ ("1½", "½"), quarters of tie-breaks as decimals. */
export const formatPoints = (n: number): string =>
  String(n)
    .replace(/^0\.5$/, '½')
    .replace(/\.5$/, '½');
