/**
 * The records the one authority works on, and the storage port it records through. The server's
 * database (src/store/) and the clients' memory (./memory.ts) both implement `GamePort`.
 */

import type { TakebackOffer } from '../../api/index.ts';
import type { Outcome, Seat } from '../../games/game.ts';
import type { TimeControl } from '../clock/index.ts';

/** active: being played; finished: won, drawn or resigned; void: declined, never rated. */
export type GameStatus = 'active' | 'finished' | 'void';

export interface GameRecord {
  /** The board number, as on the PBeM server. */
  readonly id: number;
  /** The game's registry id, e.g. `warpweft`. */
  readonly gameType: string;
  readonly options: unknown;
  readonly seed: number;
  /** The user id sitting in each seat. */
  readonly players: readonly string[];
  /** Who created the game by a challenge (null when it was not created by a player). */
  readonly challenger: string | null;
  readonly status: GameStatus;
  readonly outcome: Outcome | null;
  /** Moves played so far; the next move is number moveCount + 1 (`#moveno`). */
  readonly moveCount: number;
  /** Bumped by every change (a move, a resignation, a decline): the optimistic lock. */
  readonly version: number;
  /** The cached current state; replaying the move log reproduces it. */
  readonly state: unknown;
  /** The user id whose turn it is, or null when the game is not active. */
  readonly toMove: string | null;
  readonly rated: boolean;
  /** Draw this board in the game's compact text form (`-compact`); display only. */
  readonly compact: boolean;
  /** A game its players entered beforehand (a tournament's): given up before every player has
   * moved, it is lost, not void (and still unrated, ../ratings/rules.ts). Absent: false. */
  readonly binding?: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface MoveRecord {
  /** 1-based. */
  readonly moveNo: number;
  readonly seat: Seat;
  /** The move in the game's canonical notation. */
  readonly text: string;
  /** Played from the seat's queue rather than sent as a move. */
  readonly auto: boolean;
  readonly at: number;
}

/** One change to one game, committed atomically or not at all. */
export interface Change {
  readonly gameId: number;
  /** The version the change was computed from; the commit fails if the game has moved on. */
  readonly version: number;
  readonly move: MoveRecord | null;
  readonly state: unknown;
  readonly moveCount: number;
  readonly status: GameStatus;
  readonly outcome: Outcome | null;
  readonly toMove: string | null;
  readonly at: number;
  /** Replace this seat's queued moves in the same transaction. */
  readonly queue?: { readonly seat: Seat; readonly moves: readonly string[] };
}

/** What a challenger already has, as the transaction creating their new game reads it. */
export interface ChallengerCounts {
  /** Active games they play, challenges to them they have not answered left out. */
  readonly playing: number;
  /** Their challenges nobody has answered yet, by challenged player. */
  readonly unanswered: ReadonlyMap<string, number>;
}

/**
 * A challenger's limits, checked in the transaction that inserts the game, after every other
 * creation by the same challenger has committed (so parallel challenges cannot all pass one
 * check): the refusal's sentence, or undefined to create it.
 */
export interface ChallengeGuard {
  readonly challenger: string;
  /** Other players whose active games are counted in the same transaction (an open challenge's
   * poster, when someone takes it): by player, for `check`. */
  readonly alsoCounted?: readonly string[];
  check(counts: ChallengerCounts, playing: ReadonlyMap<string, number>): string | undefined;
}

export interface NewGame {
  readonly gameType: string;
  readonly options: unknown;
  readonly seed: number;
  readonly players: readonly string[];
  readonly challenger: string | null;
  readonly state: unknown;
  readonly toMove: string | null;
  readonly rated: boolean;
  readonly compact: boolean;
  /** See GameRecord's `binding`. */
  readonly binding?: boolean;
  readonly at: number;
  /** A correspondence clock (../clock/clock.ts); the store keeps it with the game. */
  readonly timeControl?: TimeControl | null;
  /** The challenger's limits, checked atomically with the insert. */
  readonly guard?: ChallengeGuard;
  /** The open challenge this game takes: removed with the insert, or nothing is created. */
  readonly takes?: number;
}

/** Where the authority reads and records games. Every method is one transaction. */
export interface GamePort {
  /**
   * The new game, or the sentence its `guard` refused it with, or (`gone`) the open challenge it
   * `takes` was no longer there: nothing is then created.
   */
  createGame(game: NewGame): Promise<GameRecord | { readonly refused: string; readonly gone?: true }>;
  loadGame(id: number): Promise<GameRecord | undefined>;
  /**
   * The game, perhaps from a copy a moment behind another writer (PostgreSQL shared by several
   * processes), to compute a change on: the commit's version check refuses a change computed on a
   * stale copy, and the authority confirms a refusal with `loadGame` first. Without it, `loadGame`.
   */
  loadRecent?(id: number): Promise<GameRecord | undefined>;
  /** Applies the change and returns the new record, or undefined if `version` is stale. */
  commit(change: Change): Promise<GameRecord | undefined>;
  /** The moves after move number `after`, in order; at most `limit` of them when given. */
  moveLog(gameId: number, after: number, limit?: number): Promise<readonly MoveRecord[]>;
  /**
   * A seat's queued moves, oldest first; with `version`, as that version of the game left them
   * (a port may then answer from what the commit of that version returned).
   */
  queuedMoves(gameId: number, seat: Seat, version?: number): Promise<readonly string[]>;
  setQueue(gameId: number, seat: Seat, moves: readonly string[]): Promise<void>;
}

/** What the authority announces after each committed change. */
export type GameEvent =
  | { readonly kind: 'move'; readonly game: GameRecord; readonly move: MoveRecord }
  | { readonly kind: 'end'; readonly game: GameRecord }
  /** Moves were taken back by agreement: the game is at an earlier position (../takeback/takeback.ts). */
  | { readonly kind: 'takeback'; readonly game: GameRecord; readonly takeback: TakebackRecord }
  /** A takeback was offered, or (null) the offer was rejected, withdrawn or lapsed. */
  | { readonly kind: 'takeback-offer'; readonly game: GameRecord; readonly offer: TakebackOffer | null };

/** A takeback offered and not yet answered. */
export interface TakebackProposal {
  readonly seat: Seat;
  readonly user: string;
  /** The game's move count when it was offered: a move played since makes it lapse. */
  readonly moveCount: number;
  readonly at: number;
  /**
   * Rejected or withdrawn: no longer on offer, but kept until play goes on, so that its proposer
   * cannot offer it again at the same position (an opponent is asked once per position).
   */
  readonly declined?: boolean;
}

/** Who answered a proposal by dropping it (its opponent rejecting it, or its proposer withdrawing it), when. */
export interface TakebackAnswered {
  readonly by: string;
  readonly at: number;
}

/** A takeback that was accepted: which moves were undone, at whose asking. */
export interface TakebackRecord {
  /** The first move undone; the game continued from the position after move `fromMove - 1`. */
  readonly fromMove: number;
  /** The moves undone, in order. */
  readonly moves: readonly string[];
  readonly proposer: string;
  readonly acceptedBy: string;
  readonly at: number;
}

/** One accepted takeback, committed as one change: the log is cut back and the undoing recorded. */
export interface Takeback {
  readonly gameId: number;
  /** The version the takeback was computed from; the commit fails if the game has moved on. */
  readonly version: number;
  readonly moveCount: number;
  readonly state: unknown;
  readonly toMove: string | null;
  readonly at: number;
  readonly record: TakebackRecord;
}

/**
 * Where the authority keeps proposals and takes moves back. Committing a takeback removes the
 * moves after `moveCount` from the log (with their snapshots), empties the game's queues, drops
 * the proposal and records the takeback, in one transaction checked against `version`.
 */
export interface TakebackPort {
  proposal(gameId: number): Promise<TakebackProposal | undefined>;
  /** Record a proposal unless one is pending already; true when recorded. */
  propose(gameId: number, proposal: TakebackProposal): Promise<boolean>;
  dropProposal(gameId: number): Promise<void>;
  /**
   * Mark the proposal rejected or withdrawn (`answered.by`): off offer, remembered until play goes
   * on; the store may tell the players in the same commit.
   */
  declineProposal(gameId: number, answered: TakebackAnswered): Promise<void>;
  /** The game's state after move `moveNo` (0: its start). */
  positionAfter(record: GameRecord, moveNo: number): Promise<unknown>;
  takeBack(takeback: Takeback): Promise<GameRecord | undefined>;
  /**
   * How many takebacks the game has had, and how many of them went back to move `fromMove`, each
   * counted to `atMost` at most (so the count costs the same however many there are).
   */
  takebackCounts(gameId: number, fromMove: number, atMost: number): Promise<TakebackCounts>;
}

export interface TakebackCounts {
  readonly total: number;
  readonly ofMove: number;
}
