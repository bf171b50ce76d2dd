/**
 * Tiny Nim: a test-only two-player game that proves a new game needs only its own module plus one
 * line where it is registered. A pile of counters; each turn a player takes 1, 2 or 3; whoever
 * takes the last counter wins. Pure rules implementing the game contract, with a perfect AI.
 */
import { fail, type Game, type GameAi, ok, type Result, type Seat } from '../../src/games/index.ts';

export interface TinyOptions {
  /** Counters on the pile at the start. */
  readonly counters: number;
}

export interface TinyState {
  readonly options: TinyOptions;
  /** Counters still on the pile. */
  readonly left: number;
  /** Moves made so far; seat 0 moves when this is even. */
  readonly ply: number;
}

/** How many counters a move takes. */
export type TinyMove = number;

export const MAX_TAKE = 3;
const MAX_COUNTERS = 30;
const DEFAULT_OPTIONS: TinyOptions = { counters: 7 };
const MOVE_HELP = `write how many counters to take, 1 to ${MAX_TAKE}`;

export function parseOptions(input: unknown): Result<TinyOptions> {
  if (input === undefined || input === null) return ok(DEFAULT_OPTIONS);
  if (typeof input !== 'object' || Array.isArray(input)) {
    return fail('options must be an object such as {"counters": 7}');
  }
  const { counters = DEFAULT_OPTIONS.counters, ...rest } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return fail(`unknown option ${unknown[0]}: the only option is counters`);
  if (
    typeof counters !== 'number' ||
    !Number.isInteger(counters) ||
    counters < 1 ||
    counters > MAX_COUNTERS
  ) {
    return fail(`counters must be a whole number from 1 to ${MAX_COUNTERS}, got ${JSON.stringify(counters)}`);
  }
  return ok({ counters });
}

const seatToMove = (state: TinyState): Seat => state.ply % 2;

export function legalMoves(state: TinyState): TinyMove[] {
  const most = Math.min(MAX_TAKE, state.left);
  return Array.from({ length: most }, (_, i) => i + 1);
}

export function play(state: TinyState, move: TinyMove): Result<TinyState> {
  if (state.left === 0) return fail('the game is over: the pile is empty');
  if (!Number.isInteger(move) || move < 1 || move > MAX_TAKE) return fail(MOVE_HELP);
  if (move > state.left) return fail(`only ${state.left} counter${state.left === 1 ? '' : 's'} left`);
  return ok({ ...state, left: state.left - move, ply: state.ply + 1 });
}

/** The perfect player: leave a multiple of four when possible, else take one and hope. */
export const ai: GameAi<TinyState, TinyMove> = {
  chooseMove: (state) => state.left % (MAX_TAKE + 1) || 1,
};

export const tiny: Game<TinyOptions, TinyState, TinyMove> = {
  id: 'tiny',
  title: 'Tiny Nim',
  parseOptions,
  seatCount: () => 2,
  // Every move takes at least one counter.
  maxMoves: (options) => options.counters,
  seatName: (_state, seat) => (seat === 0 ? 'First' : 'Second'),
  setup: (options) => ({ options, left: options.counters, ply: 0 }),
  toMove: (state) => (state.left === 0 ? undefined : seatToMove(state)),
  legalMoves,
  play,
  outcome: (state) =>
    state.left === 0
      ? { kind: 'win', winner: (state.ply - 1) % 2, reason: 'took the last counter' }
      : undefined,
  view: (state) => state,
  parseMove(text) {
    const word = text.trim();
    if (!/^\d{1,2}$/.test(word)) return fail(`"${word}" is not a move: ${MOVE_HELP}`);
    return ok(Number(word));
  },
  formatMove: (move) => String(move),
  notation: MOVE_HELP,
  toText: (state) =>
    `${'o'.repeat(state.left) || '(empty)'}  ${state.left} of ${state.options.counters} left`,
  ai,
};
