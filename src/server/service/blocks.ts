/**
 * Blocks: a player blocks another, after which neither can challenge the other, chat with them or
 * be paired with them. Only the one who blocked sees it; the other's refusals name no reason.
 */
import { refuse } from '../../engine/index.ts';
import { BOT_USER, parseUserId } from './auth.ts';
import { done, type Reply, type ServiceContext } from './context.ts';

/** The most players one account may block: enough for any pest, bounded for the store. */
export const MAX_BLOCKS = 500;

export function blockService({ store, now }: ServiceContext) {
  /** The other player named, checked: a real account that is not the user nor the computer. */
  const other = async (user: string, text: string): Promise<Reply<string>> => {
    const id = parseUserId(text);
    if (!id.ok) return refuse('bad-request', id.error);
    if (id.value === user) return refuse('bad-request', 'you cannot block yourself');
    if (id.value === BOT_USER)
      return refuse('bad-request', 'the computer only plays when challenged: there is no need to block it');
    if (!(await store.getUser(id.value))) return refuse('not-found', `there is no user ${id.value}`);
    return done(id.value);
  };
  return {
    /** Whom `user` has blocked, in name order. */
    async blocks(user: string): Promise<Reply<{ blocked: string[] }>> {
      return done({ blocked: await store.blockedBy(user) });
    },

    async block(user: string, text: string): Promise<Reply<{ blocked: string[] }>> {
      const target = await other(user, text);
      if (!target.ok) return target;
      const already = await store.blockedBy(user);
      if (already.length >= MAX_BLOCKS && !already.includes(target.value))
        return refuse('rate-limited', `you have blocked ${MAX_BLOCKS} players, the most there may be`);
      await store.blockUser(user, target.value, now());
      return done({ blocked: await store.blockedBy(user) });
    },

    async unblock(user: string, text: string): Promise<Reply<{ blocked: string[] }>> {
      const id = parseUserId(text);
      if (!id.ok) return refuse('bad-request', id.error);
      if (!(await store.unblockUser(user, id.value)))
        return refuse('not-found', `you have not blocked ${id.value}`);
      return done({ blocked: await store.blockedBy(user) });
    },

    /** Either has blocked the other: no challenge, chat or pairing between them. */
    blockedEither(a: string, b: string): Promise<boolean> {
      return store.blockedEither(a, b);
    },
  };
}
