/** Post-game analyses (../ports/analyses.ts) over the shared SQL surface; both backends use it. */
import type { Db } from '../db/index.ts';
import type { AnalysisStore } from '../ports/index.ts';

export function sqlAnalysisStore(db: Db): AnalysisStore {
  return {
    async analysis(gameId) {
      const rows = await db.all<{ move_count: number | string; body: string; at: number | string }>(
        'SELECT move_count, body, at FROM analyses WHERE game_id = ?',
        [gameId],
      );
      const row = rows[0];
      return row && { gameId, moveCount: Number(row.move_count), body: row.body, at: Number(row.at) };
    },
    async saveAnalysis({ gameId, moveCount, body, at }) {
      await db.run(
        `INSERT INTO analyses (game_id, move_count, body, at) VALUES (?, ?, ?, ?)
           ON CONFLICT (game_id) DO UPDATE SET move_count = excluded.move_count, body = excluded.body, at = excluded.at`,
        [gameId, moveCount, body, at],
      );
    },
  };
}
