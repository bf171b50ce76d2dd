/** The rows and small statements the parts of the game store share. */

import type { Change } from '../../engine/index.ts';
import type { Db, Params } from '../db/index.ts';
import type { Snapshot } from '../ports/index.ts';

export const MOVE_COLUMNS = 'move_no, seat, text, auto, at';
export interface MoveRow {
  game_id: number;
  move_no: number;
  seat: number;
  text: string;
  auto: number;
  at: number | string;
}

/**
 * The game `g` is a challenge its player `p` has not answered: someone else challenged them and
 * they have not moved in it yet (`hasMoved` in src/engine/authority/turns.ts).
 */
export const UNANSWERED = `(g.status = 'active' AND g.challenger IS NOT NULL AND g.challenger <> p.user_id
  AND g.move_count <= p.seat)`;

/** What a change writes to its game's row, in this order: state, move_count, status, outcome,
 * to_move, updated_at (the same on both backends). */
export const gameRowValues = (change: Change): Params => [
  JSON.stringify(change.state),
  change.moveCount,
  change.status,
  change.outcome === null ? null : JSON.stringify(change.outcome),
  change.toMove,
  change.at,
];

/** The first row a statement answers. */
export const firstRow = async <T>(db: Db, sql: string, params: Params): Promise<T | undefined> =>
  (await db.all<T>(sql, params))[0];

export async function insertSnapshots(q: Db, gameId: number, snapshots: readonly Snapshot[]): Promise<void> {
  for (const s of snapshots) {
    await q.run(
      'INSERT INTO snapshots (game_id, move_no, state) VALUES (?, ?, ?) ON CONFLICT (game_id, move_no) DO NOTHING',
      [gameId, s.moveNo, JSON.stringify(s.state)],
    );
  }
}

export async function writeQueue(
  q: Db,
  gameId: number,
  seat: number,
  moves: readonly string[],
): Promise<void> {
  if (moves.length === 0) {
    await q.run('DELETE FROM queues WHERE game_id = ? AND seat = ?', [gameId, seat]);
  } else {
    await q.run(
      `INSERT INTO queues (game_id, seat, moves) VALUES (?, ?, ?)
       ON CONFLICT (game_id, seat) DO UPDATE SET moves = excluded.moves`,
      [gameId, seat, JSON.stringify(moves)],
    );
  }
}
