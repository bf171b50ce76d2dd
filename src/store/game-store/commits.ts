/**
 * Changing a game: a move, a resignation or a queue committed (SQLite here, PostgreSQL in
 * ./commit-postgres.ts), moves taken back by agreement, and the queues of moves played later.
 */
import type { Change, GameRecord, Takeback } from '../../engine/index.ts';
import { type GameStore, SNAPSHOT_EVERY, type Store } from '../ports/index.ts';
import { type GameRow, recordTakeback, toRecord, WITHOUT_STATE } from '../sql/index.ts';
import { postgresCommit } from './commit-postgres.ts';
import type { GameStoreContext } from './context.ts';
import { rate } from './rating.ts';
import { firstRow, gameRowValues, insertSnapshots, writeQueue } from './rows.ts';

export type GameCommits = Pick<GameStore & Store, 'commit' | 'takeBack' | 'queuedMoves' | 'setQueue'>;

const UPDATE_GAME = `UPDATE games SET state = ?, move_count = ?, status = ?, outcome = ?, to_move = ?,
  version = version + 1, updated_at = ? WHERE id = ? AND version = ?`;

/** Commit a change on SQLite, this process being the only writer. */
async function sqliteCommit(
  { db, signals, cache }: GameStoreContext,
  change: Change,
): Promise<GameRecord | undefined> {
  const snapshot = change.move !== null && change.move.moveNo % SNAPSHOT_EVERY === 0;
  const params = [...gameRowValues(change), change.gameId, change.version];
  // The game as held here is the row as stored (this process is its only writer): when it is the
  // version the change was made on, the row need not be read back (RETURNING cost as much as the
  // update itself).
  const before = cache.recent.get(change.gameId);
  const held = before?.version === change.version ? before : undefined;
  const committed = await db.tx(async (q) => {
    let record: GameRecord;
    if (held) {
      if ((await q.run(UPDATE_GAME, params)) !== 1) return undefined;
      record = {
        ...held,
        state: change.state,
        moveCount: change.moveCount,
        status: change.status,
        outcome: change.outcome,
        toMove: change.toMove,
        version: change.version + 1,
        updatedAt: change.at,
      };
    } else {
      const [row] = await q.all<GameRow>(`${UPDATE_GAME} RETURNING ${WITHOUT_STATE}`, params);
      if (!row) return undefined;
      record = toRecord(row, change.state, before);
    }
    const move = change.move;
    if (move) {
      await q.run('INSERT INTO moves (game_id, move_no, seat, text, auto, at) VALUES (?, ?, ?, ?, ?, ?)', [
        change.gameId,
        move.moveNo,
        move.seat,
        move.text,
        move.auto ? 1 : 0,
        move.at,
      ]);
      if (snapshot) await insertSnapshots(q, change.gameId, [{ moveNo: move.moveNo, state: change.state }]);
    }
    if (change.queue) await writeQueue(q, change.gameId, change.queue.seat, change.queue.moves);
    return change.status === 'finished' ? rate(q, record) : record;
  });
  if (!committed) return undefined;
  if (change.queue) cache.queues?.set(`${change.gameId}/${change.queue.seat}`, [...change.queue.moves]);
  signals.committed({ kind: 'game', gameId: change.gameId });
  // Remembered only once committed: a rolled-back version must never be taken as current.
  return cache.remember(committed);
}

export function gameCommits(context: GameStoreContext): GameCommits {
  const { db, signals, kind, cache } = context;
  const commitOnPostgres = postgresCommit(context);
  return {
    async commit(change: Change) {
      return db.dialect === 'postgres' ? commitOnPostgres(change) : sqliteCommit(context, change);
    },

    /** Moves taken back by agreement (../ports/takebacks.ts): the game's row and the rest in one transaction. */
    async takeBack(t: Takeback) {
      const settled = cache.watch(t.gameId);
      let committed: GameRecord | undefined;
      try {
        committed = await db.tx(async (q) => {
          const [row] = await q.all<GameRow>(
            `UPDATE games SET state = ?, move_count = ?, to_move = ?, version = version + 1, updated_at = ?
               WHERE id = ? AND version = ? AND status = 'active' RETURNING ${WITHOUT_STATE}`,
            [JSON.stringify(t.state), t.moveCount, t.toMove, t.at, t.gameId, t.version],
          );
          if (!row) return undefined;
          await recordTakeback(q, t);
          return toRecord(row, t.state, cache.recent.get(t.gameId));
        });
      } finally {
        settled();
      }
      if (!committed) return undefined;
      for (let seat = 0; seat < committed.players.length; seat++) cache.queues?.delete(`${t.gameId}/${seat}`);
      cache.queuesAt.delete(t.gameId);
      signals.committed({ kind: 'game', gameId: t.gameId });
      return cache.remember(committed);
    },

    async queuedMoves(gameId, seat, version) {
      // Asked after every move; SQLite's single writer may answer from memory, and PostgreSQL
      // from what the game's last commit answered while that is still its current version.
      const known = cache.queues?.get(`${gameId}/${seat}`);
      if (known) return known;
      const at = cache.queuesAt.get(gameId);
      if (at && version !== undefined && at.version === version) return at.bySeat.get(seat) ?? [];
      const row = await firstRow<{ moves: string }>(
        db,
        'SELECT moves FROM queues WHERE game_id = ? AND seat = ?',
        [gameId, seat],
      );
      const moves = row ? (JSON.parse(row.moves) as string[]) : [];
      cache.queues?.set(`${gameId}/${seat}`, moves);
      return moves;
    },

    async setQueue(gameId, seat, moves) {
      cache.queuesAt.delete(gameId);
      await db.tx((q) => writeQueue(q, gameId, seat, moves));
      cache.queues?.set(`${gameId}/${seat}`, [...moves]);
      // The game's version stays: other processes must be told to forget the queues they hold.
      if (kind === 'postgres') signals.committed({ kind: 'game', gameId });
    },
  };
}
