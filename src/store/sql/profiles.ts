/** The profiles part of the store (../ports/profiles.ts) over the shared SQL surface; both backends use it. */

import { isProvisional, NEW_RATING, type Rating } from '../../engine/index.ts';
import { rateGame } from '../../engine/ratings/index.ts';
import type { Outcome } from '../../games/game.ts';
import type { Db } from '../db/index.ts';
import type { ProfileStore, RatingChange, TypeRating } from '../ports/index.ts';
import { type GameRow, toRecord, WITHOUT_STATE } from './game-rows.ts';

/** The first player's score in a two-player game's outcome: 1 a win, ½ a draw, 0 a loss. */
export const firstPlayerScore = (outcome: Outcome): 0 | 0.5 | 1 =>
  outcome.kind === 'draw' ? 0.5 : outcome.kind === 'win' && outcome.winner === 0 ? 1 : 0;

/** A row of the ratings table. */
export interface RatingDbRow {
  user_id: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

export const toRating = (row: RatingDbRow): Rating => ({
  rating: Number(row.rating),
  deviation: Number(row.deviation),
  volatility: Number(row.volatility),
  games: Number(row.games),
  wins: Number(row.wins),
  losses: Number(row.losses),
  draws: Number(row.draws),
});

/** A rated game as the history needs it. */
interface RatedGame {
  readonly id: number;
  readonly gameType: string;
  readonly players: readonly [string, string];
  readonly at: number;
}

/** Record both players' rating changes of one rated game (inside the commit that rates it). */
export async function recordRatingChanges(
  q: Db,
  game: RatedGame,
  before: readonly [Rating, Rating],
  after: readonly [Rating, Rating],
  score: 0 | 0.5 | 1,
): Promise<void> {
  for (const seat of [0, 1] as const) {
    await q.run(
      `INSERT INTO rating_history (user_id, game_type, game_id, opponent, score, rating_before, rating_after, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        game.players[seat],
        game.gameType,
        game.id,
        game.players[1 - seat] as string,
        seat === 0 ? score : 1 - score,
        before[seat].rating,
        after[seat].rating,
        game.at,
      ],
    );
  }
}

/**
 * Every finished rated game replayed in the order the games ended, from everyone at the initial
 * rating, by the rules of src/engine/ratings.ts: the rating history is written anew, and with
 * `ratingsToo` each player's rating, deviation and volatility are set to where the replay ends
 * (their counts of games, wins, losses and draws are already right). Migration 13 gave the
 * history to games rated before it; migration 20 moves everyone from Elo to Glicko-2.
 */
export async function replayRatings(q: Db, ratingsToo: boolean): Promise<void> {
  const rows = await q.all<{
    id: number;
    game_type: string;
    players: string;
    outcome: string | null;
    updated_at: number | string;
  }>(
    `SELECT id, game_type, players, outcome, updated_at FROM games WHERE status = 'finished' AND rated = 1
     ORDER BY updated_at, id`,
  );
  await q.run('DELETE FROM rating_history');
  const ratings = new Map<string, { gameType: string; user: string; rating: Rating }>();
  for (const row of rows) {
    const players = JSON.parse(row.players) as string[];
    const outcome = row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome);
    if (players.length !== 2 || !outcome || outcome.kind === 'loss') continue;
    const pair = players as [string, string];
    const key = (user: string) => `${row.game_type}/${user}`;
    const before = [
      ratings.get(key(pair[0]))?.rating ?? NEW_RATING,
      ratings.get(key(pair[1]))?.rating ?? NEW_RATING,
    ] as const;
    const score = firstPlayerScore(outcome);
    const after = rateGame(before[0], before[1], score);
    for (const seat of [0, 1] as const)
      ratings.set(key(pair[seat]), { gameType: row.game_type, user: pair[seat], rating: after[seat] });
    const game = { id: Number(row.id), gameType: row.game_type, players: pair, at: Number(row.updated_at) };
    await recordRatingChanges(q, game, before, after, score);
  }
  if (!ratingsToo) return;
  for (const { gameType, user, rating } of ratings.values())
    await q.run(
      'UPDATE ratings SET rating = ?, deviation = ?, volatility = ? WHERE game_type = ? AND user_id = ?',
      [rating.rating, rating.deviation, rating.volatility, gameType, user],
    );
}

interface HistoryRow {
  game_type: string;
  game_id: number;
  opponent: string;
  score: number;
  rating_before: number;
  rating_after: number;
  at: number | string;
}

export function sqlProfileStore(db: Db): ProfileStore {
  return {
    async userRatings(userId) {
      const rows = await db.all<RatingDbRow & { game_type: string }>(
        'SELECT * FROM ratings WHERE user_id = ? ORDER BY game_type',
        [userId],
      );
      return rows.map((r): TypeRating => ({ gameType: r.game_type, ...toRating(r) }));
    },

    async playerRating(userId, gameType) {
      const [row] = await db.all<RatingDbRow>('SELECT * FROM ratings WHERE game_type = ? AND user_id = ?', [
        gameType,
        userId,
      ]);
      const { rating, deviation } = row ? toRating(row) : NEW_RATING;
      return { rating, deviation, provisional: isProvisional({ deviation }) };
    },

    async ratingHistory(userId, gameType, limit) {
      const rows = await db.all<HistoryRow>(
        `SELECT game_type, game_id, opponent, score, rating_before, rating_after, at FROM rating_history
         WHERE user_id = ?${gameType === null ? '' : ' AND game_type = ?'} ORDER BY id DESC LIMIT ?`,
        gameType === null ? [userId, limit] : [userId, gameType, limit],
      );
      return rows.reverse().map(
        (r): RatingChange => ({
          gameType: r.game_type,
          gameId: Number(r.game_id),
          opponent: r.opponent,
          score: Number(r.score),
          before: Number(r.rating_before),
          after: Number(r.rating_after),
          at: Number(r.at),
        }),
      );
    },

    async pairRecords(a, b) {
      const rows = await db.all<{ game_type: string; wins: number; losses: number; draws: number }>(
        'SELECT game_type, wins, losses, draws FROM pair_records WHERE user_id = ? AND opponent = ? ORDER BY game_type',
        [a, b],
      );
      return rows.map((r) => ({
        gameType: r.game_type,
        wins: Number(r.wins),
        losses: Number(r.losses),
        draws: Number(r.draws),
      }));
    },

    async gamesBetween(a, b, limit) {
      // The pair's range of `a`'s endings (../schema/endings.ts), newest first.
      const rows = await db.all<GameRow>(
        `SELECT ${WITHOUT_STATE.replace(/(\w+)/g, 'g.$1')} FROM game_endings e JOIN games g ON g.id = e.game_id
         WHERE e.user_id = ? AND e.opponent = ? AND e.finished = 1
         ORDER BY e.ended_at DESC, e.game_id DESC LIMIT ?`,
        [a, b, limit],
      );
      return rows.map((row) => toRecord(row, null));
    },
  };
}
