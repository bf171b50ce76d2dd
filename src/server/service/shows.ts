/** A game shown: its board as of any move, a page of its moves, its clock and takebacks; and its export. */
import { exportText, type GameShow, MAX_MOVE_PAGE, MOVE_PAGE } from '../../api/index.ts';
import { type GameRecord, type MoveRecord, refuse } from '../../engine/index.ts';
import { keptMarks } from '../analysis/index.ts';
import { clockOnWire, readGameClock } from '../correspondence/index.ts';
import { CHAT_LIMIT } from './chat.ts';
import { done, type Reply, type ServiceContext } from './context.ts';
import { stateAt } from './positions.ts';
import type { takebackService } from './takebacks.ts';

/** What `show` is asked for; every part has a default. */
export interface ShowRequest {
  /** The position after this move (default: the latest). */
  readonly at?: number;
  /** Draw the board compact (default: as the game was created). */
  readonly compact?: boolean;
  /** The first move of the page of the move log (default: the page ending at the position shown). */
  readonly from?: number;
  /** Moves in the page: MOVE_PAGE by default, at most MAX_MOVE_PAGE. */
  readonly limit?: number;
}

/** Each seat's player and side, and in a rated two-player game the player's current rating. */
async function seatsShown(
  store: ServiceContext['store'],
  record: GameRecord,
  side: (seat: number) => string,
) {
  const rated = record.rated && record.players.length === 2;
  return Promise.all(
    record.players.map(async (user, seat) => ({
      user,
      seat,
      side: side(seat),
      ...(rated ? { rating: await store.playerRating(user, record.gameType) } : {}),
    })),
  );
}

export function showService(
  { store, games, now, summary }: ServiceContext,
  takebacks: ReturnType<typeof takebackService>,
) {
  return {
    /** A board as of its latest move or move `at`; private parts only for its players. */
    async show(viewer: string | null, gameId: number, ask: ShowRequest = {}): Promise<Reply<GameShow>> {
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      const game = games[record.gameType];
      if (!game) throw new Error(`game ${gameId} has unknown type ${record.gameType}`);
      const { at, from } = ask;
      if (at !== undefined && (!Number.isInteger(at) || at < 0 || at > record.moveCount)) {
        return refuse(
          'bad-request',
          `game ${gameId} has moves 0 to ${record.moveCount}; there is no move ${at}`,
        );
      }
      const limit = ask.limit ?? MOVE_PAGE;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_MOVE_PAGE) {
        return refuse('bad-request', `a page of moves holds 1 to ${MAX_MOVE_PAGE} moves, not ${limit}`);
      }
      if (from !== undefined && (!Number.isInteger(from) || from < 1)) {
        return refuse('bad-request', `moves are numbered from 1; there is no move ${from}`);
      }
      const asOf = at ?? record.moveCount;
      const state = await stateAt(store, game, record, asOf);
      // By default the page around the position shown: the moves that led to it and, in a replay
      // of an earlier position, the ones that came next (at the latest move: the last page).
      const movesFrom =
        from ?? Math.max(1, Math.min(asOf - Math.floor(limit / 2) + 1, record.moveCount - limit + 1));
      const log = await store.moveLog(gameId, movesFrom - 1, limit);
      const seat = viewer === null ? -1 : record.players.indexOf(viewer);
      const compact = ask.compact ?? record.compact;
      const at_ = now();
      const clock = await readGameClock(store, record, at_);
      return done({
        ...summary(record),
        options: record.options,
        seats: await seatsShown(store, record, (s) => game.seatName(state, s)),
        asOf,
        movesFrom,
        moves: log.map((m: MoveRecord) => ({
          moveNo: m.moveNo,
          seat: m.seat,
          move: m.text,
          auto: m.auto,
          at: m.at,
        })),
        view: game.view(state, seat < 0 ? null : seat),
        board: game.toText(state, { compact, seat: seat < 0 ? null : seat, names: record.players }),
        compact,
        createdAt: record.createdAt,
        ...(clock ? { clock: clockOnWire(clock, at_) } : {}),
        ...(await takebacks.shown(record)),
        ...(seat < 0
          ? {}
          : {
              private: {
                queue: await store.queuedMoves(gameId, seat),
                chat: await store.chat(gameId, CHAT_LIMIT),
              },
            }),
      });
    },

    /** A game as text to download: its header (players, result, dates) and every move. */
    async exportGame(gameId: number): Promise<Reply<{ fileName: string; text: string }>> {
      const shown = await this.show(null, gameId, { limit: 1 });
      if (!shown.ok) return shown;
      const log = await store.moveLog(gameId, 0);
      const moves = log.map((m) => ({ moveNo: m.moveNo, move: m.text, auto: m.auto }));
      const marks = await keptMarks(store, shown.value);
      return done({
        fileName: `tessera-${shown.value.gameType}-${gameId}.txt`,
        text: exportText({ ...shown.value, moves, ...(marks ? { marks } : {}) }),
      });
    },
  };
}
