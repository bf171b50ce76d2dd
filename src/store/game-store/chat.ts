/** A game's chat, and the ratings table of a game type. */
import type { Db } from '../db/index.ts';
import type { ChatRow, GameStore, RatingRow, Signals } from '../ports/index.ts';
import { type RatingDbRow, toRating } from '../sql/index.ts';

export type ChatAndRatings = Pick<GameStore, 'addChat' | 'chat' | 'ratings'>;

export function chatAndRatings(db: Db, signals: Signals): ChatAndRatings {
  return {
    async addChat(gameId, user, text, at) {
      const [row] = await db.all<{ id: number }>(
        'INSERT INTO chat (game_id, user_id, text, at) VALUES (?, ?, ?, ?) RETURNING id',
        [gameId, user, text, at],
      );
      signals.committed({ kind: 'chat', gameId });
      return { id: Number(row?.id), gameId, user, text, at };
    },

    async chat(gameId, limit) {
      const rows = await db.all<{ id: number; user_id: string; text: string; at: number | string }>(
        'SELECT id, user_id, text, at FROM chat WHERE game_id = ? ORDER BY id DESC LIMIT ?',
        [gameId, limit],
      );
      return rows
        .reverse()
        .map((r): ChatRow => ({ id: Number(r.id), gameId, user: r.user_id, text: r.text, at: Number(r.at) }));
    },

    async ratings(gameType) {
      const rows = await db.all<RatingDbRow>(
        'SELECT * FROM ratings WHERE game_type = ? ORDER BY rating DESC, user_id',
        [gameType],
      );
      return rows.map((r): RatingRow => ({ user: r.user_id, ...toRating(r) }));
    },
  };
}
