/**
 * The clocks part of the store: each timed game's time control and when the server must next
 * look at it (to remind the player to move, or to end the game on time), and each player's
 * vacations. The arithmetic is the engine's (src/engine/clock/clock.ts); the store keeps its inputs.
 *
 * When a turn starts the game's next look is written by a trigger in the very transaction of the
 * move (or of the game's creation): a turn always has at least its days per move, so "the days
 * per move less the reminder's lead after the move" is never too late. The server then reads the
 * exact time (bank, vacations) and moves the look on. A game that ends is looked at no more.
 */
import type { Interval, TimeControl, TimedMove } from '../../engine/index.ts';
import type { Notice } from './mail.ts';

/** A timed game due for a look, claimed by one process until `heldUntil`. */
export interface DueClock {
  readonly gameId: number;
  /** The move count when the current turn began: a later move starts another turn. */
  readonly turn: number;
  /** The turn whose player was last reminded (-1: none). */
  readonly reminded: number;
}

/** A timed game whose clocks are read with others (ClockStore.clockMoves). */
export interface ClockedGame {
  readonly gameId: number;
  readonly moveCount: number;
  /** Every move counts (a time bank carries time from turn to turn), or the last alone. */
  readonly whole: boolean;
}

export interface ClockStore {
  /** A game's time control, or null when it has none. */
  timeControl(gameId: number): Promise<TimeControl | null>;
  /** The time controls of those of the games that have one. */
  timeControls(gameIds: readonly number[]): Promise<ReadonlyMap<number, TimeControl>>;
  /**
   * The moves the clocks of several games count, as (seat, time) oldest first, in one query: all of
   * a game's moves, or its last alone when its turns start afresh (no bank).
   */
  clockMoves(games: readonly ClockedGame[]): Promise<ReadonlyMap<number, readonly TimedMove[]>>;
  /** The users' vacations that end after `since`, oldest first. */
  vacations(users: readonly string[], since: number): Promise<ReadonlyMap<string, readonly Interval[]>>;
  /**
   * Record a vacation `decide` allows, given the user's vacations ending after `since` (serialised per user, so two
   * requests cannot both spend the last days). Answers what `decide` did.
   */
  takeVacation<T extends { readonly ok: boolean; readonly value?: Interval }>(
    user: string,
    since: number,
    decide: (taken: readonly Interval[]) => T,
  ): Promise<T>;
  /**
   * Claim up to `limit` clocks due at `now`, each held until `holdUntil` (another process may take
   * it after that if it was not moved on). Several processes never claim the same clock at once.
   */
  claimClocks(now: number, holdUntil: number, limit: number): Promise<DueClock[]>;
  /**
   * Moves were taken back: the turn is `toTurn` again (nobody reminded of it yet), if it was still
   * `turn`. True when this call changed it.
   */
  rebaseClock(gameId: number, turn: number, toTurn: number): Promise<boolean>;
  /** Look at the game again at `checkAt`, if its turn is still `turn`. */
  moveClockOn(gameId: number, turn: number, checkAt: number): Promise<void>;
  /**
   * Remind the player to move of turn `turn` (a notice by their chosen channel, ../store/mail.ts)
   * and look again at `checkAt`, in one transaction, once per turn. True when this call did it.
   */
  remindOnce(gameId: number, turn: number, checkAt: number, notice: Omit<Notice, 'id'>): Promise<boolean>;
}
