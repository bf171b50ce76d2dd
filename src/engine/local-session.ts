/**
 * A local game: solo, two people at one keyboard, or against the computer, run through the one
 * authority on memory, as a server runs it on its database (boardgame.io's `Local({ bots })` runs
 * its master in the client the same way). Every move, the person's and the computer's, is made
 * true by the authority's checks; what the session adds is what only a local game has: undo, and
 * a computer that moves when its seat is to move.
 *
 * The computer is a function the client injects (a web worker, a terminal worker thread, or the
 * AI called in place), so its search stays off whatever thread it is off today. The session has
 * no clock but the one injected; it tells the client of every change through `subscribe`, and its
 * `view()` is a snapshot that changes identity only on a change (fit for React's
 * `useSyncExternalStore`).
 */
import { type AnyGame, fail, type Outcome, ok, playText, type Result, type Seat } from '../games/game.ts';
import { createAuthority } from './authority/index.ts';
import { type GameRecord, type MoveRecord, memoryPort } from './port/index.ts';

/** Who sits in a seat of a local game. */
export type LocalPlayer = 'person' | 'computer';

export interface ComputerRequest {
  readonly state: unknown;
  readonly seat: Seat;
  /** The number the computer's move will have (1-based). */
  readonly moveNo: number;
  /** Aborted when the answer is no longer wanted (an undo, a pause, the page closing). */
  readonly signal: AbortSignal;
}

/** The computer's move for a position: one of the game's moves, or the move's text. */
export type Computer = (request: ComputerRequest) => Promise<unknown>;

export interface LocalConfig {
  readonly game: AnyGame;
  /** The game's options, untrusted: they are checked as a server checks a challenge's. */
  readonly options?: unknown;
  readonly seed?: number;
  /** One entry per seat. */
  readonly seats: readonly LocalPlayer[];
  /** Needed when a seat is the computer's. */
  readonly computer?: Computer;
  /** Start with the computer held (see `pause`). */
  readonly paused?: boolean;
  /**
   * Positions the computer does not move from until a person says so (`proceed`), such as a
   * finished Atom-4 round, which stays on screen until the next round is asked for.
   */
  readonly holdAt?: (state: unknown) => boolean;
  /**
   * Moves already played, in the game's notation (a game kept across a reload): replayed through
   * the authority before anything else, up to the first it refuses.
   */
  readonly moves?: readonly string[];
  /** The clock moves are stamped with; local play needs none, so by default it reads 0. */
  readonly now?: () => number;
}

export interface LocalView {
  readonly state: unknown;
  /** Every move so far, in the game's notation. */
  readonly moves: readonly MoveRecord[];
  /** The seat to move, or undefined once the game is over. */
  readonly toMove: Seat | undefined;
  readonly outcome: Outcome | null;
  /** The computer is choosing a move. */
  readonly thinking: boolean;
  /** A person has a move to take back. */
  readonly canUndo: boolean;
  /** The computer is to move from a held position (`holdAt`) and waits for `proceed`. */
  readonly held: boolean;
}

export type LocalEvent =
  | { readonly kind: 'move'; readonly move: MoveRecord; readonly by: LocalPlayer }
  | { readonly kind: 'undo'; readonly moves: number }
  /** The moves given to start from were replayed. */
  | { readonly kind: 'restored'; readonly moves: number }
  /** The computer started or stopped choosing a move. */
  | { readonly kind: 'thinking'; readonly thinking: boolean }
  | { readonly kind: 'computer-failed'; readonly error: string };

export interface LocalSession {
  readonly game: AnyGame;
  readonly seats: readonly LocalPlayer[];
  view(): LocalView;
  /** Called after every change, with what changed. Returns the function that unsubscribes. */
  subscribe(listener: (event: LocalEvent) => void): () => void;
  /** Play a move, in the game's notation, for the person whose seat is to move. */
  playText(text: string): Promise<Result<MoveRecord>>;
  /** Play one of the game's moves for the person whose seat is to move. */
  playMove(move: unknown): Promise<Result<MoveRecord>>;
  /**
   * Take back moves until a person is to move again with one move fewer of theirs: one move
   * between people, the computer's reply and the move it answered against the computer. Works
   * after the end too. The number of moves taken back, or why there is none to take back.
   */
  undo(): Promise<Result<number>>;
  /** Hold the computer: a search under way is dropped, and none starts until `resume`. */
  pause(): void;
  resume(): void;
  /** Let the computer move from the held position it waits in (see `holdAt`). */
  proceed(): void;
  /** Resolves once every change asked for so far is made and the computer is not thinking. */
  settled(): Promise<void>;
}

const PLAYER_NAMES = (count: number) => Array.from({ length: count }, (_, seat) => `seat ${seat + 1}`);

/** A local game. Fails with a sentence when the options or the seats do not fit the game. */
export function createLocalSession(config: LocalConfig): Result<LocalSession> {
  const { game, seats } = config;
  const now = config.now ?? (() => 0);
  const seed = config.seed ?? 0;
  const options = game.parseOptions(config.options);
  if (!options.ok) return options;
  if (seats.length !== game.seatCount(options.value)) {
    return fail(`${game.title} needs ${game.seatCount(options.value)} seats, not ${seats.length}`);
  }
  if (seats.includes('computer') && !config.computer) return fail('a computer seat needs a computer player');
  // The first state is made here, so the session shows it at once; the authority takes it as is.
  const first = game.setup(options.value, seed);
  const port = memoryPort();
  const authority = createAuthority({
    port,
    games: { [game.id]: game },
    now,
    setup: async () => ({ ok: true, value: first }),
  });
  const players = PLAYER_NAMES(seats.length);
  const listeners = new Set<(event: LocalEvent) => void>();

  let record: GameRecord | null = null;
  let moves: readonly MoveRecord[] = [];
  let thinking = false;
  let paused = config.paused === true;
  /** The game's move count at which `proceed` let the computer past a held position. */
  let proceedAt = -1;
  /** Bumped whenever a computer's answer in flight stops being wanted. */
  let generation = 0;
  let search: AbortController | null = null;
  /** Every change, one after another: the authority sees them in the order they were asked for. */
  let queue: Promise<unknown> = Promise.resolve();
  let idle: Promise<void> = Promise.resolve();

  const stateNow = () => (record ? record.state : first);
  const seatToMove = (r: GameRecord | null): Seat | undefined =>
    r ? (r.status === 'active' ? game.toMove(r.state) : undefined) : game.toMove(first);
  const isComputer = (seat: Seat | undefined) => seat !== undefined && seats[seat] === 'computer';
  const isHeld = (r: GameRecord | null): boolean =>
    r !== null && isComputer(seatToMove(r)) && config.holdAt?.(r.state) === true && proceedAt !== r.moveCount;

  /** How many moves an undo takes back now, or 0. */
  const undoable = (): number => {
    if (!record) return 0;
    let back = record.moveCount;
    if (back === 0) return 0;
    back--;
    const gameId = record.id;
    const moverAt = (n: number) => {
      const then = port.recordAt(gameId, n);
      return then ? game.toMove(then.state) : undefined;
    };
    while (back > 0 && isComputer(moverAt(back))) back--;
    // A computer's opening is not the person's to take back.
    if (isComputer(moverAt(back))) return 0;
    return record.moveCount - back;
  };

  const makeView = (): LocalView => ({
    state: stateNow(),
    moves,
    toMove: seatToMove(record),
    outcome: record?.outcome ?? null,
    thinking,
    canUndo: undoable() > 0,
    held: isHeld(record),
  });
  let view = makeView();

  const changed = (event: LocalEvent) => {
    view = makeView();
    for (const listener of listeners) listener(event);
  };

  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };

  /** Drop the computer's search under way; true if there was one. */
  const stopThinking = (): boolean => {
    generation++;
    search?.abort();
    search = null;
    if (!thinking) return false;
    thinking = false;
    view = makeView();
    return true;
  };

  /** Ask the computer for a move if its seat is to move; its answer is played when it comes. */
  const maybeCompute = () => {
    const seat = seatToMove(record);
    const computer = config.computer;
    if (paused || thinking || !record || !computer || !isComputer(seat) || seat === undefined) return;
    if (isHeld(record)) return;
    const asked = generation;
    const gameId = record.id;
    const state = record.state;
    const moveNo = record.moveCount + 1;
    const controller = new AbortController();
    search = controller;
    thinking = true;
    changed({ kind: 'thinking', thinking: true });
    // A dropped search counts as answered, whether or not the computer heeds the signal.
    const answer = new Promise<unknown>((resolve, reject) => {
      controller.signal.addEventListener('abort', () => resolve(undefined));
      computer({ state, seat, moveNo, signal: controller.signal }).then(resolve, reject);
    });
    const done = answer.then(
      (move) =>
        serially(async () => {
          if (asked !== generation) return;
          search = null;
          thinking = false;
          const text = typeof move === 'string' ? move : game.formatMove(move, state);
          const taken = await authority.move({
            gameId,
            user: players[seat] as string,
            move: text,
            moveNo,
          });
          if (!taken.ok) {
            changed({ kind: 'computer-failed', error: `the computer chose an illegal move: ${taken.error}` });
            return;
          }
          after(taken.value.game, taken.value.moves, 'computer');
        }),
      (error: unknown) => {
        if (asked !== generation) return;
        search = null;
        thinking = false;
        changed({ kind: 'computer-failed', error: error instanceof Error ? error.message : String(error) });
      },
    );
    idle = Promise.all([idle, done]).then(() => {});
  };

  /** Take in a committed move: tell the client, then let the computer answer. */
  const after = (next: GameRecord, played: readonly MoveRecord[], by: LocalPlayer) => {
    record = next;
    for (const move of played) {
      moves = [...moves, move];
      changed({ kind: 'move', move, by });
    }
    maybeCompute();
  };

  const ready = serially(async () => {
    const created = await authority.create({ gameType: game.id, players, seed, options: options.value });
    if (!created.ok) throw new Error(`a local game could not start: ${created.error}`);
    record = created.value;
    for (const text of config.moves ?? []) {
      const seat = seatToMove(record);
      if (seat === undefined) break;
      const taken = await authority.move({
        gameId: record.id,
        user: players[seat] as string,
        move: text,
        moveNo: record.moveCount + 1,
      });
      if (!taken.ok) break;
      record = taken.value.game;
      moves = [...moves, ...taken.value.moves];
    }
    if (moves.length > 0) changed({ kind: 'restored', moves: moves.length });
    else view = makeView();
    maybeCompute();
  });

  /** Play for the person to move the move `textOf` writes in the position it is played in. */
  const playForPerson = (textOf: (state: unknown) => string): Promise<Result<MoveRecord>> =>
    serially(async () => {
      await ready;
      const current = record as GameRecord;
      const seat = seatToMove(current);
      if (seat === undefined) return fail('the game is over');
      if (isComputer(seat) || thinking) return fail('it is not your turn: the computer is to move');
      const text = textOf(current.state);
      const taken = await authority.move({
        gameId: current.id,
        user: players[seat] as string,
        move: text,
        moveNo: current.moveCount + 1,
      });
      if (!taken.ok) {
        // Said in the rules' own words, as a person at the board expects.
        const rules = playText(game, current.state, text);
        return rules.ok ? taken : rules;
      }
      after(taken.value.game, taken.value.moves, 'person');
      return ok(taken.value.moves[0] as MoveRecord);
    });

  return ok({
    game,
    seats,
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    playText: (text) => playForPerson(() => text),
    playMove: (move) => playForPerson((state) => game.formatMove(move, state)),
    undo: () =>
      serially(async () => {
        await ready;
        const back = undoable();
        if (back === 0) return fail('there is no move of yours to take back');
        stopThinking();
        const current = record as GameRecord;
        const rewound = await port.rewind(current.id, current.moveCount - back, now());
        if (!rewound) throw new Error(`game ${current.id} could not be rewound`);
        record = rewound;
        proceedAt = -1;
        moves = moves.slice(0, rewound.moveCount);
        changed({ kind: 'undo', moves: back });
        maybeCompute();
        return ok(back);
      }),
    pause() {
      paused = true;
      if (stopThinking()) for (const listener of listeners) listener({ kind: 'thinking', thinking: false });
    },
    resume() {
      paused = false;
      void serially(async () => {
        await ready;
        maybeCompute();
      });
    },
    proceed() {
      void serially(async () => {
        await ready;
        if (!isHeld(record)) return;
        proceedAt = (record as GameRecord).moveCount;
        view = makeView();
        maybeCompute();
      });
    },
    async settled() {
      for (;;) {
        const waiting = idle;
        await queue;
        await waiting;
        if (waiting === idle && !thinking) return;
      }
    },
  });
}

export interface InPlaceBudget {
  /** Time per move, read on the caller's clock. */
  readonly thinkMs: number;
  readonly now: () => number;
  /** The seed for the AI's choices in a position. */
  readonly seed: (state: unknown) => number;
  readonly level?: number;
}

/**
 * A computer that runs the game's own AI (`game.ai`) on the calling thread, for callers that wait
 * for it anyway (the command line, tests); pages and screens run the same AI in a worker instead.
 */
export function inPlaceComputer(game: AnyGame, budget: InPlaceBudget): Computer {
  const ai = game.ai;
  if (!ai) throw new Error(`${game.title} has no computer player`);
  return async ({ state }) => {
    const deadline = budget.now() + budget.thinkMs;
    return ai.chooseMove(state, {
      seed: budget.seed(state),
      level: budget.level,
      timeUp: () => budget.now() > deadline,
    });
  };
}
