/**
 * Warp and Weft positions stored with the pieces' owners as a list of numbers (`[0, 1, 2, 0]`)
 * rewritten with the owners as a string of digits (`"0120"`), the form the rules now keep: a
 * server holds every game's position until its next move, and the string is a seventh of the
 * list's size in memory. Both the games' current positions and their snapshots.
 */
import type { Db } from '../db/index.ts';

/** Rows read at a time, so a large archive is not read into memory at once. */
const PAGE = 500;

/** Writes a stored position back in today's form, unless it already is. */
async function rewrite(
  q: Db,
  stored: string,
  update: string,
  key: readonly (number | string)[],
): Promise<void> {
  const state = JSON.parse(stored) as { owners?: unknown };
  if (Array.isArray(state.owners))
    await q.run(update, [JSON.stringify({ ...state, owners: state.owners.join('') }), ...key]);
}

async function rewriteAll(q: Db): Promise<void> {
  for (let after = -1; ; ) {
    const games = await q.all<{ id: number; state: string }>(
      `SELECT id, state FROM games WHERE game_type = 'warpweft' AND id > ? ORDER BY id LIMIT ${PAGE}`,
      [after],
    );
    for (const game of games) {
      await rewrite(q, game.state, 'UPDATE games SET state = ? WHERE id = ?', [game.id]);
      const snapshots = await q.all<{ move_no: number; state: string }>(
        'SELECT move_no, state FROM snapshots WHERE game_id = ?',
        [game.id],
      );
      for (const s of snapshots)
        await rewrite(q, s.state, 'UPDATE snapshots SET state = ? WHERE game_id = ? AND move_no = ?', [
          game.id,
          s.move_no,
        ]);
    }
    if (games.length < PAGE) return;
    after = Number(games[games.length - 1]?.id);
  }
}

/** Migration 23: the stored Warp and Weft positions' owners as a string of digits. */
export const WARPWEFT_OWNERS_MIGRATION = {
  version: 23,
  statements: [],
  after: rewriteAll,
};
