/** Lists of games: a player's games by filter, finished and live games of a type, a player's archive. */
import type { GameRecord } from '../../engine/index.ts';
import type { Db } from '../db/index.ts';
import type { GameStore, ListFilter } from '../ports/index.ts';
import { type GameRow, toRecord, WITHOUT_STATE } from '../sql/index.ts';
import { UNANSWERED } from './rows.ts';

export type GameLists = Pick<GameStore, 'listGames' | 'finishedGames' | 'archivedGames' | 'liveGames'>;

/**
 * The records of rows read without their states. A state is the bulk of a row and parsing it the
 * bulk of a list's cost (a busy player's lobby list is 200 games); the version a row names has one
 * state only, so a cached record of that version lends its own, and the rest are read whole in
 * one query.
 */
async function withStates(
  db: Db,
  recent: ReadonlyMap<number, GameRecord>,
  rows: readonly GameRow[],
): Promise<GameRecord[]> {
  const missing: number[] = [];
  const records = rows.map((row) => {
    const cached = recent.get(Number(row.id));
    if (cached?.version === Number(row.version)) return toRecord(row, cached.state, cached);
    missing.push(Number(row.id));
    return undefined;
  });
  if (missing.length === 0) return records as GameRecord[];
  const whole = await db.all<GameRow>(
    `SELECT * FROM games WHERE id IN (${missing.map(() => '?').join(', ')})`,
    missing,
  );
  const read = new Map(whole.map((row) => [Number(row.id), toRecord(row)]));
  return rows.flatMap((row, i) => records[i] ?? read.get(Number(row.id)) ?? []);
}

export function gameLists(db: Db, recent: ReadonlyMap<number, GameRecord>): GameLists {
  return {
    async listGames(userId: string, filter: ListFilter, gameType: string | null, limit: number) {
      const where = ['p.user_id = ?'];
      const params: (string | number)[] = [userId];
      if (gameType !== null) {
        where.push('g.game_type = ?');
        params.push(gameType);
      }
      if (filter === 'active') where.push("g.status = 'active'");
      if (filter === 'inactive') where.push("g.status <> 'active'");
      if (filter === 'next') {
        where.push('g.to_move = ?');
        params.push(userId);
      }
      if (filter === 'challenges') where.push(UNANSWERED);
      // The games the user plays come first, so challenges to them cannot crowd those out (lists
      // of ended games or of challenges alone hold one kind). Each part walks the player's index
      // newest first and stops at the limit: no sort of all their games, however many.
      const newest = async (extra: string, count: number) =>
        withStates(
          db,
          recent,
          await db.all<GameRow>(
            `SELECT ${WITHOUT_STATE.replace(/(\w+)/g, 'g.$1')} FROM games g JOIN game_players p ON p.game_id = g.id
             WHERE ${[...where, ...(extra ? [extra] : [])].join(' AND ')} ORDER BY p.game_id DESC LIMIT ?`,
            [...params, count],
          ),
        );
      if (filter === 'inactive' || filter === 'challenges') return newest('', limit);
      const playing = await newest(`NOT ${UNANSWERED}`, limit);
      if (playing.length >= limit) return playing;
      return [...playing, ...(await newest(UNANSWERED, limit - playing.length))];
    },

    async finishedGames(gameType, limit) {
      const rows = await db.all<GameRow>(
        "SELECT * FROM games WHERE game_type = ? AND status <> 'active' ORDER BY updated_at DESC, id DESC LIMIT ?",
        [gameType, limit],
      );
      return rows.map((row) => toRecord(row));
    },

    async archivedGames(userId, gameType, from, limit) {
      // Through the player's endings (../schema/endings.ts), in the index's order: a page by key reads
      // only its own rows. A challenge declined before any move is no game to look back on.
      const keyset = typeof from !== 'number';
      // An offset is skipped inside the index alone (no game row read for the rows it skips).
      const rows = await db.all<GameRow & { ended_at: number | string }>(
        `SELECT ${WITHOUT_STATE.replace(/(\w+)/g, 'g.$1')}, e.ended_at FROM (
           SELECT game_id, ended_at FROM game_endings
           WHERE user_id = ?${gameType === null ? '' : ' AND game_type = ?'}
             ${keyset ? 'AND (ended_at < ? OR (ended_at = ? AND game_id < ?))' : ''}
           ORDER BY ended_at DESC, game_id DESC LIMIT ?${keyset ? '' : ' OFFSET ?'}
         ) e JOIN games g ON g.id = e.game_id
         ORDER BY e.ended_at DESC, e.game_id DESC`,
        [
          userId,
          ...(gameType === null ? [] : [gameType]),
          ...(keyset ? [from.endedAt, from.endedAt, from.gameId, limit] : [limit, from]),
        ],
      );
      return rows.map((row) => ({ ...toRecord(row, null), endedAt: Number(row.ended_at) }));
    },

    async liveGames(gameType, limit) {
      // With a type, the (game_type, status, updated_at) index answers it.
      const rows = await db.all<GameRow>(
        `SELECT ${WITHOUT_STATE} FROM games WHERE status = 'active'${gameType === null ? '' : ' AND game_type = ?'}
         ORDER BY updated_at DESC, id DESC LIMIT ?`,
        gameType === null ? [limit] : [gameType, limit],
      );
      return withStates(db, recent, rows);
    },
  };
}
