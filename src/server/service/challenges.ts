/** Challenges: a game created at once between the players named, within each challenger's limits. */
import { randomInt } from 'node:crypto';
import {
  type ChallengeGuard,
  type GameRecord,
  parseTimeControl,
  refuse,
  type TimeControl,
} from '../../engine/index.ts';
import { BOT_USER, parseUserId } from './auth.ts';
import { done, type Reply, type ServiceContext } from './context.ts';

export const MAX_ACTIVE_GAMES = 200;
const TOO_MANY_GAMES = `you already have ${MAX_ACTIVE_GAMES} active games; finish some first`;
/** Challenges a user may have waiting for an answer: in all, and to any one player. */
export const MAX_OPEN_CHALLENGES = 20;
export const MAX_CHALLENGES_PER_OPPONENT = 3;

/**
 * The challenger's limits: active games, and challenges unanswered in all and per player; and the
 * active games of the `posters` whose open challenge the challenger takes.
 */
function challengeGuard(by: string, people: readonly string[], posters: readonly string[]): ChallengeGuard {
  return {
    challenger: by,
    alsoCounted: posters,
    check({ playing, unanswered }, others) {
      // Challenges nobody has answered count against the challenger, never the challenged.
      if (playing >= MAX_ACTIVE_GAMES) return TOO_MANY_GAMES;
      for (const [poster, count] of others) {
        if (count >= MAX_ACTIVE_GAMES)
          return `${poster} already has ${MAX_ACTIVE_GAMES} active games; their open challenge can be taken when they finish some`;
      }
      let open = 0;
      for (const [user, count] of unanswered) if (user !== BOT_USER) open += count;
      if (people.length > 0 && open >= MAX_OPEN_CHALLENGES)
        return `you have ${MAX_OPEN_CHALLENGES} challenges nobody has answered yet; wait until they move or decline`;
      const waiting = people.find((p) => (unanswered.get(p) ?? 0) >= MAX_CHALLENGES_PER_OPPONENT);
      if (waiting !== undefined)
        return `${waiting} has not answered your last ${MAX_CHALLENGES_PER_OPPONENT} challenges yet; wait until they move or decline`;
      return undefined;
    },
  };
}

export function challengeService(
  { store, botGames, authority, gameType }: ServiceContext,
  onCreate: ((record: GameRecord, control: TimeControl | null) => void) | undefined,
) {
  return {
    /** Why `user` may start no game now (the most active games at once), or undefined. */
    async atGameLimit(user: string): Promise<string | undefined> {
      return (await store.playingCount(user)) >= MAX_ACTIVE_GAMES ? TOO_MANY_GAMES : undefined;
    },

    async setRejects(user: string, type: string, reject: boolean): Promise<Reply<{ rejecting: boolean }>> {
      const game = gameType(type);
      if (!game.ok) return game;
      await store.setRejects(user, game.value.id, reject);
      return done({ rejecting: reject });
    },

    /**
     * A challenge creates the board at once; `by` must be one of the players. `timeControl` is a
     * correspondence clock (`3d`, `3d+10d`, `none`). With `terms.takes`, `by` takes that open
     * challenge (../pairing/): the game is created only if the seek is still open, in the same
     * transaction that removes it, and has no challenger (both players chose it).
     */
    async challenge(
      by: string,
      type: string,
      playerTexts: readonly string[],
      gameOptions: unknown,
      timeControl?: string,
      terms: { readonly rated?: boolean; readonly takes?: number } = {},
    ) {
      const game = gameType(type);
      if (!game.ok) return game;
      const control = parseTimeControl(timeControl ?? 'none');
      if (!control.ok) return refuse('bad-request', control.error);
      const players: string[] = [];
      for (const text of playerTexts) {
        const id = parseUserId(text);
        if (!id.ok) return refuse('bad-request', id.error);
        players.push(id.value);
      }
      if (!players.includes(by)) return refuse('forbidden', 'you can only challenge for a game you play in');
      for (const player of players) {
        if (player === by) continue;
        if (player === BOT_USER) {
          if (!botGames.has(game.value.id))
            return refuse('bad-request', `${game.value.title} has no computer opponent`);
          continue;
        }
        if (!(await store.getUser(player))) return refuse('not-found', `there is no user ${player}`);
        // Either may have blocked the other: the sentence says no more than that it cannot be.
        if (await store.blockedEither(by, player))
          return refuse('forbidden', `you cannot challenge ${player}`);
        if (await store.rejects(player, game.value.id)) {
          return refuse('forbidden', `${player} rejects all ${game.value.title} challenges`);
        }
      }
      // The computer answers at once: only challenges to people wait for an answer.
      const people = players.filter((p) => p !== by && p !== BOT_USER);
      // Checked in the transaction that creates the game, so parallel challenges cannot all pass.
      const taking = terms.takes !== undefined;
      const guard = challengeGuard(by, taking ? [] : people, taking ? people : []);
      const { compact, ...rules } = (gameOptions ?? {}) as { compact?: unknown };
      const created = await authority.create({
        gameType: game.value.id,
        players,
        ...(taking ? { takes: terms.takes } : { challenger: by }),
        ...(terms.rated === undefined ? {} : { rated: terms.rated }),
        options: rules,
        seed: randomInt(2 ** 31),
        compact: compact === true,
        timeControl: control.value,
        guard,
      });
      if (!created.ok) return created;
      onCreate?.(created.value, control.value);
      return done(created.value);
    },
  };
}
