/**
 * The games part of the store: beyond what the one authority records through (`GamePort`), the
 * lists, snapshots, chat and ratings the server shows.
 */
import type { GamePort, GameRecord, Rating } from '../../engine/index.ts';

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

/** Where a page of an archive starts: after the game that ended at `endedAt` with id `gameId`. */
export interface ArchiveCursor {
  readonly endedAt: number;
  readonly gameId: number;
}

/** A game of an archive, with when it ended (the key its pages are read by). */
export interface ArchivedGame extends GameRecord {
  readonly endedAt: number;
}

export interface GameStore extends GamePort {
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
  /**
   * A user's archive: the games they played that ended (finished, or void after moves were made),
   * most recently ended first (at most `limit`): from `offset` on, or (keyset, the same cost on
   * any page) those that ended before `before`. Records carry no state.
   */
  archivedGames(
    userId: string,
    gameType: string | null,
    from: number | ArchiveCursor,
    limit: number,
  ): Promise<ArchivedGame[]>;
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
}
