/**
 * The one storage interface. Two backends implement it with the same schema and behaviour:
 * node:sqlite (embedded, the default) and PostgreSQL. Every method is one transaction.
 */
import type { GamePort, GameRecord, Rating } from '../engine/index.ts';
import type { MailStore } from './mail.ts';

export interface UserRow {
  readonly id: string;
  readonly passHash: string;
  readonly salt: string;
  readonly createdAt: number;
}

export interface SessionRow {
  readonly userId: string;
  readonly expiresAt: number;
}

export interface ChatRow {
  readonly id: number;
  readonly gameId: number;
  readonly user: string;
  readonly text: string;
  readonly at: number;
}

export interface RatingRow extends Rating {
  readonly user: string;
}

/**
 * A game's state after move `moveNo`. Creating a game keeps its start (move 0) and a commit keeps
 * one after every SNAPSHOT_EVERY-th move, so any earlier position is rebuilt by replaying fewer
 * than SNAPSHOT_EVERY moves.
 */
export interface Snapshot {
  readonly moveNo: number;
  readonly state: unknown;
}
export const SNAPSHOT_EVERY = 50;

/**
 * all; active (being played); inactive (finished or void); next (the user is to move);
 * challenges (challenges to the user they have not answered by moving or declining).
 */
export type ListFilter = 'all' | 'active' | 'inactive' | 'next' | 'challenges';
export const LIST_FILTERS: readonly ListFilter[] = ['all', 'active', 'inactive', 'next', 'challenges'];

/**
 * A change another process committed (PostgreSQL only; one process owns a SQLite file), or
 * `resync` after the listening connection was lost: anything may have been missed.
 */
export interface RemoteSignal {
  /** `intricacy`: the metagame's action log grew (`gameId` is then the new last sequence number). */
  readonly kind: 'game' | 'chat' | 'resync' | 'intricacy';
  readonly gameId: number;
}

/** One entry of the Intricacy metagame's append-only action log; `payload` is plain JSON. */
export interface MetaActionRow {
  readonly seq: number;
  readonly kind: string;
  readonly payload: unknown;
  readonly at: number;
}

/**
 * The metagame's derived world as of log entry `seq`, in named parts of plain JSON; `format`
 * says how they are laid out. A save may carry only the parts that changed since the last one.
 */
export interface MetaWorldRow {
  readonly seq: number;
  readonly format: number;
  readonly parts: ReadonlyMap<string, unknown>;
}

/** Why an append was refused: `seq` is taken (the log moved on), or the account has a codename. */
export type MetaAppend = { readonly ok: true } | { readonly ok: false; readonly reason: 'seq' | 'account' };

export interface Store extends GamePort, MailStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, for the start-up message (no password). */
  readonly location: string;

  /** False when the id is taken. */
  createUser(user: UserRow): Promise<boolean>;
  getUser(id: string): Promise<UserRow | undefined>;
  setPassword(id: string, passHash: string, salt: string): Promise<void>;

  createSession(tokenHash: string, userId: string, expiresAt: number): Promise<void>;
  getSession(tokenHash: string): Promise<SessionRow | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Log the user out everywhere except, optionally, one session. */
  deleteSessions(userId: string, except?: string): Promise<void>;
  /** Remove sessions past their expiry. */
  purgeSessions(now: number): Promise<number>;

  setRejects(userId: string, gameType: string, reject: boolean): Promise<void>;
  rejects(userId: string, gameType: string): Promise<boolean>;

  /**
   * A user's games, newest first (at most `limit`): those they play before challenges to them they
   * have not answered.
   */
  listGames(
    userId: string,
    filter: ListFilter,
    gameType: string | null,
    limit: number,
  ): Promise<GameRecord[]>;
  /** Active games the user plays: all but challenges to them they have not answered. */
  playingCount(userId: string): Promise<number>;
  /** Who has not yet answered the user's challenges (not moved in them), and how many each. */
  unansweredChallenges(challenger: string): Promise<ReadonlyMap<string, number>>;
  /** Finished and void games of a type, most recently ended first. */
  finishedGames(gameType: string, limit: number): Promise<GameRecord[]>;
  /** Games being played (of one type, or of every type), most recently moved first: for spectators. */
  liveGames(gameType: string | null, limit: number): Promise<GameRecord[]>;

  /** The latest stored state of a game at or before move `moveNo`, if any. */
  snapshot(gameId: number, moveNo: number): Promise<Snapshot | undefined>;
  /** Keep states rebuilt by replay (of a game stored before snapshots); ones already kept stay. */
  saveSnapshots(gameId: number, snapshots: readonly Snapshot[]): Promise<void>;

  addChat(gameId: number, user: string, text: string, at: number): Promise<ChatRow>;
  /** The last `limit` lines of a board's chat, oldest first. */
  chat(gameId: number, limit: number): Promise<ChatRow[]>;

  /** Ratings of a game type, best first. Finishing a rated game updates them in its commit. */
  ratings(gameType: string): Promise<RatingRow[]>;

  /** Intricacy metagame: the action log after sequence number `after`, in order. */
  metaActions(after: number): Promise<MetaActionRow[]>;
  /**
   * Append `action`, whose `seq` must be the next number (one more than the last): refused with
   * reason `seq` when another writer took it first. With `codename`, the account `user` is given
   * that codename in the same transaction (refused with reason `account` if it already has one).
   */
  appendMetaAction(action: MetaActionRow, codename?: { user: string; codename: string }): Promise<MetaAppend>;
  /** The Intricacy codename an account registered, if any. */
  codenameOf(user: string): Promise<string | undefined>;
  /** The metagame's latest saved world, every part of it, if one was saved. */
  metaWorld(): Promise<MetaWorldRow | undefined>;
  /**
   * Save parts of the metagame's world as of log entry `seq` (the other parts stay), unless a
   * newer one is saved already (then false).
   */
  saveMetaWorld(row: MetaWorldRow): Promise<boolean>;

  /** Be told of changes other processes commit; returns a function that stops listening. */
  listen(onSignal: (signal: RemoteSignal) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
