/**
 * Player profiles: ratings in every game, the rating history a chart is drawn from, recent games
 * and the record against another player. Anyone may read them; an unknown player is refused with
 * a sentence.
 */
import {
  type GameRating,
  type GameSummary,
  type HeadToHead,
  MAX_HISTORY,
  type Profile,
  type RatingHistory,
  type VersusRecord,
} from '../../api/index.ts';
import { type Answer, type GameRecord, isProvisional, refuse } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';
import { parseUserId } from './auth.ts';

/** Games listed on a profile, and in a head-to-head. */
const RECENT_GAMES = 10;

const done = <T>(value: T): Answer<T> => ({ ok: true, value });

export function profileService(deps: {
  readonly store: Store;
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly summary: (record: GameRecord) => GameSummary;
}) {
  const { store, games, summary } = deps;
  const title = (gameType: string) => games[gameType]?.title ?? gameType;

  /** The account a user id names, or a refusal saying there is none. */
  const player = async (userText: string): Promise<Answer<{ id: string; createdAt: number }>> => {
    const id = parseUserId(userText);
    if (!id.ok) return refuse('bad-request', id.error);
    const row = await store.getUser(id.value);
    return row ? done(row) : refuse('not-found', `there is no player called ${id.value}`);
  };

  const gameType = (type: string | null): Answer<string | null> =>
    type === null || Object.hasOwn(games, type)
      ? done(type)
      : refuse('not-found', `there is no game called ${type}`);

  return {
    async profile(userText: string): Promise<Answer<Profile>> {
      const found = await player(userText);
      if (!found.ok) return found;
      const user = found.value.id;
      const ratings = (await store.userRatings(user)).map(
        (r): GameRating => ({
          gameType: r.gameType,
          title: title(r.gameType),
          rating: r.rating,
          deviation: r.deviation,
          games: r.games,
          wins: r.wins,
          losses: r.losses,
          draws: r.draws,
          provisional: isProvisional(r),
        }),
      );
      const recent = (await store.listGames(user, 'all', null, RECENT_GAMES)).map(summary);
      return done({ user, since: found.value.createdAt, ratings, recent });
    },

    async history(
      userText: string,
      type: string | null,
      limit = MAX_HISTORY,
    ): Promise<Answer<RatingHistory>> {
      const found = await player(userText);
      if (!found.ok) return found;
      const known = gameType(type);
      if (!known.ok) return known;
      const points = await store.ratingHistory(found.value.id, type, limit);
      return done({ user: found.value.id, gameType: type, points });
    },

    /** `user`'s record against `other` in each game they have finished together. */
    async versus(userText: string, otherText: string): Promise<Answer<HeadToHead>> {
      const a = await player(userText);
      if (!a.ok) return a;
      const b = await player(otherText);
      if (!b.ok) return b;
      const [user, opponent] = [a.value.id, b.value.id];
      if (user === opponent) return refuse('bad-request', 'a head-to-head needs two different players');
      // A summary row per game type and one index range: the same cost however many they played.
      const records = (await store.pairRecords(user, opponent))
        .map(
          ({ gameType, wins, losses, draws }): VersusRecord => ({
            gameType,
            title: title(gameType),
            wins,
            losses,
            draws,
          }),
        )
        .sort((x, y) => x.title.localeCompare(y.title));
      const recent = await store.gamesBetween(user, opponent, RECENT_GAMES);
      return done({ user, opponent, records, recent: recent.map(summary) });
    },
  };
}
