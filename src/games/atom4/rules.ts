/**
 * Atom-4 rules over rounds, as the original program (Atom-4 4.1) plays them. Player 1 (seat 0)
 * plays the additive colours and lines up whites; player 2 (seat 1) plays the subtractive colours
 * and lines up blacks. Each round starts from its standard opening; the winner of a round scores a
 * point, and after the last round the higher score wins the game.
 *
 * Between rounds the only legal move is `next`, made by the player who opens the next round (the
 * original's `n` key), so a server or a bot can drive a whole match through the game contract.
 */
import { fail, ok, type Result } from '../game.ts';
import {
  CELLS,
  type Change,
  COLOUR_NAMES,
  COLOUR_SEQUENCE,
  cellIndex,
  colourChanges,
  EMPTY,
  goalOf,
  isLegalCell,
  lineCells,
  makesLine,
  onBoard,
  openingCells,
  type Player,
  roundStartIndex,
} from './board.ts';
import { MAX_LEVEL, MAX_ROUNDS } from './limits.ts';

export { MAX_LEVEL, MAX_ROUNDS };

/** Computer strength per seat: a level (0 and up), or null for a person. */
export interface Atom4Options {
  readonly rounds: number;
  readonly computer: readonly [number | null, number | null];
}

export type Atom4Move =
  | { readonly kind: 'place'; readonly x: number; readonly y: number }
  | { readonly kind: 'next' };

export type RoundResult = Player | 'stalemate';

export interface Atom4State {
  readonly options: Atom4Options;
  /** 1-based. */
  readonly round: number;
  /** 256 cells, row-major: EMPTY (-1) or a colour 0..7. */
  readonly cells: readonly number[];
  /** Index into COLOUR_SEQUENCE of the piece to play next. */
  readonly colourIndex: number;
  /** Plies played in this round. */
  readonly ply: number;
  readonly lastMove: { readonly x: number; readonly y: number } | null;
  /** Cells whose colour the last move changed (not the placed cell). */
  readonly changed: readonly number[];
  readonly roundResult: RoundResult | null;
  /** Rounds won by player 1 and player 2. */
  readonly scores: readonly [number, number];
  /**
   * The last position of the round before this one (absent in round 1), kept through this round
   * so that a client can still show how it ended when the next round started at once.
   */
  readonly previousRound?: Atom4State;
}

export const DEFAULT_OPTIONS: Atom4Options = { rounds: 1, computer: [null, null] };

export function parseOptions(input: unknown): Result<Atom4Options> {
  if (input === undefined || input === null) return ok(DEFAULT_OPTIONS);
  if (typeof input !== 'object' || Array.isArray(input)) {
    return fail('options must be an object such as {"rounds": 3, "computer": [null, 2]}');
  }
  const {
    rounds = DEFAULT_OPTIONS.rounds,
    computer = DEFAULT_OPTIONS.computer,
    ...rest
  } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return fail(`unknown option ${unknown[0]}: the options are rounds and computer`);
  if (typeof rounds !== 'number' || !Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) {
    return fail(`rounds must be a whole number from 1 to ${MAX_ROUNDS}, got ${JSON.stringify(rounds)}`);
  }
  if (!Array.isArray(computer) || computer.length !== 2) {
    return fail('computer must be a list of two entries, a level or null per seat, such as [null, 2]');
  }
  for (const level of computer) {
    if (
      level !== null &&
      (typeof level !== 'number' || !Number.isInteger(level) || level < 0 || level > MAX_LEVEL)
    ) {
      return fail(
        `a computer level must be a whole number from 0 to ${MAX_LEVEL} or null, got ${JSON.stringify(level)}`,
      );
    }
  }
  return ok({ rounds, computer: [computer[0] as number | null, computer[1] as number | null] });
}

export function roundState(
  options: Atom4Options,
  round: number,
  scores: readonly [number, number],
): Atom4State {
  return {
    options,
    round,
    cells: openingCells(round),
    colourIndex: roundStartIndex(round),
    ply: 0,
    lastMove: null,
    changed: [],
    roundResult: null,
    scores,
  };
}

export const setup = (options: Atom4Options): Atom4State => roundState(options, 1, [0, 0]);

/** The piece the player to move places. */
export const pieceToPlay = (state: Atom4State): number => COLOUR_SEQUENCE[state.colourIndex % 6] as number;
/** The player whose turn it is in the round (even sequence places are additive: player 1). */
export const playerToMove = (state: Atom4State): Player => (state.colourIndex % 2 === 0 ? 1 : 2);

/**
 * The longest game: a round fills at most the board's empty cells (all but the two opening
 * pieces), and a "next" opens each round after the first.
 */
export const maxMoves = (options: Atom4Options): number => options.rounds * (CELLS - 1) - 1;

export const isGameOver = (state: Atom4State): boolean =>
  state.roundResult !== null && state.round >= state.options.rounds;

/** Why (x, y) is not a legal placement now, or null if it is. */
export function placementError(state: Atom4State, x: number, y: number): string | null {
  if (!Number.isInteger(x) || !Number.isInteger(y) || !onBoard(x, y)) {
    return `(${x},${y}) is off the board: x and y run from 0 to 15`;
  }
  const i = cellIndex(x, y);
  if (state.cells[i] !== EMPTY)
    return `(${x},${y}) already holds a ${COLOUR_NAMES[state.cells[i] as number]} piece`;
  if (!isLegalCell(state.cells, i)) return `(${x},${y}) does not touch two pieces that touch each other`;
  return null;
}

/** The cells of the line that won the round just finished (none while it runs or after a stalemate). */
export function winningLine(state: Atom4State): number[] {
  if (state.roundResult === null || state.roundResult === 'stalemate') return [];
  return lineCells(state.cells, state.changed, goalOf(state.roundResult));
}

export function legalPlacements(state: Atom4State): { x: number; y: number }[] {
  if (state.roundResult !== null) return [];
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < CELLS; i++)
    if (isLegalCell(state.cells, i)) out.push({ x: i % 16, y: (i - (i % 16)) / 16 });
  return out;
}

export function legalMoves(state: Atom4State): Atom4Move[] {
  if (state.roundResult !== null) return isGameOver(state) ? [] : [{ kind: 'next' }];
  return legalPlacements(state).map(({ x, y }) => ({ kind: 'place', x, y }));
}

export function play(state: Atom4State, move: Atom4Move): Result<Atom4State> {
  if (move.kind === 'next') {
    if (state.roundResult === null) return fail(`round ${state.round} is still being played`);
    if (isGameOver(state)) return fail('the game is over: that was the last round');
    const { previousRound: _older, ...finished } = state;
    return ok({ ...roundState(state.options, state.round + 1, state.scores), previousRound: finished });
  }
  if (state.roundResult !== null) {
    return fail(
      `round ${state.round} is over: the only move is "next"${isGameOver(state) ? ' (and the game is over)' : ''}`,
    );
  }
  const { x, y } = move;
  const why = placementError(state, x, y);
  if (why) return fail(`you can't put a marble there: ${why}`);
  const i = cellIndex(x, y);
  const piece = pieceToPlay(state);
  const player = playerToMove(state);
  const changes: Change[] = colourChanges(state.cells, i, piece);
  const cells = state.cells.slice();
  cells[i] = piece;
  for (const c of changes) cells[c.cell] = c.to;
  const changed = changes.map((c) => c.cell);
  let roundResult: RoundResult | null = null;
  let scores = state.scores;
  if (makesLine(cells, changed, goalOf(player))) {
    roundResult = player;
    scores = player === 1 ? [scores[0] + 1, scores[1]] : [scores[0], scores[1] + 1];
  } else if (!cells.includes(EMPTY) || !cells.some((_, j) => isLegalCell(cells, j))) {
    // The original ends a round only on a full board; with two touching pieces to start from a
    // non-full board always has a legal cell, so the second test only guards against a stuck game.
    roundResult = 'stalemate';
  }
  return ok({
    ...state,
    cells,
    colourIndex: (state.colourIndex + 1) % 6,
    ply: state.ply + 1,
    lastMove: { x, y },
    changed,
    roundResult,
    scores,
  });
}
