/**
 * WebSocket frames, both ways, declared once for the server and both clients (docs/api.md,
 * "WebSocket"). `gameId` is a game's board number; `ref`, when a client sends one, is echoed in
 * the reply.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';
import {
  type ChatLine,
  GameId,
  type GameStatus,
  type GameSummary,
  MoveNo,
  MoveText,
  type Outcome,
  type TakebackOffer,
} from './http.ts';
import type { SeekView } from './seeks.ts';

const strict = { additionalProperties: false } as const;
const Ref = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Integer()]));
/** The Intricacy metagame's change notices, subscribed to apart from games. */
const Metagame = Type.Literal('intricacy');
/** Notices of the games of the logged-in user (a challenge, your move, an end, a chat line). */
const Notices = Type.Literal(true);

/** Frames a client may send. */
export const ClientFrame = Type.Union([
  Type.Object({ type: Type.Literal('auth'), token: Type.String({ maxLength: 100 }), ref: Ref }, strict),
  Type.Object(
    {
      type: Type.Literal('subscribe'),
      gameId: GameId,
      /** The last move number the client has: it is sent the moves after it. */
      since: Type.Optional(Type.Integer({ minimum: 0 })),
      ref: Ref,
    },
    strict,
  ),
  Type.Object({ type: Type.Literal('subscribe'), metagame: Metagame, ref: Ref }, strict),
  Type.Object({ type: Type.Literal('unsubscribe'), gameId: GameId, ref: Ref }, strict),
  Type.Object({ type: Type.Literal('unsubscribe'), metagame: Metagame, ref: Ref }, strict),
  Type.Object({ type: Type.Literal('subscribe'), notices: Notices, ref: Ref }, strict),
  Type.Object({ type: Type.Literal('unsubscribe'), notices: Notices, ref: Ref }, strict),
  Type.Object(
    { type: Type.Literal('move'), gameId: GameId, move: MoveText, moveNo: Type.Optional(MoveNo), ref: Ref },
    strict,
  ),
  Type.Object({ type: Type.Literal('ping'), ref: Ref }, strict),
]);
export type ClientFrame = Static<typeof ClientFrame>;

type Refd = { readonly ref?: string | number };
/** Where a game stands, in every frame that changes it. */
interface Standing {
  readonly gameId: number;
  readonly moveCount: number;
  readonly status: GameStatus;
}

/**
 * What a change to one of your games means to you: `challenge` (a new game someone challenged you
 * to), `paired` (a game begun by an open challenge taken, yours or theirs), `your-move`, `game-over` (won, lost, drawn, resigned, declined), `update` (anything else,
 * such as your own move made elsewhere or a game you challenged someone to), `chat` (a line
 * someone else wrote on one of your boards), `time-running-out` (your clock's reminder).
 */
export type NoticeKind =
  | 'challenge'
  | 'paired'
  | 'your-move'
  | 'game-over'
  | 'update'
  | 'chat'
  | 'time-running-out';
export const NOTICE_KINDS: readonly NoticeKind[] = [
  'challenge',
  'paired',
  'your-move',
  'game-over',
  'update',
  'chat',
  'time-running-out',
];

/** Frames the server sends. */
export type ServerFrame =
  | ({ readonly type: 'auth'; readonly user: string } & Refd)
  | ({ readonly type: 'pong' } & Refd)
  | ({
      readonly type: 'error';
      readonly error: string;
      readonly code: ErrorCode;
      /** The game the refused frame was about. */
      readonly gameId?: number;
    } & Refd)
  | ({
      readonly type: 'subscribed';
      readonly gameType: string;
      readonly players: readonly string[];
      /** The subscriber's seat, or null for a spectator. */
      readonly seat: number | null;
    } & Standing)
  | ({ readonly type: 'subscribed'; readonly metagame: 'intricacy' } & Refd)
  | ({ readonly type: 'subscribed'; readonly notices: true } & Refd)
  | ({
      readonly type: 'unsubscribed';
      readonly gameId?: number;
      readonly metagame?: 'intricacy';
      readonly notices?: true;
    } & Refd)
  | {
      /**
       * The open challenges changed (to every socket subscribed to notices): those posted, and
       * the ids of those taken, cancelled or expired. Each client keeps those it may take.
       */
      readonly type: 'seeks';
      readonly added: readonly SeekView[];
      readonly removed: readonly number[];
    }
  | {
      /** A change to one of the subscriber's games, as it stands now; `chat` with a chat notice. */
      readonly type: 'notice';
      readonly notice: NoticeKind;
      readonly game: GameSummary;
      readonly chat?: ChatLine;
    }
  | ({
      readonly type: 'state';
      readonly outcome: Outcome | null;
      readonly toMove: string | null;
      readonly view: unknown;
    } & Standing)
  | ({
      readonly type: 'move';
      readonly moveNo: number;
      readonly seat: number;
      readonly move: string;
      readonly auto: boolean;
      readonly at: number;
      readonly outcome: Outcome | null;
      readonly toMove: string | null;
      /** The position after the move as the subscriber's seat sees it (on the latest move). */
      readonly view?: unknown;
    } & Standing)
  | ({ readonly type: 'end'; readonly outcome: Outcome | null } & Standing)
  | {
      /** A takeback offered in the game, or (null) the offer answered, withdrawn or lapsed. */
      readonly type: 'takeback-offer';
      readonly gameId: number;
      readonly offer: TakebackOffer | null;
    }
  | {
      readonly type: 'chat';
      readonly gameId: number;
      readonly id: number;
      readonly user: string;
      readonly text: string;
      readonly at: number;
    }
  | {
      /** More of the backlog: subscribe again from `since`. */
      readonly type: 'more';
      readonly gameId: number;
      readonly since: number;
      readonly moveCount: number;
    }
  | ({
      readonly type: 'ack';
      readonly gameId: number;
      readonly moveNo: number | undefined;
      readonly move: string | undefined;
      readonly moveCount: number;
    } & Refd)
  | { readonly type: 'intricacy'; readonly change: unknown };

/** A server frame of one type. */
export type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
