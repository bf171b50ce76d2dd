/**
 * The HTTP API's bodies, queries and parameters as TypeBox schemas, and the types of what the
 * server answers, declared once for the server and both clients (docs/api.md describes them).
 * `gameType` names a kind of game ("atom4"); `id` or `gameId` one game, by its board number.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';
import {
  MAX_CHAT,
  MAX_MOVE_PAGE,
  MAX_MOVE_TEXT,
  MAX_TAKEBACK_PAGE,
  PASSWORD_PATTERN,
  PASSWORD_RULE,
  USER_ID_PATTERN,
  USER_ID_RULE,
} from './limits.ts';

// A field's `errorMessage` is the sentence a request is refused with when that field is wrong
// (the server's validator reads it); fields without one are described from their limits.
export const UserId = Type.String({ pattern: USER_ID_PATTERN, maxLength: 20, errorMessage: USER_ID_RULE });
export const Password = Type.String({
  pattern: PASSWORD_PATTERN,
  maxLength: 128,
  errorMessage: PASSWORD_RULE,
});
export const GameType = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[A-Za-z0-9_-]+$',
  errorMessage: 'a game type is 1 to 40 letters, digits, _ or - (such as warpweft)',
});
export const MoveText = Type.String({
  minLength: 1,
  maxLength: MAX_MOVE_TEXT,
  errorMessage: `a move is 1 to ${MAX_MOVE_TEXT} characters`,
});
export const MoveNo = Type.Integer({
  minimum: 1,
  maximum: 1_000_000,
  errorMessage: 'a move number is a whole number from 1 to 1000000',
});
/** A game's board number. */
export const GameId = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  errorMessage: 'a board number is a whole number from 1 up',
});
const strict = { additionalProperties: false } as const;

/** A schema's type with every property and array read-only, as the answers are handed around. */
export type Frozen<T> = T extends readonly (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

// Requests.

export const Credentials = Type.Object({ user: UserId, password: Password }, strict);
export const PasswordChange = Type.Object({ old: Password, new: Password }, strict);
export const Challenge = Type.Object(
  {
    gameType: GameType,
    players: Type.Array(UserId, { minItems: 1, maxItems: 8 }),
    options: Type.Optional(
      Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { maxProperties: 16 }),
    ),
    /** A correspondence clock: `3d`, `3d+10d` or `none` (the default). */
    timeControl: Type.Optional(Type.String({ maxLength: 20 })),
  },
  strict,
);
export type Challenge = Static<typeof Challenge>;
export const MoveBody = Type.Object({ move: MoveText, moveNo: Type.Optional(MoveNo) }, strict);
export const QueueBody = Type.Object({ moves: Type.Array(MoveText, { minItems: 1, maxItems: 32 }) }, strict);
export const ChatBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: MAX_CHAT }) }, strict);
export const RejectBody = Type.Object({ reject: Type.Boolean() }, strict);
export const PbmBody = Type.Object(
  { args: Type.Array(Type.String({ maxLength: 600 }), { minItems: 1, maxItems: 64 }) },
  strict,
);
export const GameParams = Type.Object({ id: GameId }, strict);
export const TypeParams = Type.Object({ type: GameType }, strict);
export const ShowQuery = Type.Object(
  {
    at: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    from: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MOVE_PAGE })),
  },
  strict,
);
export const ListFilter = Type.Union([
  Type.Literal('all'),
  Type.Literal('active'),
  Type.Literal('inactive'),
  Type.Literal('next'),
  Type.Literal('challenges'),
]);
export const ListQuery = Type.Object(
  { user: UserId, filter: Type.Optional(ListFilter), type: Type.Optional(GameType) },
  strict,
);
export const LiveQuery = Type.Object(
  { type: Type.Optional(GameType), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  strict,
);
/** `GET /api/games/finished`: a player's finished games, newest first, a page at a time. */
export const ArchiveQuery = Type.Object(
  {
    user: UserId,
    type: Type.Optional(GameType),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    /** The cursor a page's `next` gave: the page of games that ended before its last one. */
    before: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}_[0-9]{1,10}$',
        errorMessage: 'before is the cursor an archive page gave as next, such as 1764300000000_42',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  strict,
);
export const SocketQuery = Type.Object(
  {
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('msgpack')])),
    token: Type.Optional(Type.String({ maxLength: 100 })),
  },
  strict,
);

// Answers.

/** How a finished or void game ended; `winner` is a seat. */
export const Outcome = Type.Union([
  Type.Object({ kind: Type.Literal('win'), winner: Type.Integer(), reason: Type.String() }),
  Type.Object({ kind: Type.Literal('draw'), reason: Type.String() }),
  Type.Object({ kind: Type.Literal('loss'), reason: Type.String() }),
]);
export type Outcome = Frozen<Static<typeof Outcome>>;
export const GameStatus = Type.Union([
  Type.Literal('active'),
  Type.Literal('finished'),
  Type.Literal('void'),
]);
export type GameStatus = Static<typeof GameStatus>;

/**
 * What a challenge's terms need beyond a list row's other fields (see `termsText` in terms.ts):
 * the game's options in words (`size 7`, `compact`) and each seat's side in the game's words.
 */
export const GameTerms = Type.Object({
  options: Type.Array(Type.String()),
  sides: Type.Array(Type.String()),
});
export type GameTerms = Frozen<Static<typeof GameTerms>>;

/** A game in a list. */
export const GameSummary = Type.Object({
  id: GameId,
  gameType: GameType,
  title: Type.String(),
  players: Type.Array(Type.String()),
  /** Who issued the challenge that created the game (null if no player did). */
  challenger: Type.Union([Type.String(), Type.Null()]),
  status: GameStatus,
  outcome: Type.Union([Outcome, Type.Null()]),
  moveCount: Type.Integer(),
  toMove: Type.Union([Type.String(), Type.Null()]),
  rated: Type.Boolean(),
  /** When the game last changed (ms since 1970). */
  updatedAt: Type.Integer(),
  /** A correspondence clock's time control (`3d`, `3d+10d`) and, while active, the mover's deadline. */
  timeLimit: Type.Optional(
    Type.Object({ control: Type.String(), deadline: Type.Union([Type.Integer(), Type.Null()]) }),
  ),
  terms: Type.Optional(GameTerms),
});
export type GameSummary = Frozen<Static<typeof GameSummary>>;

/** A page of a player's finished games, most recently ended first; `more` when older ones follow. */
export const ArchivePage = Type.Object({
  user: Type.String(),
  offset: Type.Integer(),
  limit: Type.Integer(),
  more: Type.Boolean(),
  /** While `more`: the cursor for the next page (`before`), read by key at the same cost on any page. */
  next: Type.Optional(Type.String()),
  games: Type.Array(GameSummary),
});
export type ArchivePage = Frozen<Static<typeof ArchivePage>>;

export const ChatLine = Type.Object({
  id: Type.Integer(),
  gameId: GameId,
  user: Type.String(),
  text: Type.String(),
  at: Type.Integer(),
});
export type ChatLine = Frozen<Static<typeof ChatLine>>;

/** One move of a game's log; `auto` when it was played from its player's queue. */
export const LoggedMove = Type.Object({
  moveNo: Type.Integer(),
  seat: Type.Integer(),
  move: Type.String(),
  auto: Type.Boolean(),
  at: Type.Integer(),
});
export type LoggedMove = Frozen<Static<typeof LoggedMove>>;

/**
 * A timed game's clocks as of `at`: each seat's time left for its turn (its bank included) and
 * the end of any vacation it is on, and when the seat to move runs out of time.
 */
export const GameClock = Type.Object({
  control: Type.String(),
  daysPerMove: Type.Integer(),
  bankDays: Type.Integer(),
  at: Type.Integer(),
  /** The seat whose time is running (null once the game is over). */
  toMove: Type.Union([Type.Integer(), Type.Null()]),
  deadline: Type.Union([Type.Integer(), Type.Null()]),
  seats: Type.Array(
    Type.Object({
      remainingMs: Type.Integer(),
      bankMs: Type.Integer(),
      vacationUntil: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export type GameClock = Frozen<Static<typeof GameClock>>;

/** A player's vacation: until when they are on one (null: not now), and the days left this year. */
export const VacationState = Type.Object({
  until: Type.Union([Type.Integer(), Type.Null()]),
  daysLeft: Type.Integer(),
  daysPerYear: Type.Integer(),
});
export type VacationState = Frozen<Static<typeof VacationState>>;
export const VacationBody = Type.Object({ days: Type.Integer({ minimum: 1, maximum: 30 }) }, strict);

/** One game as a viewer may see it, at its latest move or an earlier one. */
/** A takeback offered: by whom, and the moves it would undo (their last move and any after it). */
export const TakebackOffer = Type.Object({
  by: Type.String(),
  fromMove: Type.Integer(),
  moves: Type.Array(Type.String()),
});
export type TakebackOffer = Frozen<Static<typeof TakebackOffer>>;
/** A takeback both players agreed to: moves `fromMove` onwards were undone. `id` orders a game's
 * takebacks; older ones are read with `before` set to the oldest id seen. */
export const TakebackMade = Type.Object({
  id: Type.Integer(),
  fromMove: Type.Integer(),
  moves: Type.Array(Type.String()),
  proposer: Type.String(),
  acceptedBy: Type.String(),
  at: Type.Integer(),
});
export type TakebackMade = Frozen<Static<typeof TakebackMade>>;
/** `GET /api/games/:id/takebacks`: a page of takebacks older than takeback `before`. */
export const TakebackQuery = Type.Object(
  {
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TAKEBACK_PAGE })),
  },
  strict,
);
/** Its answer: up to `limit` takebacks, oldest first; `before` (the cursor for the next page) while
 * older ones remain. */
export const TakebackPage = Type.Object({
  gameId: Type.Integer(),
  takebacks: Type.Array(TakebackMade),
  before: Type.Optional(Type.Integer()),
});
export type TakebackPage = Frozen<Static<typeof TakebackPage>>;
/** `POST /api/games/:id/takeback`: propose one, or answer the pending one. */
export const TakebackBody = Type.Object(
  { action: Type.Union([Type.Literal('propose'), Type.Literal('accept'), Type.Literal('reject')]) },
  strict,
);
export type TakebackBody = Static<typeof TakebackBody>;
/** `POST /api/games/:id/preview`: moves to play in turn from the current position, nothing recorded. */
export const PreviewBody = Type.Object(
  { moves: Type.Array(MoveText, { minItems: 1, maxItems: 32 }) },
  strict,
);
/** A preview's answer: the position the moves would lead to. */
export const PreviewAnswer = Type.Object({
  gameId: Type.Integer(),
  moves: Type.Array(Type.Object({ moveNo: Type.Integer(), seat: Type.Integer(), text: Type.String() })),
  view: Type.Unknown(),
  board: Type.String(),
  status: GameStatus,
  outcome: Type.Union([Outcome, Type.Null()]),
  toMove: Type.Union([Type.String(), Type.Null()]),
});
export type PreviewAnswer = Frozen<Static<typeof PreviewAnswer>>;

/** A player's current rating in one game type: Glicko-2's rating and deviation, provisional above 110. */
export const SeatRating = Type.Object({
  rating: Type.Number(),
  deviation: Type.Number(),
  provisional: Type.Boolean(),
});

export const GameShow = Type.Composite([
  GameSummary,
  Type.Object({
    options: Type.Unknown(),
    /** Each seat's player and the seat's name in the game's own words, e.g. "Warp (Vert)". */
    seats: Type.Array(
      Type.Object({
        user: Type.String(),
        seat: Type.Integer(),
        side: Type.String(),
        /** In a rated two-player game: the player's current rating in this game type (formatRating writes it). */
        rating: Type.Optional(SeatRating),
      }),
    ),
    /** The position shown: moveCount unless an earlier move was asked for. */
    asOf: Type.Integer(),
    /** The number of the first move in `moves`. */
    movesFrom: Type.Integer(),
    /** A page of the move log: moves movesFrom onwards, of moveCount in all. */
    moves: Type.Array(LoggedMove),
    /** What the viewer's seat (or a spectator) may see of the position. */
    view: Type.Unknown(),
    board: Type.String(),
    compact: Type.Boolean(),
    createdAt: Type.Integer(),
    /** A timed game's clocks (none for a game without a time control). */
    clock: Type.Optional(GameClock),
    /** A takeback offered and not yet answered: who offered it and the moves it would undo. */
    takebackOffer: Type.Optional(TakebackOffer),
    /**
     * The latest takebacks made by agreement (at most TAKEBACK_PAGE), oldest first: the moves undone
     * stay in the game's history. `takebacksBefore`, while older ones remain, is the cursor that
     * `GET /api/games/:id/takebacks?before=` pages them with.
     */
    takebacks: Type.Optional(Type.Array(TakebackMade)),
    takebacksBefore: Type.Optional(Type.Integer()),
    /** Only for a player of this game: their queued moves and the board's chat. */
    private: Type.Optional(Type.Object({ queue: Type.Array(Type.String()), chat: Type.Array(ChatLine) })),
  }),
]);
export type GameShow = Frozen<Static<typeof GameShow>>;

/** A move's answer: the game after it, the moves played (it, then queued ones now due), and
 * queued moves dropped because they were no longer legal. */
export const MoveAnswer = Type.Object({
  game: GameSummary,
  moves: Type.Array(
    Type.Object({
      moveNo: Type.Integer(),
      seat: Type.Integer(),
      text: Type.String(),
      auto: Type.Boolean(),
      at: Type.Integer(),
    }),
  ),
  dropped: Type.Array(Type.Object({ seat: Type.Integer(), move: Type.String(), error: Type.String() })),
});
export type MoveAnswer = Frozen<Static<typeof MoveAnswer>>;

/** The account the server's computer player plays as, in games against it. */
export const COMPUTER_USER = 'computer';

/** A game type the server hosts; `computer` when it has a computer opponent. */
export const GameTypeInfo = Type.Object({ id: GameType, title: Type.String(), computer: Type.Boolean() });
export type GameTypeInfo = Frozen<Static<typeof GameTypeInfo>>;

/** A player's place in a game type's table. */
export const Standing = Type.Object({
  user: Type.String(),
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
export type Standing = Frozen<Static<typeof Standing>>;

/** Who a session belongs to (`GET /api/me`). */
export const Me = Type.Object({ user: Type.String() });
export type Me = Frozen<Static<typeof Me>>;

/** A login's answer: the session token to send as "Authorization: Bearer <token>". */
export const Session = Type.Object({ user: Type.String(), token: Type.String(), expiresAt: Type.Integer() });
export type Session = Frozen<Static<typeof Session>>;

/** Every refusal's body: a sentence for people and a code for programs. */
export interface ApiError {
  readonly error: string;
  readonly code: ErrorCode;
}

/**
 * A PBeM command's answer (`POST /api/pbm`): the text a PBeM player reads, the board after a move
 * or `Error: …`. A refused command is also a refusal like any other, its sentence and code beside
 * the text, answered with the status of its code.
 */
export type PbmAnswer =
  | { readonly ok: true; readonly text: string }
  | ({ readonly ok: false; readonly text: string } & ApiError);
