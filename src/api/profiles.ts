/** Player profiles on the wire: ratings per game, rating history, recent games, head-to-head. */
import { type Static, Type } from '@sinclair/typebox';
import { type Frozen, GameSummary, GameType, UserId } from './http.ts';

const strict = { additionalProperties: false } as const;

/** The most results one history answer holds (the latest ones). */
export const MAX_HISTORY = 1000;

export const PlayerParams = Type.Object({ user: UserId }, strict);
export const VersusParams = Type.Object({ user: UserId, other: UserId }, strict);
export const HistoryQuery = Type.Object(
  {
    type: Type.Optional(GameType),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_HISTORY,
        errorMessage: `a history holds 1 to ${MAX_HISTORY} results`,
      }),
    ),
  },
  strict,
);

/** A player's rating in one game. */
export const GameRating = Type.Object({
  gameType: Type.String(),
  title: Type.String(),
  rating: Type.Number(),
  /** Glicko-2's rating deviation: the rating is within ±2 deviations of the truth 95% of the time. */
  deviation: Type.Number(),
  games: Type.Integer(),
  wins: Type.Integer(),
  losses: Type.Integer(),
  draws: Type.Integer(),
  /** The deviation is above 110: shown as "1623?". */
  provisional: Type.Boolean(),
});
export type GameRating = Frozen<Static<typeof GameRating>>;

/** `GET /api/players/:user`. */
export const Profile = Type.Object({
  user: Type.String(),
  /** When the account was made (ms since 1970). */
  since: Type.Integer(),
  ratings: Type.Array(GameRating),
  /** Their latest games, newest first: being played, then challenges not yet answered. */
  recent: Type.Array(GameSummary),
});
export type Profile = Frozen<Static<typeof Profile>>;

/** One rated result: the player's rating before and after the game. */
export const RatingPoint = Type.Object({
  gameType: Type.String(),
  gameId: Type.Integer(),
  opponent: Type.String(),
  /** 1 a win, 0.5 a draw, 0 a loss. */
  score: Type.Number(),
  before: Type.Number(),
  after: Type.Number(),
  /** When the game ended (ms since 1970). */
  at: Type.Integer(),
});
export type RatingPoint = Frozen<Static<typeof RatingPoint>>;

/** `GET /api/players/:user/history`: oldest first. */
export const RatingHistory = Type.Object({
  user: Type.String(),
  gameType: Type.Union([Type.String(), Type.Null()]),
  points: Type.Array(RatingPoint),
});
export type RatingHistory = Frozen<Static<typeof RatingHistory>>;

/** One game's record of a player against another, from the first player's side. */
export const VersusRecord = Type.Object({
  gameType: Type.String(),
  title: Type.String(),
  wins: Type.Integer(),
  losses: Type.Integer(),
  draws: Type.Integer(),
});
export type VersusRecord = Frozen<Static<typeof VersusRecord>>;

/** `GET /api/players/:user/versus/:other`. */
export const HeadToHead = Type.Object({
  user: Type.String(),
  opponent: Type.String(),
  records: Type.Array(VersusRecord),
  /** Their latest finished games together, newest first. */
  recent: Type.Array(GameSummary),
});
export type HeadToHead = Frozen<Static<typeof HeadToHead>>;
