/**
 * The profiles part of the store: a player's ratings in every game, the history of their rated
 * results (a row per player per rated game, written by the commit that ends the game and updates
 * `ratings`), and their record against another player.
 */
import type { GameRecord, Rating } from '../engine/index.ts';
import { backfillRatingHistory } from './sql-profiles.ts';

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

export interface PairRecord {
  readonly gameType: string;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface ProfileStore {
  /** The user's rating in each game type they have a rated result in, by game type. */
  userRatings(userId: string): Promise<TypeRating[]>;
  /** The user's last `limit` rated results (of one type, or of every type), oldest first. */
  ratingHistory(userId: string, gameType: string | null, limit: number): Promise<RatingChange[]>;
  /** `a`'s wins, losses and draws against `b`, by game type (kept as their games end). */
  pairRecords(a: string, b: string): Promise<PairRecord[]>;
  /** The latest `limit` finished games between two users, most recently ended first (no state). */
  gamesBetween(a: string, b: string, limit: number): Promise<GameRecord[]>;
}

/**
 * Migration 13: the rating history. Games rated before it are given their history by replaying
 * every finished rated game in the order the games ended, from everyone at the initial rating, as
 * the commits that ended them did.
 */
export const RATING_HISTORY_MIGRATION = {
  version: 13,
  statements: [
    `CREATE TABLE rating_history (id {id}, user_id TEXT NOT NULL, game_type TEXT NOT NULL,
      game_id INTEGER NOT NULL REFERENCES games (id), opponent TEXT NOT NULL, score {real} NOT NULL,
      rating_before {real} NOT NULL, rating_after {real} NOT NULL, at {time} NOT NULL)`,
    'CREATE INDEX rating_history_user ON rating_history (user_id, game_type, id)',
  ],
  after: backfillRatingHistory,
};
