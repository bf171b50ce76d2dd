/** What the authority is built from and asked: its options, and requests to create a game or move. */
import type { AnyGame, Result, Seat } from '../../games/game.ts';
import type { TimeControl } from '../clock/index.ts';
import type {
  ChallengeGuard,
  GameEvent,
  GamePort,
  GameRecord,
  MoveRecord,
  TakebackPort,
} from '../port/index.ts';

export interface AuthorityOptions {
  readonly port: GamePort;
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Called after every committed change, in commit order. */
  readonly notify?: (event: GameEvent) => void;
  readonly now: () => number;
  /** Where takebacks are proposed and made (../takeback/takeback.ts); without it, none are. */
  readonly takebacks?: TakebackPort;
  /**
   * A new game's first state; by default `game.setup(options, seed)` here. A server passes one
   * that runs costly setups in a worker thread: it must give exactly what `game.setup` gives
   * (replay rebuilds from it), or refuse with a sentence.
   */
  readonly setup?: (
    game: AnyGame,
    options: unknown,
    seed: number,
    challenger: string | null,
  ) => Promise<Result<unknown>>;
}

export interface CreateRequest {
  readonly gameType: string;
  readonly players: readonly string[];
  /** The player who issued the challenge, if a player did. */
  readonly challenger?: string;
  readonly options?: unknown;
  readonly seed: number;
  readonly rated?: boolean;
  readonly compact?: boolean;
  /** A correspondence clock for the game (../clock/clock.ts); none by default. */
  readonly timeControl?: TimeControl | null;
  /** The challenger's limits, checked in the transaction that creates the game. */
  readonly guard?: ChallengeGuard;
  /** The open challenge the game takes, removed in the transaction that creates it. */
  readonly takes?: number;
}

export interface MoveRequest {
  readonly gameId: number;
  readonly user: string;
  readonly move: string;
  /** The number this move will have (`#moveno`); a stale or duplicate move is refused. */
  readonly moveNo?: number;
}

export interface DroppedQueue {
  readonly seat: Seat;
  readonly move: string;
  readonly error: string;
}

export interface MoveTaken {
  readonly game: GameRecord;
  /** The move asked for, then any queued moves that were played after it. */
  readonly moves: readonly MoveRecord[];
  readonly dropped: readonly DroppedQueue[];
}
