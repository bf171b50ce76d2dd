/**
 * Takebacks both players agree to, and previews of moves not played: part of the one authority
 * (./authority.ts builds them with its own checks), so nothing here is a second path to the truth.
 *
 * A takeback undoes the proposer's last move and every move after it: their own move if the
 * opponent has not answered it yet, the last full turn if they have. It is offered with
 * `proposeTakeback` and lapses as soon as another move is played; the opponent accepts or rejects
 * it, the proposer may withdraw it (reject). The moves taken back are recorded beside the game
 * (`TakebackRecord`), so the game's history stays honest while its move log replays to the
 * position actually being played.
 */
import { MAX_TAKEBACKS, MAX_TAKEBACKS_PER_MOVE, type TakebackOffer } from '../../api/index.ts';
import type { AnyGame, Seat } from '../../games/game.ts';
import type { Answer, Refusal } from './answer.ts';
import type { MemoryPort } from './memory.ts';
import type {
  Change,
  GameEvent,
  GamePort,
  GameRecord,
  MoveRecord,
  TakebackPort,
  TakebackProposal,
  TakebackRecord,
} from './types.ts';

export interface TakebackOffered {
  readonly game: GameRecord;
  readonly proposal: TakebackProposal;
  /** The moves it would undo, first to last. */
  readonly moves: readonly MoveRecord[];
}

export type TakebackAnswer =
  | { readonly kind: 'accepted'; readonly game: GameRecord; readonly takeback: TakebackRecord }
  | { readonly kind: 'rejected' | 'withdrawn' | 'lapsed'; readonly game: GameRecord; readonly by: string };

export interface Preview {
  readonly game: GameRecord;
  /** The moves as they would be recorded, numbered from the game's next move. */
  readonly moves: readonly MoveRecord[];
  /** The position after them, with its outcome if they would end the game. */
  readonly state: unknown;
  readonly status: GameRecord['status'];
  readonly outcome: GameRecord['outcome'];
  readonly toMove: string | null;
}

/** What the authority lends the takeback and preview operations. */
export interface TakebackParts {
  readonly port: GamePort;
  readonly takebacks: TakebackPort | undefined;
  readonly gameOf: (record: GameRecord) => AnyGame;
  readonly refuse: (code: Refusal['code'], error: string) => Refusal;
  readonly load: (gameId: number) => Promise<Answer<GameRecord>>;
  readonly activeSeat: (gameId: number, user: string) => Promise<Answer<{ record: GameRecord; seat: Seat }>>;
  readonly planMove: (record: GameRecord, seat: Seat, text: string, auto: boolean) => Answer<Change>;
  readonly notify: (event: GameEvent) => void;
  readonly now: () => number;
}

/** The moves a takeback asked by `seat` would undo: its last move in `log` and all after it. */
export function takebackMoves(log: readonly MoveRecord[], seat: Seat): readonly MoveRecord[] {
  const last = log.findLastIndex((m) => m.seat === seat);
  return last < 0 ? [] : log.slice(last);
}

/** Takebacks are kept by seat in a two-player game. */
const PLAYERS = 2;

export function takebackOperations(parts: TakebackParts) {
  const { port, refuse, now } = parts;
  const ok = <T>(value: T): Answer<T> => ({ ok: true, value });

  const undoneBy = async (record: GameRecord, seat: Seat) =>
    takebackMoves(await port.moveLog(record.id, 0), seat);

  /**
   * A refusal when the takeback would leave the stretch of play being played (a round, in a game
   * of rounds: src/games/game.ts `stretch`): undo the move that decided a round, or reach into an
   * earlier one. Every client, PBeM and mail go through here, so all keep the rule.
   */
  const crossesRound = async (takebacks: TakebackPort, record: GameRecord, fromMove: number) => {
    const stretch = parts.gameOf(record).stretch;
    if (!stretch) return undefined;
    const back = await takebacks.positionAfter(record, fromMove - 1);
    if (stretch(back) === stretch(record.state)) return undefined;
    return refuse(
      'bad-request',
      `a takeback stays within the round being played, and that one would undo moves of game ${record.id} from an earlier round or the move that decided one`,
    );
  };

  /** A refusal when the game, or the move the takeback goes back to, has had its share already. */
  const overCap = async (takebacks: TakebackPort, record: GameRecord, fromMove: number) => {
    const atMost = Math.max(MAX_TAKEBACKS, MAX_TAKEBACKS_PER_MOVE);
    const counts = await takebacks.takebackCounts(record.id, fromMove, atMost);
    if (counts.total >= MAX_TAKEBACKS)
      return refuse(
        'forbidden',
        `game ${record.id} has had ${MAX_TAKEBACKS} takebacks, the most a game may have: play on from here`,
      );
    if (counts.ofMove >= MAX_TAKEBACKS_PER_MOVE)
      return refuse(
        'forbidden',
        `move ${fromMove} of game ${record.id} has been taken back ${MAX_TAKEBACKS_PER_MOVE} times, the most a move may be: play on from here`,
      );
    return undefined;
  };

  const withPort = async (
    gameId: number,
    user: string,
  ): Promise<Answer<{ record: GameRecord; seat: Seat; takebacks: TakebackPort }>> => {
    const found = await parts.activeSeat(gameId, user);
    if (!found.ok) return found;
    const takebacks = parts.takebacks;
    if (!takebacks) return refuse('bad-request', 'moves cannot be taken back here');
    if (found.value.record.players.length !== PLAYERS)
      return refuse('bad-request', 'a takeback is agreed between the two players of a two-player game');
    return ok({ ...found.value, takebacks });
  };

  return {
    async proposeTakeback(request: { readonly gameId: number; readonly user: string }) {
      const found = await withPort(request.gameId, request.user);
      if (!found.ok) return found;
      const { record, seat, takebacks } = found.value;
      const pending = await takebacks.proposal(record.id);
      if (pending?.declined && pending.moveCount === record.moveCount && pending.seat === seat) {
        return refuse(
          'conflict',
          `you have proposed a takeback at this point of game ${record.id} already: play on, and propose again after the next move`,
        );
      }
      if (pending && !pending.declined && pending.moveCount === record.moveCount) {
        return refuse(
          'conflict',
          pending.user === request.user
            ? `you have already proposed a takeback in game ${record.id}; wait for ${record.players[1 - pending.seat]} to accept or reject it`
            : `${pending.user} has already proposed a takeback in game ${record.id}: accept or reject it`,
        );
      }
      const moves = await undoneBy(record, seat);
      if (moves.length === 0)
        return refuse(
          'bad-request',
          `you have not moved in game ${record.id} yet: there is nothing to take back`,
        );
      const fromMove = moves[0]?.moveNo ?? record.moveCount;
      const capped =
        (await crossesRound(takebacks, record, fromMove)) ?? (await overCap(takebacks, record, fromMove));
      if (capped) return capped;
      // A proposal left from an earlier position lapsed when play went on: this one replaces it.
      if (pending) await takebacks.dropProposal(record.id);
      const proposal: TakebackProposal = { seat, user: request.user, moveCount: record.moveCount, at: now() };
      if (!(await takebacks.propose(record.id, proposal)))
        return refuse('busy', `game ${record.id} is busy; try again`);
      parts.notify({
        kind: 'takeback-offer',
        game: record,
        offer: { by: request.user, fromMove: moves[0]?.moveNo ?? 0, moves: moves.map((m) => m.text) },
      });
      return ok<TakebackOffered>({ game: record, proposal, moves });
    },

    /**
     * Accept or reject the pending takeback. Only the opponent accepts; either player may reject
     * (the proposer's rejection withdraws it).
     */
    async answerTakeback(request: {
      readonly gameId: number;
      readonly user: string;
      readonly accept: boolean;
    }): Promise<Answer<TakebackAnswer>> {
      const found = await withPort(request.gameId, request.user);
      if (!found.ok) return found;
      const { record, seat, takebacks } = found.value;
      const pending = await takebacks.proposal(record.id);
      if (!pending || pending.declined)
        return refuse('bad-request', `nobody has proposed a takeback in game ${record.id}`);
      if (pending.moveCount !== record.moveCount) {
        await takebacks.dropProposal(record.id);
        parts.notify({ kind: 'takeback-offer', game: record, offer: null });
        return refuse(
          'stale-move',
          `the takeback ${pending.user} proposed in game ${record.id} lapsed: a move has been played since`,
        );
      }
      const own = pending.seat === seat;
      if (!request.accept) {
        await takebacks.declineProposal(record.id, { by: request.user, at: now() });
        parts.notify({ kind: 'takeback-offer', game: record, offer: null });
        return ok<TakebackAnswer>({ kind: own ? 'withdrawn' : 'rejected', game: record, by: request.user });
      }
      if (own) {
        return refuse(
          'forbidden',
          `the takeback in game ${record.id} is your own proposal: ${record.players[1 - seat]} accepts or rejects it`,
        );
      }
      const moves = await undoneBy(record, pending.seat);
      const first = moves[0];
      if (!first) return refuse('bad-request', `there is no move of ${pending.user} to take back`);
      const capped =
        (await crossesRound(takebacks, record, first.moveNo)) ??
        (await overCap(takebacks, record, first.moveNo));
      if (capped) {
        await takebacks.dropProposal(record.id);
        parts.notify({ kind: 'takeback-offer', game: record, offer: null });
        return capped;
      }
      const moveCount = first.moveNo - 1;
      const state = await takebacks.positionAfter(record, moveCount);
      const game = parts.gameOf(record);
      const next = game.toMove(state);
      const takeback: TakebackRecord = {
        fromMove: first.moveNo,
        moves: moves.map((m) => m.text),
        proposer: pending.user,
        acceptedBy: request.user,
        at: now(),
      };
      const committed = await takebacks.takeBack({
        gameId: record.id,
        version: record.version,
        moveCount,
        state,
        toMove: next === undefined ? null : (record.players[next] ?? null),
        at: takeback.at,
        record: takeback,
      });
      if (!committed) {
        return refuse(
          'stale-move',
          `game ${record.id} changed while the takeback was being made; look at it again first`,
        );
      }
      parts.notify({ kind: 'takeback', game: committed, takeback });
      return ok<TakebackAnswer>({ kind: 'accepted', game: committed, takeback });
    },

    /** The position after `moves` played in turn from the current one, nothing recorded. */
    async preview(request: { readonly gameId: number; readonly moves: readonly string[] }) {
      const loaded = await parts.load(request.gameId);
      if (!loaded.ok) return loaded;
      let record = loaded.value;
      if (record.status !== 'active')
        return refuse('game-over', `game ${record.id} is over: there is nothing to preview`);
      if (request.moves.length === 0) return refuse('bad-request', 'name at least one move to preview');
      const game = parts.gameOf(record);
      const played: MoveRecord[] = [];
      for (const text of request.moves) {
        const seat = game.toMove(record.state);
        if (record.status !== 'active' || seat === undefined)
          return refuse('game-over', `the game would be over before ${text.trim()}`);
        const plan = parts.planMove(record, seat, text, false);
        if (!plan.ok) return plan;
        const c = plan.value;
        played.push(c.move as MoveRecord);
        // The next move is checked against this imagined position, as if it had been committed.
        record = {
          ...record,
          state: c.state,
          moveCount: c.moveCount,
          status: c.status,
          outcome: c.outcome,
          toMove: c.toMove,
        };
      }
      return ok<Preview>({
        game: loaded.value,
        moves: played,
        state: record.state,
        status: record.status,
        outcome: record.outcome,
        toMove: record.toMove,
      });
    },
  };
}

export type TakebackOperations = ReturnType<typeof takebackOperations>;

/** Takebacks on memory (./memory.ts): for local play and the authority's tests; `takebacks` lists
 * a game's, oldest first. */
export function memoryTakebacks(
  port: MemoryPort,
): TakebackPort & { takebacks(gameId: number): Promise<readonly TakebackRecord[]> } {
  const proposals = new Map<number, TakebackProposal>();
  const done = new Map<number, TakebackRecord[]>();
  return {
    async proposal(gameId) {
      return proposals.get(gameId);
    },
    async propose(gameId, proposal) {
      if (proposals.has(gameId)) return false;
      proposals.set(gameId, proposal);
      return true;
    },
    async dropProposal(gameId) {
      proposals.delete(gameId);
    },
    async declineProposal(gameId) {
      const p = proposals.get(gameId);
      if (p) proposals.set(gameId, { ...p, declined: true });
    },
    async positionAfter(record, moveNo) {
      const then = port.recordAt(record.id, moveNo);
      if (!then) throw new Error(`game ${record.id} has no position after move ${moveNo}`);
      return then.state;
    },
    async takeBack(takeback) {
      if (port.games.get(takeback.gameId)?.version !== takeback.version) return undefined;
      const record = await port.rewind(takeback.gameId, takeback.moveCount, takeback.at);
      if (!record) return undefined;
      proposals.delete(takeback.gameId);
      done.set(takeback.gameId, [...(done.get(takeback.gameId) ?? []), takeback.record]);
      return record;
    },
    async takebacks(gameId) {
      return done.get(gameId) ?? [];
    },
    async takebackCounts(gameId, fromMove, atMost) {
      const all = done.get(gameId) ?? [];
      return {
        total: Math.min(atMost, all.length),
        ofMove: Math.min(atMost, all.filter((t) => t.fromMove === fromMove).length),
      };
    },
  };
}

/** A client's copy of a game with the takeback on offer replaced, as a `takeback-offer` frame says. */
export function withTakebackOffer<T extends { readonly takebackOffer?: TakebackOffer }>(
  show: T,
  offer: TakebackOffer | null,
): T {
  const { takebackOffer: _old, ...rest } = show;
  return (offer ? { ...rest, takebackOffer: offer } : rest) as T;
}
