/**
 * Reading games: a game by id (from the cache when it is current), its move log and snapshots.
 * PostgreSQL reads asked for while others are under way go together in one query.
 */
import type { GameRecord, MoveRecord } from '../../engine/index.ts';
import { batcher, type Db, type Params } from '../db/index.ts';
import type { GameStore, Store } from '../ports/index.ts';
import { type GameRow, toRecord } from '../sql/index.ts';
import type { GameStoreContext } from './context.ts';
import { firstRow, insertSnapshots, MOVE_COLUMNS, type MoveRow } from './rows.ts';

/** PostgreSQL: while this many reads of games (or of their logs) are under way, further ones wait
 * and then go together. */
const READS_IN_FLIGHT = 2;
const READ_BATCH = 100;

/**
 * PostgreSQL: whole games asked for while earlier reads are under way, read in one query. One
 * notification of another process's commits sets every game it names to be read back at once,
 * and a query apiece cost more CPU, mostly in the socket writes, than the moves themselves.
 */
function rowReader(db: Db, kind: Store['kind']): (id: number) => Promise<GameRow | undefined> {
  const one = <T>(sql: string, params: Params) => firstRow<T>(db, sql, params);
  return kind === 'postgres'
    ? batcher<number, GameRow | undefined>(
        async (ids) => {
          const rows =
            ids.length === 1
              ? await db.all<GameRow>('SELECT * FROM games WHERE id = ?', ids)
              : await db.all<GameRow>(
                  'SELECT * FROM games WHERE id IN (SELECT json_array_elements_text(?::json)::integer)',
                  [JSON.stringify(ids)],
                );
          const byId = new Map(rows.map((row) => [Number(row.id), row]));
          return ids.map((id) => ({ status: 'fulfilled', value: byId.get(id) }));
        },
        { inFlight: READS_IN_FLIGHT, maxBatch: READ_BATCH },
      )
    : (id) => one<GameRow>('SELECT * FROM games WHERE id = ?', [id]);
}

/** PostgreSQL: the moves of several games after a move number each, asked for together. */
function logReader(
  db: Db,
  kind: Store['kind'],
): (game: readonly [id: number, after: number]) => Promise<MoveRow[]> {
  return kind === 'postgres'
    ? batcher<readonly [number, number], MoveRow[]>(
        async (games) => {
          const after = new Map<number, number>();
          for (const [id, from] of games) after.set(id, Math.min(from, after.get(id) ?? from));
          const rows =
            games.length === 1
              ? await db.all<MoveRow>(
                  `SELECT game_id, ${MOVE_COLUMNS} FROM moves WHERE game_id = ? AND move_no > ? ORDER BY move_no`,
                  games[0] as readonly [number, number],
                )
              : await db.all<MoveRow>(
                  `SELECT m.game_id, ${MOVE_COLUMNS.replace(/(\w+)/g, 'm.$1')} FROM json_array_elements(?::json) AS k (v)
                       JOIN moves m ON m.game_id = (k.v->>0)::integer AND m.move_no > (k.v->>1)::integer
                       ORDER BY m.game_id, m.move_no`,
                  [JSON.stringify([...after])],
                );
          return games.map(([id, from]) => ({
            status: 'fulfilled',
            value: rows.filter((r) => Number(r.game_id) === id && Number(r.move_no) > from),
          }));
        },
        { inFlight: READS_IN_FLIGHT, maxBatch: READ_BATCH },
      )
    : ([id, after]) =>
        db.all<MoveRow>(
          `SELECT game_id, ${MOVE_COLUMNS} FROM moves WHERE game_id = ? AND move_no > ? ORDER BY move_no`,
          [id, after],
        );
}

export type GameReads = Pick<GameStore, 'loadGame' | 'loadRecent' | 'moveLog' | 'snapshot' | 'saveSnapshots'>;

export function gameReads({ db, kind, cache }: GameStoreContext): GameReads {
  const one = <T>(sql: string, params: Params) => firstRow<T>(db, sql, params);
  const readRows = rowReader(db, kind);
  const readLogs = logReader(db, kind);
  /** Read a game from the database and cache it. */
  const readGame = async (id: number): Promise<GameRecord | undefined> => {
    const settled = cache.watch(id);
    let row: GameRow | undefined;
    try {
      row = await readRows(id);
    } catch (error) {
      settled();
      throw error;
    }
    const clean = settled();
    return row ? cache.remember(toRecord(row), clean) : undefined;
  };

  const loadGame = async (id: number): Promise<GameRecord | undefined> => {
    const cached = cache.recent.get(id);
    // SQLite: this process is the only writer, so the cached copy is current.
    if (cached && kind === 'sqlite') return cached;
    if (cached) {
      // Another process may have changed it: the version says whether the copy is current.
      const settled = cache.watch(id);
      let stored: { version: number } | undefined;
      try {
        stored = await one<{ version: number }>('SELECT version FROM games WHERE id = ?', [id]);
      } catch (error) {
        settled();
        throw error;
      }
      const clean = settled();
      if (stored && Number(stored.version) === cached.version) return cache.remember(cached, clean);
    }
    return readGame(id);
  };

  return {
    loadGame,

    // PostgreSQL: for a change, a copy no signal has touched since it was read or committed.
    ...(kind === 'postgres'
      ? {
          loadRecent: (id: number) => {
            const cached = cache.recent.get(id);
            return cached && cache.unchanged(id) ? Promise.resolve(cached) : loadGame(id);
          },
        }
      : {}),

    async moveLog(gameId, after, limit) {
      const rows =
        limit === undefined
          ? await readLogs([gameId, after])
          : await db.all<MoveRow>(
              `SELECT game_id, ${MOVE_COLUMNS} FROM moves WHERE game_id = ? AND move_no > ? ORDER BY move_no LIMIT ?`,
              [gameId, after, limit],
            );
      return rows.map(
        (r): MoveRecord => ({
          moveNo: Number(r.move_no),
          seat: Number(r.seat),
          text: r.text,
          auto: Number(r.auto) === 1,
          at: Number(r.at),
        }),
      );
    },

    async snapshot(gameId, moveNo) {
      const row = await one<{ move_no: number; state: string }>(
        'SELECT move_no, state FROM snapshots WHERE game_id = ? AND move_no <= ? ORDER BY move_no DESC LIMIT 1',
        [gameId, moveNo],
      );
      return row && { moveNo: Number(row.move_no), state: JSON.parse(row.state) };
    },

    async saveSnapshots(gameId, snapshots) {
      if (snapshots.length > 0) await db.tx((q) => insertSnapshots(q, gameId, snapshots));
    },
  };
}
