/**
 * The one authority: the only code that makes a move true. It checks the seat and the move
 * number, asks the game's pure rules, records the change through a storage port in one commit,
 * plays queued moves that became due, and announces each committed change. The server runs it
 * on the database; a client runs the very same code on memory (./memory.ts) for local play.
 *
 * It has no clock and no I/O of its own: time and storage come in from the caller.
 */

import { type AnyGame, limitOutcome, type Outcome, type Result, type Seat } from '../../games/game.ts';
import type { TimeControl } from '../clock/index.ts';
import { type Answer, ok, refuse } from './answer.ts';
import { type TakebackOperations, takebackOperations } from './takeback.ts';
import { everyoneHasMoved, hasMoved } from './turns.ts';
import type {
  ChallengeGuard,
  Change,
  GameEvent,
  GamePort,
  GameRecord,
  MoveRecord,
  TakebackPort,
} from './types.ts';

export interface AuthorityOptions {
  readonly port: GamePort;
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Called after every committed change, in commit order. */
  readonly notify?: (event: GameEvent) => void;
  readonly now: () => number;
  /** Where takebacks are proposed and made (./takeback.ts); without it, none are. */
  readonly takebacks?: TakebackPort;
  /**
   * A new game's first state; by default `game.setup(options, seed)` here. A server passes one
   * that runs costly setups in a worker thread: it must give exactly what `game.setup` gives
   * (replay rebuilds from it), or refuse with a sentence.
   */
  readonly setup?: (
    game: AnyGame,
    options: unknown,
    seed: number,
    challenger: string | null,
  ) => Promise<Result<unknown>>;
}

export interface CreateRequest {
  readonly gameType: string;
  readonly players: readonly string[];
  /** The player who issued the challenge, if a player did. */
  readonly challenger?: string;
  readonly options?: unknown;
  readonly seed: number;
  readonly rated?: boolean;
  readonly compact?: boolean;
  /** A correspondence clock for the game (../clock/clock.ts); none by default. */
  readonly timeControl?: TimeControl | null;
  /** The challenger's limits, checked in the transaction that creates the game. */
  readonly guard?: ChallengeGuard;
}

export interface MoveRequest {
  readonly gameId: number;
  readonly user: string;
  readonly move: string;
  /** The number this move will have (`#moveno`); a stale or duplicate move is refused. */
  readonly moveNo?: number;
}

export interface DroppedQueue {
  readonly seat: Seat;
  readonly move: string;
  readonly error: string;
}

export interface MoveTaken {
  readonly game: GameRecord;
  /** The move asked for, then any queued moves that were played after it. */
  readonly moves: readonly MoveRecord[];
  readonly dropped: readonly DroppedQueue[];
}

export interface Authority extends TakebackOperations {
  create(request: CreateRequest): Promise<Answer<GameRecord>>;
  move(request: MoveRequest): Promise<Answer<MoveTaken>>;
  /** Append moves to the user's queue; any that are due at once are played. */
  queue(request: {
    readonly gameId: number;
    readonly user: string;
    readonly moves: readonly string[];
  }): Promise<Answer<MoveTaken>>;
  /** Empty the user's queue in a game. */
  clearQueue(request: { readonly gameId: number; readonly user: string }): Promise<Answer<GameRecord>>;
  /** A player who resigns before every player has moved voids the game (see ratings.ts). */
  resign(request: { readonly gameId: number; readonly user: string }): Promise<Answer<GameRecord>>;
  /** Void the game: allowed to a player who has not moved in it yet. */
  decline(request: { readonly gameId: number; readonly user: string }): Promise<Answer<GameRecord>>;
  /**
   * The player to move ran out of time: they lose as by resigning. `version` is the game as the
   * clock was read; if the game has changed since (a move came in time), nothing happens.
   */
  loseOnTime(request: { readonly gameId: number; readonly version: number }): Promise<Answer<GameRecord>>;
}

/** Queued moves played in one go at most; more than any board needs, a guard against loops. */
const MAX_CHAIN = 1000;
/** A seat may queue at most this many moves. */
export const MAX_QUEUE = 32;
/** Conflicting commits retried for requests that did not pin a move number. */
const RETRIES = 5;

export function createAuthority(options: AuthorityOptions): Authority {
  const { port, games, now } = options;
  const notify = options.notify ?? (() => {});
  const firstState =
    options.setup ?? (async (game: AnyGame, o: unknown, seed: number) => ok(game.setup(o, seed)));

  const gameOf = (record: GameRecord): AnyGame => {
    const game = games[record.gameType];
    if (!game) throw new Error(`game ${record.id} has unknown type ${record.gameType}`);
    return game;
  };

  /** The game to compute a change on (the commit checks its version). */
  const load = async (id: number): Promise<Answer<GameRecord>> => {
    const record = await (port.loadRecent ? port.loadRecent(id) : port.loadGame(id));
    return record ? ok(record) : refuse('not-found', `there is no game ${id}`);
  };

  /**
   * Whether the game has changed since `record` was read: asked before refusing a request, when
   * the port may answer from a copy a moment behind another writer (see `loadRecent`).
   */
  const behind = async (record: GameRecord): Promise<boolean> => {
    if (!port.loadRecent) return false;
    const stored = await port.loadGame(record.id);
    return stored !== undefined && stored.version !== record.version;
  };

  const seatOf = (record: GameRecord, user: string): Answer<Seat> => {
    const seat = record.players.indexOf(user);
    return seat < 0 ? refuse('forbidden', `${user} is not a player in game ${record.id}`) : ok(seat);
  };

  const notActive = (record: GameRecord): string | null =>
    record.status === 'active'
      ? null
      : `game ${record.id} is ${record.status === 'void' ? 'void (declined)' : 'over'}`;

  /** The change that plays `text` for `seat`, or why it may not. */
  const planMove = (record: GameRecord, seat: Seat, text: string, auto: boolean): Answer<Change> => {
    const game = gameOf(record);
    const turn = game.toMove(record.state);
    if (turn === undefined) return refuse('game-over', `game ${record.id} is over`);
    if (turn !== seat) {
      return refuse(
        'not-your-turn',
        `it is not your turn: ${record.players[turn]} (${game.seatName(record.state, turn)}) is to move`,
      );
    }
    const parsed = game.parseMove(text, record.state);
    if (!parsed.ok) return refuse('illegal-move', parsed.error);
    const next = game.play(record.state, parsed.value);
    if (!next.ok) return refuse('illegal-move', `illegal move ${text.trim()}: ${next.error}`);
    // A game that reaches its length limit undecided ends there.
    const outcome =
      game.outcome(next.value) ?? limitOutcome(game, record.options, record.moveCount + 1) ?? null;
    const nextSeat = outcome ? undefined : game.toMove(next.value);
    const at = now();
    return ok({
      gameId: record.id,
      version: record.version,
      move: {
        moveNo: record.moveCount + 1,
        seat,
        text: game.formatMove(parsed.value, record.state),
        auto,
        at,
      },
      state: next.value,
      moveCount: record.moveCount + 1,
      status: outcome ? 'finished' : 'active',
      outcome,
      toMove: nextSeat === undefined ? null : (record.players[nextSeat] ?? null),
      at,
    });
  };

  /** A change of one seat's queue alone: the game stays as it is but for its version. */
  const queueChange = (record: GameRecord, seat: Seat, moves: readonly string[]): Change => ({
    gameId: record.id,
    version: record.version,
    move: null,
    state: record.state,
    moveCount: record.moveCount,
    status: record.status,
    outcome: record.outcome,
    toMove: record.toMove,
    // Queued moves are private: the game's last change, seen by everyone, stays what it was.
    at: record.updatedAt,
    queue: { seat, moves },
  });

  const announce = (record: GameRecord, change: Change): void => {
    if (change.move) notify({ kind: 'move', game: record, move: change.move });
    else notify({ kind: 'end', game: record });
  };

  /** Play queued moves that have become due, one commit each. */
  const drain = async (start: GameRecord, played: MoveRecord[], dropped: DroppedQueue[]) => {
    let record = start;
    for (let i = 0; i < MAX_CHAIN && record.status === 'active'; i++) {
      const seat = gameOf(record).toMove(record.state);
      if (seat === undefined) break;
      const queued = await port.queuedMoves(record.id, seat, record.version);
      const [first, ...rest] = queued;
      if (first === undefined) break;
      const plan = planMove(record, seat, first, true);
      if (!plan.ok) {
        // A queued move that is no longer legal cancels the rest of that queue.
        await port.setQueue(record.id, seat, []);
        dropped.push({ seat, move: first, error: plan.error });
        break;
      }
      const change = { ...plan.value, queue: { seat, moves: rest } };
      const committed = await port.commit(change);
      if (!committed) break; // someone else moved first; their request drains the queue
      announce(committed, change);
      played.push(change.move as MoveRecord);
      record = committed;
    }
    return record;
  };

  /** The game and the user's seat in it, if the user plays in it and it is still being played. */
  const activeSeat = async (
    gameId: number,
    user: string,
  ): Promise<Answer<{ record: GameRecord; seat: Seat }>> => {
    const loaded = await load(gameId);
    if (!loaded.ok) return loaded;
    const record = loaded.value;
    const seat = seatOf(record, user);
    if (!seat.ok) return seat;
    const inactive = notActive(record);
    if (inactive) return refuse('game-over', inactive);
    return ok({ record, seat: seat.value });
  };

  const finish = async (
    gameId: number,
    user: string,
    decide: (
      record: GameRecord,
      seat: Seat,
    ) => Promise<Answer<{ status: 'finished' | 'void'; outcome: Outcome }>>,
  ): Promise<Answer<GameRecord>> => {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const found = await activeSeat(gameId, user);
      if (!found.ok) return found;
      const { record, seat } = found.value;
      const decision = await decide(record, seat);
      if (!decision.ok) return decision;
      const change: Change = {
        gameId,
        version: record.version,
        move: null,
        state: record.state,
        moveCount: record.moveCount,
        status: decision.value.status,
        outcome: decision.value.outcome,
        toMove: null,
        at: now(),
      };
      const committed = await port.commit(change);
      if (committed) {
        announce(committed, change);
        return ok(committed);
      }
    }
    return refuse('busy', `game ${gameId} is busy; try again`);
  };

  /**
   * How a game ends when `seat` gives up (resigns or runs out of time): the other player wins; a
   * game given up before every player has moved is void (see ratings.ts).
   */
  const ending = (
    record: GameRecord,
    seat: Seat,
    what: string,
  ): { status: 'finished' | 'void'; outcome: Outcome } => {
    if (!everyoneHasMoved(record)) {
      const before = record.players.length === 1 ? 'moving' : 'every player had moved';
      return {
        status: 'void',
        outcome: { kind: 'draw', reason: `${what} before ${before}: the game is void` },
      };
    }
    if (record.players.length === 2)
      return { status: 'finished', outcome: { kind: 'win', winner: 1 - seat, reason: what } };
    return { status: 'finished', outcome: { kind: 'loss', reason: what } };
  };

  return {
    ...takebackOperations({
      port,
      takebacks: options.takebacks,
      gameOf,
      refuse,
      load,
      activeSeat,
      planMove,
      notify,
      now,
    }),

    async create(request) {
      const game = games[request.gameType];
      if (!game) return refuse('not-found', `there is no game called ${request.gameType}`);
      const options = game.parseOptions(request.options);
      if (!options.ok) return refuse('bad-request', options.error);
      const seats = game.seatCount(options.value);
      if (request.players.length !== seats) {
        return refuse('bad-request', `${game.title} needs ${seats} player${seats === 1 ? '' : 's'}`);
      }
      if (new Set(request.players).size !== request.players.length) {
        return refuse('bad-request', 'a player cannot take two seats in one game');
      }
      const setUp = await firstState(game, options.value, request.seed, request.challenger ?? null);
      // The only refusal of a setup: too many already waiting for their turn.
      if (!setUp.ok) return refuse('rate-limited', setUp.error);
      const state = setUp.value;
      const first = game.toMove(state);
      const created = await port.createGame({
        gameType: game.id,
        options: options.value,
        seed: request.seed,
        players: request.players,
        challenger: request.challenger ?? null,
        state,
        toMove: first === undefined ? null : (request.players[first] ?? null),
        rated: request.rated ?? true,
        compact: request.compact ?? false,
        at: now(),
        ...(request.timeControl ? { timeControl: request.timeControl } : {}),
        ...(request.guard ? { guard: request.guard } : {}),
      });
      return 'refused' in created ? refuse('rate-limited', created.refused) : ok(created);
    },

    async move(request) {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const found = await activeSeat(request.gameId, request.user);
        if (!found.ok) return found;
        const { record, seat } = found.value;
        if (request.moveNo !== undefined && request.moveNo !== record.moveCount + 1) {
          if (request.moveNo > record.moveCount + 1 && (await behind(record))) continue;
          return refuse('stale-move', staleMessage(request.moveNo, record.moveCount));
        }
        const plan = planMove(record, seat, request.move, false);
        if (!plan.ok) {
          if (await behind(record)) continue;
          return plan;
        }
        const committed = await port.commit(plan.value);
        if (!committed) {
          // Someone changed the game first. A pinned move that is still the next one (the change
          // was not a move, or what we read was not current) is tried again; otherwise it is stale.
          const fresh = await port.loadGame(request.gameId);
          if (request.moveNo !== undefined && fresh?.moveCount !== request.moveNo - 1) {
            return refuse(
              'stale-move',
              staleMessage(request.moveNo, fresh?.moveCount ?? record.moveCount + 1),
            );
          }
          continue;
        }
        announce(committed, plan.value);
        const played = [plan.value.move as MoveRecord];
        const dropped: DroppedQueue[] = [];
        const last = await drain(committed, played, dropped);
        return ok({ game: last, moves: played, dropped });
      }
      return refuse('busy', `game ${request.gameId} is busy; try again`);
    },

    async queue(request) {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const found = await activeSeat(request.gameId, request.user);
        if (!found.ok) return found;
        const { record, seat } = found.value;
        const game = gameOf(record);
        const canonical: string[] = [];
        const moves: unknown[] = [];
        let unreadable: string | undefined;
        for (const text of request.moves) {
          // Legality depends on the position when the move comes due; notation is checked now.
          const parsed = game.parseMove(text, record.state);
          if (!parsed.ok) {
            unreadable = parsed.error;
            break;
          }
          moves.push(parsed.value);
          canonical.push(game.formatMove(parsed.value, record.state));
        }
        const waiting = await port.queuedMoves(record.id, seat, record.version);
        // ... and so is a queue (the moves waiting, then these) the rules exclude whatever is
        // played before its moves come due.
        if (unreadable === undefined && game.queueRefusal) {
          const before = waiting.map((text) => game.parseMove(text, record.state));
          const all = [...before.flatMap((m) => (m.ok ? [m.value] : [])), ...moves];
          if (before.every((m) => m.ok)) unreadable = game.queueRefusal(record.state, seat, all) ?? undefined;
        }
        if (unreadable !== undefined) {
          if (await behind(record)) continue;
          return refuse('illegal-move', unreadable);
        }
        const queued = [...waiting, ...canonical];
        if (queued.length > MAX_QUEUE) {
          if (await behind(record)) continue;
          return refuse('bad-request', `at most ${MAX_QUEUE} moves may be queued`);
        }
        // Committed against the game's version, so of two appends racing, the later reads the
        // queue again instead of overwriting the other's moves.
        const committed = await port.commit(queueChange(record, seat, queued));
        if (!committed) continue;
        const played: MoveRecord[] = [];
        const dropped: DroppedQueue[] = [];
        const last = await drain(committed, played, dropped);
        return ok({ game: last, moves: played, dropped });
      }
      return refuse('busy', `game ${request.gameId} is busy; try again`);
    },

    async clearQueue(request) {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const loaded = await load(request.gameId);
        if (!loaded.ok) return loaded;
        const record = loaded.value;
        const seat = seatOf(record, request.user);
        if (!seat.ok) return seat;
        // Nothing is appended to the queue of a game that is over, so there is nothing to race.
        if (record.status !== 'active') {
          await port.setQueue(record.id, seat.value, []);
          return ok(record);
        }
        const committed = await port.commit(queueChange(record, seat.value, []));
        if (committed) return ok(committed);
      }
      return refuse('busy', `game ${request.gameId} is busy; try again`);
    },

    resign(request) {
      return finish(request.gameId, request.user, async (record, seat) =>
        ok(ending(record, seat, `${request.user} (${gameOf(record).seatName(record.state, seat)}) resigned`)),
      );
    },

    async loseOnTime(request) {
      const loaded = await load(request.gameId);
      if (!loaded.ok) return loaded;
      const record = loaded.value;
      const stale = refuse('stale-move', `game ${request.gameId} has changed since its clock was read`);
      if (record.version !== request.version) return stale;
      if (record.status !== 'active' || record.toMove === null)
        return refuse('game-over', `game ${record.id} is over`);
      const seat = record.players.indexOf(record.toMove);
      const name = `${record.toMove} (${gameOf(record).seatName(record.state, seat)})`;
      const decision = ending(record, seat, `${name} ran out of time`);
      const change: Change = {
        gameId: record.id,
        version: record.version,
        move: null,
        state: record.state,
        moveCount: record.moveCount,
        status: decision.status,
        outcome: decision.outcome,
        toMove: null,
        at: now(),
      };
      const committed = await port.commit(change);
      if (!committed) return stale;
      announce(committed, change);
      return ok(committed);
    },

    decline(request) {
      return finish(request.gameId, request.user, async (record, seat) => {
        if (hasMoved(record.moveCount, seat)) {
          return refuse('bad-request', `you have already moved in game ${record.id}; resign instead`);
        }
        return ok({ status: 'void', outcome: { kind: 'draw', reason: `${request.user} declined the game` } });
      });
    },
  };
}

export function staleMessage(sent: number, moveCount: number): string {
  return `move #${sent} is stale: game is at move ${moveCount}, the next move is #${moveCount + 1}`;
}
