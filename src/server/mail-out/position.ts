/**
 * The position a move mail showed, as a short tag: the number of moves and the last of them (its
 * text and when it was played). A takeback and a new move give the same move number a new tag, so a
 * reply to a mail from before a takeback is known for one about a board that is no more.
 */
import { createHash } from 'node:crypto';
import type { GameShow } from '../../api/index.ts';

export const POSITION_HEADER = 'X-Tessera-Position';

export function positionTag(show: Pick<GameShow, 'id' | 'moveCount' | 'moves'>): string {
  const last = show.moves.at(-1);
  const text = last ? `${show.id}/${show.moveCount}/${last.moveNo}/${last.move}/${last.at}` : `${show.id}/0`;
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
