/** Rating a two-player game in the commit that ends it, and recording both players' changes. */

import {
  everyoneHasMoved,
  type GameRecord,
  NEW_RATING,
  RATED_GAMES_PER_PAIR,
  RATED_PAIR_WINDOW_MS,
} from '../../engine/index.ts';
import { rateGame } from '../../engine/ratings/index.ts';
import type { Db } from '../db/index.ts';
import { firstPlayerScore, type RatingDbRow, recordRatingChanges, toRating } from '../sql/index.ts';

/**
 * Rate a two-player game that has just ended with a result, inside its commit. A game that
 * does not count (a player never moved, or the pair already has its rated games for the day)
 * is marked unrated instead; the record returned says which.
 */
export async function rate(q: Db, record: GameRecord): Promise<GameRecord> {
  const outcome = record.outcome;
  if (!record.rated || record.players.length !== 2 || !outcome || outcome.kind === 'loss') return record;
  const unrated = async () => {
    await q.run('UPDATE games SET rated = 0 WHERE id = ?', [record.id]);
    return { ...record, rated: false };
  };
  if (!everyoneHasMoved(record)) return unrated();
  const [a, b] = record.players as [string, string];
  if (q.dialect === 'postgres') {
    // Two games of one player ending at once must not both start from the same old rating,
    // nor two games of one pair both take the pair's last rated place: take each player's lock
    // (in one order, so two commits never wait on each other) before reading.
    for (const user of [a, b].sort()) {
      await q.all('SELECT pg_advisory_xact_lock(27002, hashtext(?::text))', [`${record.gameType}/${user}`]);
    }
  }
  const [pairGames] = await q.all<{ n: number | string }>(
    `SELECT count(*) AS n FROM games WHERE game_type = ? AND status = 'finished' AND rated = 1
         AND updated_at > ? AND id <> ? AND players IN (?, ?)`,
    [
      record.gameType,
      record.updatedAt - RATED_PAIR_WINDOW_MS,
      record.id,
      JSON.stringify([a, b]),
      JSON.stringify([b, a]),
    ],
  );
  if (Number(pairGames?.n ?? 0) >= RATED_GAMES_PER_PAIR) return unrated();
  const load = async (user: string) => {
    const row = (
      await q.all<RatingDbRow>('SELECT * FROM ratings WHERE game_type = ? AND user_id = ?', [
        record.gameType,
        user,
      ])
    )[0];
    return row ? toRating(row) : NEW_RATING;
  };
  const score = firstPlayerScore(outcome);
  const before = [await load(a), await load(b)] as const;
  const updated = rateGame(before[0], before[1], score);
  for (const [user, r] of [
    [a, updated[0]],
    [b, updated[1]],
  ] as const) {
    await q.run(
      `INSERT INTO ratings (game_type, user_id, rating, deviation, volatility, games, wins, losses, draws)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (game_type, user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
         volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, losses = excluded.losses,
         draws = excluded.draws`,
      [record.gameType, user, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses, r.draws],
    );
  }
  const rated = {
    id: record.id,
    gameType: record.gameType,
    players: [a, b] as const,
    at: record.updatedAt,
  };
  await recordRatingChanges(q, rated, before, updated, score);
  return record;
}
