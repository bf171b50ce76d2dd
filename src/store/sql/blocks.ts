/** The blocks part of the store (../ports/blocks.ts) over the shared SQL surface. */
import type { Db } from '../db/index.ts';
import type { BlockStore } from '../ports/index.ts';

export function sqlBlockStore(db: Db): BlockStore {
  return {
    async blockUser(blocker, blocked, at) {
      const added = await db.run(
        'INSERT INTO blocks (blocker, blocked, blocked_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [blocker, blocked, at],
      );
      return added > 0;
    },
    async unblockUser(blocker, blocked) {
      return (await db.run('DELETE FROM blocks WHERE blocker = ? AND blocked = ?', [blocker, blocked])) > 0;
    },
    async blockedBy(blocker) {
      const rows = await db.all<{ blocked: string }>(
        'SELECT blocked FROM blocks WHERE blocker = ? ORDER BY blocked',
        [blocker],
      );
      return rows.map((r) => r.blocked);
    },
    async blockedEither(a, b) {
      const rows = await db.all<{ n: number }>(
        'SELECT 1 AS n FROM blocks WHERE (blocker = ? AND blocked = ?) OR (blocker = ? AND blocked = ?) LIMIT 1',
        [a, b, b, a],
      );
      return rows.length > 0;
    },
  };
}
