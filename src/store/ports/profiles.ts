/**
 * The profiles part of the store: a player's ratings in every game, the history of their rated
 * results (a row per player per rated game, written by the commit that ends the game and updates
 * `ratings`), and their record against another player.
 */
import type { GameRecord, Rating } from '../../engine/index.ts';

/** One rated result of one player: their rating before and after it. */
export interface RatingChange {
  readonly gameType: string;
  readonly gameId: number;
  readonly opponent: string;
  /** The player's score: 1 a win, 0.5 a draw, 0 a loss. */
  readonly score: number;
  readonly before: number;
  readonly after: number;
  /** When the game ended (ms since 1970). */
  readonly at: number;
}

export interface TypeRating extends Rating {
  readonly gameType: string;
}

/** A player's current rating in one game type, as pairing and rating ranges compare them. */
export interface PlayerRating {
  readonly rating: number;
  readonly deviation: number;
  /** The deviation is above PROVISIONAL_DEVIATION (src/engine/ratings/rules.ts): shown "1623?". */
  readonly provisional: boolean;
}

export interface PairRecord {
  readonly gameType: string;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface ProfileStore {
  /** The user's rating in each game type they have a rated result in, by game type. */
  userRatings(userId: string): Promise<TypeRating[]>;
  /**
   * The user's current rating in a game type: the one their next rated game there starts from
   * (1500 ± 350, provisional, before their first).
   */
  playerRating(userId: string, gameType: string): Promise<PlayerRating>;
  /** The user's last `limit` rated results (of one type, or of every type), oldest first. */
  ratingHistory(userId: string, gameType: string | null, limit: number): Promise<RatingChange[]>;
  /** `a`'s wins, losses and draws against `b`, by game type (kept as their games end). */
  pairRecords(a: string, b: string): Promise<PairRecord[]>;
  /** The latest `limit` finished games between two users, most recently ended first (no state). */
  gamesBetween(a: string, b: string, limit: number): Promise<GameRecord[]>;
}
