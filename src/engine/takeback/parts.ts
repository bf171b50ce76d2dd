/** What takebacks and previews answer, and what the authority lends them. */
import type { AnyGame, Seat } from '../../games/game.ts';
import type {
  Answer,
  Change,
  GameEvent,
  GamePort,
  GameRecord,
  MoveRecord,
  Refusal,
  TakebackPort,
  TakebackProposal,
  TakebackRecord,
} from '../port/index.ts';

export interface TakebackOffered {
  readonly game: GameRecord;
  readonly proposal: TakebackProposal;
  /** The moves it would undo, first to last. */
  readonly moves: readonly MoveRecord[];
}

export type TakebackAnswer =
  | { readonly kind: 'accepted'; readonly game: GameRecord; readonly takeback: TakebackRecord }
  | { readonly kind: 'rejected' | 'withdrawn' | 'lapsed'; readonly game: GameRecord; readonly by: string };

export interface Preview {
  readonly game: GameRecord;
  /** The moves as they would be recorded, numbered from the game's next move. */
  readonly moves: readonly MoveRecord[];
  /** The position after them, with its outcome if they would end the game. */
  readonly state: unknown;
  readonly status: GameRecord['status'];
  readonly outcome: GameRecord['outcome'];
  readonly toMove: string | null;
}

/** What the authority lends the takeback and preview operations. */
export interface TakebackParts {
  readonly port: GamePort;
  readonly takebacks: TakebackPort | undefined;
  readonly gameOf: (record: GameRecord) => AnyGame;
  readonly refuse: (code: Refusal['code'], error: string) => Refusal;
  readonly load: (gameId: number) => Promise<Answer<GameRecord>>;
  readonly activeSeat: (gameId: number, user: string) => Promise<Answer<{ record: GameRecord; seat: Seat }>>;
  readonly planMove: (record: GameRecord, seat: Seat, text: string, auto: boolean) => Answer<Change>;
  readonly notify: (event: GameEvent) => void;
  readonly now: () => number;
}

export type GameAndUser = { readonly gameId: number; readonly user: string };
