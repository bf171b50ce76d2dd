/**
 * Takebacks, previews and rematches for the service (./service.ts): the takebacks and previews are
 * the one authority's (src/engine/takeback/); a rematch is a challenge with the seats swapped.
 */
import {
  type GameShow,
  type PreviewAnswer,
  TAKEBACK_PAGE,
  type TakebackMade,
  type TakebackOffer,
  type TakebackPage,
} from '../../api/index.ts';
import {
  type Answer,
  type Authority,
  formatTimeControl,
  type GameRecord,
  refuse,
  type TakebackPort,
  takebackMoves,
} from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';
import { BOT_USER } from './auth.ts';
import { stateAt } from './positions.ts';

/** The takeback port of the one authority, on the store. */
export function storeTakebacks(store: Store, games: Readonly<Record<string, AnyGame>>): TakebackPort {
  return {
    proposal: (gameId) => store.proposal(gameId),
    propose: (gameId, proposal) => store.propose(gameId, proposal),
    dropProposal: (gameId) => store.dropProposal(gameId),
    declineProposal: (gameId, answered) => store.declineProposal(gameId, answered),
    takeBack: (takeback) => store.takeBack(takeback),
    takebackCounts: (gameId, fromMove, atMost) => store.takebackCounts(gameId, fromMove, atMost),
    positionAfter(record, moveNo) {
      const game = games[record.gameType];
      if (!game) throw new Error(`game ${record.id} has unknown type ${record.gameType}`);
      return stateAt(store, game, record, moveNo);
    },
  };
}

type Challenge = (
  by: string,
  type: string,
  players: readonly string[],
  options: unknown,
  timeControl?: string,
) => Promise<Answer<GameRecord>>;

/**
 * A page of a game's takebacks, oldest first, read newest first with one more than asked for, so
 * whether older ones remain costs nothing extra; `before` is then the cursor to them.
 */
async function takebackPage(
  store: Store,
  gameId: number,
  before: number | undefined,
  limit: number,
): Promise<{ takebacks: TakebackMade[]; before?: number }> {
  const rows = await store.takebacks(gameId, {
    ...(before === undefined ? {} : { before }),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit).reverse();
  const oldest = page[0];
  return {
    takebacks: page.map((t) => ({ ...t, moves: [...t.moves] })),
    ...(rows.length > limit && oldest ? { before: oldest.id } : {}),
  };
}

export function takebackService(deps: {
  readonly store: Store;
  readonly authority: Authority;
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly challenge: Challenge;
}) {
  const { store, authority, games } = deps;
  return {
    /** A takeback offered to the computer is accepted at once (`accepted` then says so). */
    async proposeTakeback(user: string, gameId: number) {
      const offered = await authority.proposeTakeback({ gameId, user });
      if (!offered.ok) return offered;
      const { game, proposal } = offered.value;
      if (game.players[1 - proposal.seat] !== BOT_USER) return offered;
      const answer = await authority.answerTakeback({ gameId, user: BOT_USER, accept: true });
      if (!answer.ok) return answer;
      return { ok: true as const, value: { ...offered.value, accepted: answer.value } };
    },

    answerTakeback: (user: string, gameId: number, accept: boolean) =>
      authority.answerTakeback({ gameId, user, accept }),

    /** The position `moves` would lead to, drawn as `show` draws it, for `viewer`'s seat. */
    async preview(viewer: string | null, gameId: number, moves: readonly string[]) {
      const seen = await authority.preview({ gameId, moves });
      if (!seen.ok) return seen;
      const { game: record, state } = seen.value;
      const game = games[record.gameType] as AnyGame;
      const seat = viewer === null ? -1 : record.players.indexOf(viewer);
      const answer: PreviewAnswer = {
        gameId,
        moves: seen.value.moves.map((m) => ({ moveNo: m.moveNo, seat: m.seat, text: m.text })),
        view: game.view(state, seat < 0 ? null : seat),
        board: game.toText(state, { compact: record.compact, names: record.players }),
        status: seen.value.status,
        outcome: seen.value.outcome,
        toMove: seen.value.toMove,
      };
      return { ok: true as const, value: answer };
    },

    /**
     * A new game between the same players with the seats swapped, the same options and clock; the
     * opponent answers it as any challenge (by moving, or declining).
     */
    async rematch(user: string, gameId: number) {
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      if (!record.players.includes(user))
        return refuse('forbidden', `${user} is not a player in game ${gameId}`);
      if (record.status === 'active')
        return refuse(
          'bad-request',
          `game ${gameId} is still being played: ask for a rematch once it is over`,
        );
      if (record.players.length !== 2)
        return refuse('bad-request', 'a rematch swaps the seats of a two-player game');
      const control = await store.timeControl(gameId);
      const options =
        typeof record.options === 'object' && record.options !== null
          ? { ...(record.options as object), ...(record.compact ? { compact: true } : {}) }
          : record.options;
      return deps.challenge(
        user,
        record.gameType,
        [...record.players].reverse(),
        options,
        control ? formatTimeControl(control) : 'none',
      );
    },

    /** Takebacks of game `gameId` made before takeback `before`, a page of `limit`. */
    async takebacks(gameId: number, before: number | undefined, limit: number) {
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      const page = await takebackPage(store, gameId, before, limit);
      return { ok: true as const, value: { gameId, ...page } satisfies TakebackPage };
    },

    /**
     * What `show` adds about takebacks: the one on offer (if it still stands) and the latest made,
     * with the cursor to older ones; the same cost however many the game has had.
     */
    async shown(
      record: GameRecord,
    ): Promise<Pick<GameShow, 'takebackOffer' | 'takebacks' | 'takebacksBefore'>> {
      const offer = await store.proposal(record.id);
      const made = await takebackPage(store, record.id, undefined, TAKEBACK_PAGE);
      let takebackOffer: TakebackOffer | undefined;
      if (offer && !offer.declined && offer.moveCount === record.moveCount && record.status === 'active') {
        const undone = takebackMoves(await store.moveLog(record.id, 0), offer.seat);
        takebackOffer = {
          by: offer.user,
          fromMove: undone[0]?.moveNo ?? record.moveCount,
          moves: undone.map((m) => m.text),
        };
      }
      return {
        ...(takebackOffer ? { takebackOffer } : {}),
        ...(made.takebacks.length > 0 ? { takebacks: made.takebacks } : {}),
        ...(made.before === undefined ? {} : { takebacksBefore: made.before }),
      };
    },
  };
}
