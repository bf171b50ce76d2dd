/** The takebacks part of the store (../ports/takebacks.ts) over the shared SQL surface; both backends use it. */
import type { Takeback, TakebackProposal } from '../../engine/index.ts';
import type { Db } from '../db/index.ts';
import type { StoredTakeback, TakebackStore } from '../ports/index.ts';
import { insertNotice, insertOpponentNotices } from './mail.ts';

interface ProposalRow {
  declined: number;
  seat: number;
  user_id: string;
  move_count: number;
  at: number | string;
}

interface TakebackRow {
  id: number | string;
  from_move: number;
  moves: string;
  proposer: string;
  accepted_by: string;
  at: number | string;
}

export function sqlTakebackStore(db: Db): Omit<TakebackStore, 'takeBack'> {
  return {
    async proposal(gameId) {
      const [row] = await db.all<ProposalRow>(
        'SELECT seat, user_id, move_count, at, declined FROM takeback_proposals WHERE game_id = ?',
        [gameId],
      );
      return row
        ? {
            seat: Number(row.seat),
            user: row.user_id,
            moveCount: Number(row.move_count),
            at: Number(row.at),
            ...(Number(row.declined) === 1 ? { declined: true } : {}),
          }
        : undefined;
    },

    propose(gameId: number, p: TakebackProposal) {
      return db.tx(async (q) => {
        const added = await q.run(
          `INSERT INTO takeback_proposals (game_id, seat, user_id, move_count, at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (game_id) DO NOTHING`,
          [gameId, p.seat, p.user, p.moveCount, p.at],
        );
        if (added !== 1) return false;
        // The opponent hears of the offer by mail, if they chose mail on every move.
        await insertOpponentNotices(q, p.seat, {
          kind: 'takeback-offer',
          gameId,
          moveNo: p.moveCount,
          at: p.at,
        });
        return true;
      });
    },

    async dropProposal(gameId) {
      await db.run('DELETE FROM takeback_proposals WHERE game_id = ?', [gameId]);
    },

    async declineProposal(gameId, answered) {
      await db.tx(async (q) => {
        const [row] = await q.all<ProposalRow>(
          `UPDATE takeback_proposals SET declined = 1 WHERE game_id = ? AND declined = 0
             RETURNING seat, user_id, move_count, at`,
          [gameId],
        );
        if (!row) return;
        const notice = { gameId, moveNo: Number(row.move_count), at: answered.at };
        // Rejected: the proposer is told; withdrawn: the opponent it was offered to.
        if (row.user_id === answered.by) {
          await insertOpponentNotices(q, Number(row.seat), { ...notice, kind: 'takeback-withdrawn' });
        } else {
          await insertNotice(q, { ...notice, user: row.user_id, kind: 'takeback-rejected' });
        }
      });
    },

    async takebacks(gameId, { before, limit }) {
      // Keyset paging on (game_id, id), the index's order: no page reads more than its own rows.
      const rows = await db.all<TakebackRow>(
        `SELECT id, from_move, moves, proposer, accepted_by, at FROM takebacks
           WHERE game_id = ?${before === undefined ? '' : ' AND id < ?'} ORDER BY id DESC LIMIT ?`,
        before === undefined ? [gameId, limit] : [gameId, before, limit],
      );
      return rows.map(
        (r): StoredTakeback => ({
          id: Number(r.id),
          fromMove: Number(r.from_move),
          moves: JSON.parse(r.moves) as string[],
          proposer: r.proposer,
          acceptedBy: r.accepted_by,
          at: Number(r.at),
        }),
      );
    },

    async takebackCounts(gameId, fromMove, atMost) {
      // Each count stops at `atMost` rows, so a game with a long history costs no more to check.
      const [row] = await db.all<{ total: number | string; of_move: number | string }>(
        `SELECT (SELECT count(*) FROM (SELECT 1 FROM takebacks WHERE game_id = ? LIMIT ?) a) AS total,
                (SELECT count(*) FROM (SELECT 1 FROM takebacks WHERE game_id = ? AND from_move = ? LIMIT ?) b) AS of_move`,
        [gameId, atMost, gameId, fromMove, atMost],
      );
      return { total: Number(row?.total ?? 0), ofMove: Number(row?.of_move ?? 0) };
    },
  };
}

/**
 * The parts of a takeback's transaction beyond the game's row (written by the caller, who checked
 * its version): the log and snapshots cut back, queues emptied, proposal dropped, takeback recorded.
 */
export async function recordTakeback(q: Db, t: Takeback): Promise<void> {
  await q.run('DELETE FROM moves WHERE game_id = ? AND move_no > ?', [t.gameId, t.moveCount]);
  await q.run('DELETE FROM snapshots WHERE game_id = ? AND move_no > ?', [t.gameId, t.moveCount]);
  await q.run('DELETE FROM queues WHERE game_id = ?', [t.gameId]);
  await q.run('DELETE FROM takeback_proposals WHERE game_id = ?', [t.gameId]);
  // The proposer hears it was accepted and, if someone else is now to move, so do they.
  const notice = { kind: 'takeback-accepted', gameId: t.gameId, moveNo: t.moveCount, at: t.at } as const;
  await insertNotice(q, { ...notice, user: t.record.proposer });
  if (t.toMove !== null && t.toMove !== t.record.proposer)
    await insertNotice(q, { ...notice, user: t.toMove });
  await q.run(
    'INSERT INTO takebacks (game_id, from_move, moves, proposer, accepted_by, at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      t.gameId,
      t.record.fromMove,
      JSON.stringify(t.record.moves),
      t.record.proposer,
      t.record.acceptedBy,
      t.record.at,
    ],
  );
}
