/** The frames the live hub sends: a move (one frame per distinct view), a game's end, its whole state, a chat line. */
import type { ServerFrame } from '../../api/index.ts';
import type { GameRecord } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { ChatRow } from '../../store/index.ts';

/** A move as the hub sends it. */
export type FrameMove = { moveNo: number; seat: number; text: string; auto: boolean; at: number };

/**
 * The move frame builder for a record after one move. Views are computed once per seat, and
 * seats that see the same view object share one frame object (so it is encoded once).
 */
export const moveFrames = (
  game: AnyGame,
  record: GameRecord,
  move: { moveNo: number; seat: number; text: string; auto: boolean; at: number },
  withView: boolean,
) => {
  const bySeat = new Map<number | null, ServerFrame>();
  const byView = new Map<unknown, ServerFrame>();
  return (seat: number | null): ServerFrame => {
    let frame = bySeat.get(seat);
    if (frame) return frame;
    const view = withView ? game.view(record.state, seat) : undefined;
    frame = byView.get(view);
    if (!frame) {
      frame = {
        type: 'move',
        gameId: record.id,
        moveNo: move.moveNo,
        seat: move.seat,
        move: move.text,
        auto: move.auto,
        at: move.at,
        moveCount: record.moveCount,
        status: record.status,
        outcome: record.outcome,
        toMove: record.toMove,
        ...(withView ? { view } : {}),
      };
      byView.set(view, frame);
    }
    bySeat.set(seat, frame);
    return frame;
  };
};

export const endFrame = (record: GameRecord): ServerFrame => ({
  type: 'end',
  gameId: record.id,
  status: record.status,
  outcome: record.outcome,
  moveCount: record.moveCount,
});

export const chatFrame = (row: ChatRow): ServerFrame => ({
  type: 'chat',
  gameId: row.gameId,
  id: row.id,
  user: row.user,
  text: row.text,
  at: row.at,
});

/** A game's whole position for one seat. */
export const stateFrame = (game: AnyGame, record: GameRecord, seat: number | null): ServerFrame => ({
  type: 'state',
  gameId: record.id,
  moveCount: record.moveCount,
  status: record.status,
  outcome: record.outcome,
  toMove: record.toMove,
  view: game.view(record.state, seat),
});
