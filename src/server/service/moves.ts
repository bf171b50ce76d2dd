/** Moves: one played, moves queued, a resignation, a challenge declined or cancelled, all through the authority. */
import { MAX_MOVE_TEXT } from '../../api/index.ts';
import { type MoveTaken, refuse } from '../../engine/index.ts';
import { done, type Reply, type ServiceContext } from './context.ts';

const checkMoveText = (text: string): Reply<string> =>
  text.length === 0 || text.length > MAX_MOVE_TEXT
    ? refuse('bad-request', `a move is 1 to ${MAX_MOVE_TEXT} characters`)
    : done(text);

export function moveService({ authority }: ServiceContext) {
  return {
    async move(user: string, gameId: number, text: string, moveNo?: number): Promise<Reply<MoveTaken>> {
      const checked = checkMoveText(text);
      if (!checked.ok) return checked;
      return authority.move({ gameId, user, move: text, ...(moveNo === undefined ? {} : { moveNo }) });
    },

    async queue(user: string, gameId: number, moves: readonly string[]): Promise<Reply<MoveTaken>> {
      for (const m of moves) {
        const checked = checkMoveText(m);
        if (!checked.ok) return checked;
      }
      return authority.queue({ gameId, user, moves });
    },

    async clearQueue(user: string, gameId: number): Promise<Reply<null>> {
      const cleared = await authority.clearQueue({ gameId, user });
      return cleared.ok ? done(null) : cleared;
    },

    async resign(user: string, gameId: number) {
      return authority.resign({ gameId, user });
    },

    async decline(user: string, gameId: number) {
      return authority.decline({ gameId, user });
    },

    async cancel(user: string, gameId: number) {
      return authority.cancel({ gameId, user });
    },
  };
}
