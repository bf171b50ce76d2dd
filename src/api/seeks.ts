/**
 * Open challenges ("seeks") and quick pairing (docs/api.md, "Open challenges"): a game's terms
 * posted for anyone to take, the open list, and "play someone".
 */
import { type Static, Type } from '@sinclair/typebox';
import { GameId, GameType } from './http.ts';

/** The most open challenges one player holds at once. */
export const MAX_OPEN_SEEKS = 5;
/** How long an open challenge stays open unless taken or cancelled. */
export const SEEK_DAYS = 7;
/** The pace quick pairing asks for when none is given. */
export const DEFAULT_PACE = '3d';

const TimeControlText = Type.String({
  maxLength: 20,
  errorMessage: 'a time control is written like 3d, 3d+10d or none',
});
const Rating = Type.Integer({
  minimum: 0,
  maximum: 5000,
  errorMessage: 'a rating bound is a whole number from 0 to 5000',
});

/** Who moves first in the game: the poster, the taker, or drawn when it is taken. */
export const SeekSeat = Type.Union([Type.Literal('first'), Type.Literal('second'), Type.Literal('random')], {
  errorMessage: 'seat is first, second or random',
});
export type SeekSeat = Static<typeof SeekSeat>;

/** `POST /api/seeks`: an open challenge's terms. */
export const SeekBody = Type.Object(
  {
    gameType: GameType,
    options: Type.Optional(
      Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), {
        maxProperties: 16,
        errorMessage: 'options are the game\'s challenge options, such as {"size": 3}',
      }),
    ),
    /** A correspondence clock: `3d`, `3d+10d` or `none` (the default: 3d). */
    timeControl: Type.Optional(TimeControlText),
    rated: Type.Optional(Type.Boolean({ errorMessage: 'rated is true or false' })),
    seat: Type.Optional(SeekSeat),
    minRating: Type.Optional(Rating),
    maxRating: Type.Optional(Rating),
  },
  { additionalProperties: false },
);
export type SeekBody = Static<typeof SeekBody>;

/** `POST /api/seeks/quick`: play someone at this game and pace. */
export const QuickBody = Type.Object(
  { gameType: GameType, timeControl: Type.Optional(TimeControlText) },
  { additionalProperties: false },
);
export type QuickBody = Static<typeof QuickBody>;

export const SeekParams = Type.Object({ id: GameId }, { additionalProperties: false });
export const SeekQuery = Type.Object(
  { type: Type.Optional(GameType), timeControl: Type.Optional(TimeControlText) },
  { additionalProperties: false },
);

/** An open challenge as every client shows it. */
export interface SeekView {
  readonly id: number;
  /** Who posted it, and their rating in the game now. */
  readonly user: string;
  readonly rating: number;
  /** The rating's deviation, so that every client writes it as ratings are written ("1500?"). */
  readonly deviation: number;
  readonly gameType: string;
  readonly title: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly compact: boolean;
  /** `3d`, `3d+10d` or `none`. */
  readonly timeControl: string;
  readonly rated: boolean;
  /** The poster's seat: `first` (the poster moves first), `second`, or `random`. */
  readonly seat: SeekSeat;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** `GET /api/seeks`: the open challenges the viewer may take, and their own. */
export interface SeekList {
  readonly open: readonly SeekView[];
  readonly mine: readonly SeekView[];
}

/** Quick pairing's answer: a game begun (an open challenge taken), or the viewer's seek posted. */
export type QuickAnswer =
  | { readonly paired: true; readonly gameId: number }
  | { readonly paired: false; readonly seek: SeekView };

/** An open challenge's options in words: `size 3, compact`. */
export function seekOptionsText(seek: Pick<SeekView, 'options' | 'compact'>): string {
  // Options that are lists (a local game's computer seats) say nothing to a taker.
  const parts = Object.entries(seek.options)
    .filter(([, value]) => value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key} ${String(value)}`);
  if (seek.compact) parts.push('compact');
  return parts.join(', ');
}

/** An open challenge's terms in one line, the same in every client and mail. */
export function seekTerms(seek: SeekView): string {
  const options = seekOptionsText(seek);
  const seat =
    seek.seat === 'random'
      ? 'seats drawn'
      : seek.seat === 'first'
        ? `${seek.user} moves first`
        : `${seek.user} moves second`;
  const range =
    seek.minRating === null && seek.maxRating === null
      ? ''
      : `, for ratings ${seek.minRating ?? 'any'} to ${seek.maxRating ?? 'any'}`;
  return `${seek.title}${options ? ` (${options})` : ''}, ${seek.timeControl === 'none' ? 'no clock' : `clock ${seek.timeControl}`}, ${seek.rated ? 'rated' : 'unrated'}, ${seat}${range}`;
}

/** Whether `user`, rated `rating` in the seek's game, may take it (the server checks again). */
export const mayTake = (seek: SeekView, user: string, rating: number): boolean =>
  seek.user !== user &&
  (seek.minRating === null || rating >= seek.minRating) &&
  (seek.maxRating === null || rating <= seek.maxRating);
