/** Lists of games: a player's, the finished games of a type, a player's archive page by page, standings. */
import type { ArchivePage, GameSummary, Standing } from '../../api/index.ts';
import { formatTimeControl, type GameRecord, isProvisional, refuse } from '../../engine/index.ts';
import type { ListFilter } from '../../store/index.ts';
import { readGameClocks } from '../correspondence/index.ts';
import { parseUserId } from './auth.ts';
import { done, type Reply, type ServiceContext } from './context.ts';

const LIST_LIMIT = 200;
const HISTORY_LIMIT = 50;
/** Finished games in a page of a player's archive, unless asked for another number. */
export const ARCHIVE_PAGE = 20;

export function listService({ store, now, gameType, summary }: ServiceContext) {
  /** Summaries, with the clock of each timed game (its control and the mover's deadline), read for
   * all the games together: the same few queries for 200 games as for one. */
  const withClocks = async (records: readonly GameRecord[]): Promise<GameSummary[]> => {
    const controls = await store.timeControls(records.map((r) => r.id));
    const clocks = await readGameClocks(store, records, now(), controls);
    return records.map((record) => {
      const control = controls.get(record.id);
      if (!control) return summary(record);
      const deadline = clocks.get(record.id)?.reading.deadline ?? null;
      return { ...summary(record), timeLimit: { control: formatTimeControl(control), deadline } };
    });
  };
  return {
    async list(
      userText: string,
      filter: ListFilter,
      type: string | null,
      limit = LIST_LIMIT,
    ): Promise<Reply<GameSummary[]>> {
      const user = parseUserId(userText);
      if (!user.ok) return refuse('bad-request', user.error);
      if (type !== null) {
        const game = gameType(type);
        if (!game.ok) return game;
      }
      return done(
        await withClocks(await store.listGames(user.value, filter, type, Math.min(limit, LIST_LIMIT))),
      );
    },

    async history(type: string): Promise<Reply<GameSummary[]>> {
      const game = gameType(type);
      if (!game.ok) return game;
      return done((await store.finishedGames(game.value.id, HISTORY_LIMIT)).map(summary));
    },

    /**
     * A player's finished games, most recently ended first: a page from `offset`, or (by key, the
     * same cost on any page) after the cursor `before` a page gave as `next` (see docs/api.md).
     */
    async archive(
      userText: string,
      type: string | null,
      from: number | string = 0,
      limit = ARCHIVE_PAGE,
    ): Promise<Reply<ArchivePage>> {
      const user = parseUserId(userText);
      if (!user.ok) return refuse('bad-request', user.error);
      if (type !== null) {
        const game = gameType(type);
        if (!game.ok) return game;
      }
      const [endedAt, gameId] = typeof from === 'string' ? from.split('_').map(Number) : [];
      const start = endedAt === undefined || gameId === undefined ? Number(from) : { endedAt, gameId };
      // One more than the page tells whether older games follow.
      const records = await store.archivedGames(user.value, type, start, limit + 1);
      const page = records.slice(0, limit);
      const last = page.at(-1);
      const more = records.length > limit;
      return done({
        user: user.value,
        offset: typeof start === 'number' ? start : 0,
        limit,
        more,
        ...(more && last ? { next: `${last.endedAt}_${last.id}` } : {}),
        games: page.map(summary),
      });
    },

    async standings(type: string): Promise<Reply<Standing[]>> {
      const game = gameType(type);
      if (!game.ok) return game;
      return done(
        (await store.ratings(game.value.id)).map(({ volatility: _, ...r }) => ({
          ...r,
          provisional: isProvisional(r),
        })),
      );
    },
  };
}
