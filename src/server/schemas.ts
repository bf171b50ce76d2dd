/** TypeBox schemas for every HTTP body, query and parameter, and for WebSocket frames. */
import { type Static, Type } from '@sinclair/typebox';
import { PASSWORD_PATTERN, USER_ID_PATTERN } from './auth.ts';
import { MAX_CHAT, MAX_MOVE_PAGE, MAX_MOVE_TEXT } from './service.ts';

export const UserId = Type.String({ pattern: USER_ID_PATTERN, maxLength: 20 });
export const Password = Type.String({ pattern: PASSWORD_PATTERN, maxLength: 128 });
const GameType = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });
const MoveText = Type.String({ minLength: 1, maxLength: MAX_MOVE_TEXT });
const MoveNo = Type.Integer({ minimum: 1, maximum: 1_000_000 });
const Board = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const strict = { additionalProperties: false } as const;

export const Credentials = Type.Object({ user: UserId, password: Password }, strict);
export const PasswordChange = Type.Object({ old: Password, new: Password }, strict);
export const Challenge = Type.Object(
  {
    game: GameType,
    players: Type.Array(UserId, { minItems: 1, maxItems: 8 }),
    options: Type.Optional(
      Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { maxProperties: 16 }),
    ),
  },
  strict,
);
export const MoveBody = Type.Object({ move: MoveText, moveNo: Type.Optional(MoveNo) }, strict);
export const QueueBody = Type.Object({ moves: Type.Array(MoveText, { minItems: 1, maxItems: 32 }) }, strict);
export const ChatBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: MAX_CHAT }) }, strict);
export const RejectBody = Type.Object({ reject: Type.Boolean() }, strict);
export const PbmBody = Type.Object(
  { args: Type.Array(Type.String({ maxLength: 600 }), { minItems: 1, maxItems: 64 }) },
  strict,
);
export const GameParams = Type.Object({ id: Board }, strict);
export const TypeParams = Type.Object({ type: GameType }, strict);
export const ShowQuery = Type.Object(
  {
    at: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    from: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MOVE_PAGE })),
  },
  strict,
);
export const ListQuery = Type.Object(
  {
    user: UserId,
    filter: Type.Optional(
      Type.Union([
        Type.Literal('all'),
        Type.Literal('active'),
        Type.Literal('inactive'),
        Type.Literal('next'),
        Type.Literal('challenges'),
      ]),
    ),
    type: Type.Optional(GameType),
  },
  strict,
);
export const LiveQuery = Type.Object(
  { type: Type.Optional(GameType), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  strict,
);
export const SocketQuery = Type.Object(
  {
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('msgpack')])),
    token: Type.Optional(Type.String({ maxLength: 100 })),
  },
  strict,
);

/** Frames a WebSocket client may send. `ref` is echoed in the reply. */
const Ref = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Integer()]));
export const ClientFrame = Type.Union([
  Type.Object({ type: Type.Literal('auth'), token: Type.String({ maxLength: 100 }), ref: Ref }, strict),
  Type.Object(
    {
      type: Type.Literal('subscribe'),
      // A board number, or "intricacy" for the Intricacy metagame's change notices.
      game: Type.Union([Board, Type.Literal('intricacy')]),
      since: Type.Optional(Type.Integer({ minimum: 0 })),
      ref: Ref,
    },
    strict,
  ),
  Type.Object(
    { type: Type.Literal('unsubscribe'), game: Type.Union([Board, Type.Literal('intricacy')]), ref: Ref },
    strict,
  ),
  Type.Object(
    { type: Type.Literal('move'), game: Board, move: MoveText, moveNo: Type.Optional(MoveNo), ref: Ref },
    strict,
  ),
  Type.Object({ type: Type.Literal('ping'), ref: Ref }, strict),
]);
export type ClientFrame = Static<typeof ClientFrame>;
