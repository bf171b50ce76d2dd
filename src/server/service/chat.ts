/** Chat between a game's players: a line written (at a bounded rate), the lines read, listeners told. */
import { CHAT_BURST, CHAT_EVERY_S, MAX_CHAT } from '../../api/index.ts';
import { refuse } from '../../engine/index.ts';
import type { ChatRow } from '../../store/index.ts';
import { limiter } from '../guards/index.ts';
import { done, type Reply, type ServiceContext } from './context.ts';

/** Chat lines a game shows and a reader gets. */
export const CHAT_LIMIT = 100;

export function chatService({ store, now }: ServiceContext) {
  const chatListeners: ((row: ChatRow) => void)[] = [];
  // Each line reaches the opponent at once, as a notice too: a burst, then one every few seconds.
  const chatRate = limiter({ perSecond: 1 / CHAT_EVERY_S, burst: CHAT_BURST });
  return {
    async chat(user: string, gameId: number, text: string): Promise<Reply<ChatRow>> {
      const line = text.trim();
      if (line.length === 0 || line.length > MAX_CHAT)
        return refuse('bad-request', `a chat line is 1 to ${MAX_CHAT} characters`);
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      if (!record.players.includes(user))
        return refuse('forbidden', `${user} is not a player in game ${gameId}`);
      for (const other of record.players)
        if (other !== user && (await store.blockedEither(user, other)))
          return refuse('forbidden', `you cannot chat with ${other}`);
      if (!chatRate.take(user, now()))
        return refuse(
          'rate-limited',
          `you are writing too fast: ${CHAT_BURST} chat lines at once, then one every ${CHAT_EVERY_S} seconds`,
        );
      const row = await store.addChat(gameId, user, line, now());
      chatListeners.forEach((fn) => {
        fn(row);
      });
      return done(row);
    },

    async readChat(user: string, gameId: number): Promise<Reply<ChatRow[]>> {
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      if (!record.players.includes(user))
        return refuse('forbidden', `${user} is not a player in game ${gameId}`);
      return done(await store.chat(gameId, CHAT_LIMIT));
    },

    onChat(fn: (row: ChatRow) => void): void {
      chatListeners.push(fn);
    },
  };
}
