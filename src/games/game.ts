/**
 * The contract every game implements. Rules modules are pure and deterministic: no I/O, no
 * clocks, no Math.random (randomness comes from the seed through src/grid/rng.ts). The server, the
 * AI workers, the PBeM command layer and both clients drive every game through this interface.
 *
 * One shape fits all three kinds of game:
 * - two-player games (Warp and Weft, Atom-4): two seats that take turns;
 * - solo games (Sigmar's Garden): one seat; the game is won or lost by that seat;
 * - a puzzle over a lock (Intricacy): one seat, the lock is the options, solved = won.
 */

/** A player's place at the table; 0 is the first player. Solo games have only seat 0. */
export type Seat = number;

/** A value, or the reason there is none. Players' mistakes are values, never exceptions. */
export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(error: string): Result<T> => ({ ok: false, error });

/**
 * How a finished game ended. `win` names the winning seat (in a solo game: seat 0 solved it);
 * `draw` means nobody won; `loss` means a solo game can no longer be won.
 */
export type Outcome =
  | { readonly kind: 'win'; readonly winner: Seat; readonly reason: string }
  | { readonly kind: 'draw'; readonly reason: string }
  | { readonly kind: 'loss'; readonly reason: string };

export interface TextOptions {
  /** A denser board for narrow terminals, where the game has one. */
  readonly compact?: boolean;
  /** Draw without colour codes (all boards are plain text unless a game says otherwise). */
  readonly plain?: boolean;
  /** The reader's seat, for a key that says which pieces are theirs (null: a spectator). */
  readonly seat?: Seat | null;
  /** The players' names by seat, for a text that says whose turn it is or who won a round. */
  readonly names?: readonly string[];
}

/**
 * What a computer player may spend on one move: a seed for any randomness it needs, and a clock it
 * must poll (the clock lives with the caller, so the AI stays pure). `level` picks a strength where
 * the AI has levels (see `GameAi.levels`).
 */
export interface AiBudget {
  readonly seed: number;
  readonly timeUp: () => boolean;
  readonly level?: number;
}

/** A strength the computer can play at. */
export interface AiLevel {
  /** How long the computer thinks per move at this level, in milliseconds. */
  readonly ms: number;
}

/**
 * A game's computer player. Server bots, browser workers and terminal workers all find it here, so
 * a game with an `ai` can be played against the computer everywhere.
 */
export interface GameAi<State, Move> {
  /** One of the legal moves of a state whose game is not over. */
  chooseMove(state: State, budget: AiBudget): Move;
  /** Strengths a player may choose, weakest first; `defaultLevel` indexes it. */
  readonly levels?: readonly AiLevel[];
  readonly defaultLevel?: number;
  /**
   * A position judged at the fixed strength post-game analysis uses (./analysis.ts): deterministic,
   * with no clock, so the same position always gets the same answer.
   */
  evaluate?(state: State): Evaluation<Move>;
}

/** A position as the computer judges it, for post-game analysis. */
export interface Evaluation<Move> {
  /** Seat 0's chance of winning, 0 to 1 (1: a win it cannot miss; 0.5: even). */
  readonly chance: number;
  /** The move the computer would play, or null where there is no choice to make. */
  readonly best: Move | null;
  /** The chance is 0 or 1 for certain: the computer sees a forced win (or the game is decided). */
  readonly certain?: boolean;
}

/**
 * Options and states must be plain JSON values (no classes, Maps or typed arrays) so they can be
 * stored, sent and compared. A game's full history is (options, seed, moves); `replay` rebuilds
 * any state from it.
 */
export interface Game<Options, State, Move, View = State> {
  /** Short stable identifier used in URLs, commands and storage: `warpweft`. */
  readonly id: string;
  readonly title: string;
  /** Validate untrusted options and fill in defaults; the error names the bad option. */
  parseOptions(input: unknown): Result<Options>;
  /** How many seats a game with these options has. */
  seatCount(options: Options): number;
  /**
   * The most moves a game with these options may last. A game that reaches it without an outcome
   * ends there (see `limitOutcome`); where the rules already end every game sooner, this is that
   * natural bound and is never reached.
   */
  maxMoves(options: Options): number;
  /** What to call a seat in messages, e.g. "Warp (Vert)". */
  seatName(state: State, seat: Seat): string;
  setup(options: Options, seed: number): State;
  /** True when `setup` with these options costs real time (e.g. dealing a board of a wanted
   * difficulty), so a server runs it in a worker thread rather than on its event loop. */
  costlySetup?(options: Options): boolean;
  /** Whose turn it is, or undefined once the game is over. */
  toMove(state: State): Seat | undefined;
  legalMoves(state: State): Move[];
  /**
   * Why moves queued now by `seat` (played at its turns to come, in order) can never all be
   * legal whatever the opponents play, or null. A queue is otherwise checked move by move as each
   * comes due; this refuses at once what the rules already exclude.
   */
  queueRefusal?(state: State, seat: Seat, moves: readonly Move[]): string | null;
  /** The new state, or the rule that forbids the move. Never mutates `state`. */
  play(state: State, move: Move): Result<State>;
  outcome(state: State): Outcome | undefined;
  /** What one seat (or a spectator, `null`) may see. */
  view(state: State, seat: Seat | null): View;
  /** The game's text notation, case-insensitive where the game allows it. */
  parseMove(text: string, state: State): Result<Move>;
  formatMove(move: Move, state: State): string;
  /** The text board used by the terminal client and the PBeM commands. */
  toText(state: State, options?: TextOptions): string;
  /** How to write a move, in words, for a player typing one: "write a placement as x,y …". */
  readonly notation?: string;
  /** The computer player, for games that have one. */
  readonly ai?: GameAi<State, Move>;
  /**
   * For a game played in rounds: which stretch of play a position belongs to, a round being
   * played and the decided end of a round each a stretch of its own, in increasing order. A
   * takeback only goes back to a position of the stretch being played: it never undoes the move
   * that decided a round, nor reaches into the round before. Without it, a game is one stretch.
   */
  readonly stretch?: (state: State) => number;
}

/** A game whose type parameters have been forgotten, for registries and generic callers. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds games of every type.
export type AnyGame = Game<any, any, any, any>;

/** Parse then play a move in text notation. */
export function playText<O, S, M, V>(game: Game<O, S, M, V>, state: S, text: string): Result<S> {
  const move = game.parseMove(text, state);
  return move.ok ? game.play(state, move.value) : move;
}

/**
 * The outcome of a game whose move `moveCount` left it undecided, if that move reached the game's
 * length limit: a solo game is lost (it was not solved in time), a game between players is drawn.
 */
export function limitOutcome<O, S, M, V>(
  game: Game<O, S, M, V>,
  options: O,
  moveCount: number,
): Outcome | undefined {
  const limit = game.maxMoves(options);
  if (moveCount < limit) return undefined;
  const reason = `the game reached its limit of ${limit} moves`;
  return game.seatCount(options) === 1 ? { kind: 'loss', reason } : { kind: 'draw', reason };
}

/**
 * Rebuild a state from a game's history. Fails on the first move that does not parse or is
 * illegal, saying which move (1-based) and why.
 */
export function replay<O, S, M, V>(
  game: Game<O, S, M, V>,
  options: O,
  seed: number,
  moves: readonly string[],
): Result<S> {
  let state = game.setup(options, seed);
  for (const [i, text] of moves.entries()) {
    const next = playText(game, state, text);
    if (!next.ok) return fail(`move ${i + 1} (${text}): ${next.error}`);
    state = next.value;
  }
  return ok(state);
}
