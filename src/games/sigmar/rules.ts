/**
 * Sigmar's Garden as a one-seat game (rules as in Ondřej Hruška's web reimplementation). The state
 * keeps the starting board and the stack of removals since the start, so undo (unlimited) and try
 * again (back to the start) are moves like any other and a game's history (options, seed, moves)
 * replays exactly.
 *
 * Moves: a removal (two reacting free marbles, or gold alone), `undo` (take back the last removal,
 * or the last try again) and `retry` (back to the starting board). Undo and retry stay legal after
 * the game has ended, so a lost game can be taken back in a local client.
 */
import { fail, type Outcome, ok, type Result } from '../game.ts';
import {
  CELL_COUNT,
  type Cells,
  cellName,
  EMPTY,
  emptyCells,
  formatBoard,
  KIND_LETTERS,
  parseBoard,
} from './board.ts';
import { generateGraded } from './deal.ts';
import { checkTemplate } from './generator.ts';
import { DIFFICULTIES, type Difficulty } from './grade.ts';
import { legalRemovals, removalError } from './reactions.ts';

export interface SigmarOptions {
  /** The template to deal from, or null for a random one. */
  readonly template: string | null;
  /** The difficulty to deal, or null for any. */
  readonly difficulty: Difficulty | null;
  /** Deal without the harder-board rules. */
  readonly sloppy: boolean;
  /** A given starting board (91 characters) instead of a dealt one. */
  readonly board: string | null;
}

export type SigmarMove =
  | { readonly kind: 'remove'; readonly cells: readonly number[] }
  | { readonly kind: 'undo' }
  | { readonly kind: 'retry' };

export interface SigmarState {
  readonly options: SigmarOptions;
  readonly seed: number;
  /** The template dealt from ("custom" for a given board) and whether it was mirrored. */
  readonly template: string;
  readonly mirrored: boolean;
  /** The starting board and the current one, as 91-character board text. */
  readonly start: string;
  readonly board: string;
  /** The removals since the start, oldest first: the undo stack. */
  readonly removed: readonly (readonly number[])[];
  /**
   * The removals each try again cleared, the latest last: undo at the start brings them back.
   * Absent in states stored before try again could be undone.
   */
  readonly retried?: readonly (readonly (readonly number[])[])[];
  /** Moves played, undo and retry included. */
  readonly ply: number;
}

/**
 * Undo and retry let a game go on without end, so it is lost after this many moves: room for
 * dozens of attempts at a board that a clean solve takes about 30 removals to clear.
 */
export const MAX_MOVES = 2000;

export const DEFAULT_OPTIONS: SigmarOptions = {
  template: null,
  difficulty: null,
  sloppy: false,
  board: null,
};

export function parseOptions(input: unknown): Result<SigmarOptions> {
  if (input === undefined || input === null) return ok(DEFAULT_OPTIONS);
  if (typeof input !== 'object' || Array.isArray(input)) {
    return fail('options must be an object such as {"template": "star", "difficulty": "hard"}');
  }
  const {
    template = null,
    difficulty = null,
    sloppy = false,
    board = null,
    ...rest
  } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    return fail(`unknown option ${unknown[0]}: the options are template, difficulty, sloppy and board`);
  }
  let name: string | null = null;
  if (template !== null) {
    if (typeof template !== 'string') return fail('template must be a template name');
    const checked = checkTemplate(template);
    if (!checked.ok) return checked;
    name = checked.value;
  }
  if (difficulty !== null && !DIFFICULTIES.includes(difficulty as Difficulty)) {
    return fail(`difficulty must be one of ${DIFFICULTIES.join(', ')}, got ${JSON.stringify(difficulty)}`);
  }
  if (typeof sloppy !== 'boolean') return fail('sloppy must be true or false');
  if (board !== null) {
    if (typeof board !== 'string') return fail('board must be 91 characters of board text');
    const parsed = parseBoard(board);
    if (!parsed.ok) return parsed;
    if (!parsed.value.some((k) => k !== EMPTY)) return fail('board must hold at least one marble');
  }
  return ok({
    template: name,
    difficulty: difficulty as Difficulty | null,
    sloppy,
    board: board === null ? null : (board as string).trim().toLowerCase(),
  });
}

export function setup(options: SigmarOptions, seed: number): SigmarState {
  const base = { options, seed, removed: [], retried: [], ply: 0 };
  if (options.board !== null) {
    return { ...base, template: 'custom', mirrored: false, start: options.board, board: options.board };
  }
  const dealt = generateGraded(seed, options);
  const start = formatBoard(dealt.board);
  return { ...base, template: dealt.template, mirrored: dealt.mirrored, start, board: start };
}

/** The current board as cells (92 entries, see board.ts). */
export function cellsOf(state: SigmarState): Cells {
  const cells = emptyCells();
  for (let i = 0; i < CELL_COUNT; i++) cells[i] = KIND_LETTERS.indexOf(state.board[i] as string);
  return cells;
}

export const legalMoves = (state: SigmarState): SigmarMove[] =>
  legalRemovals(cellsOf(state)).map((cells) => ({ kind: 'remove', cells }));

export function play(state: SigmarState, move: SigmarMove): Result<SigmarState> {
  const ply = state.ply + 1;
  switch (move.kind) {
    case 'undo': {
      const last = state.removed.at(-1);
      if (last) {
        const board = [...state.board];
        for (const c of last) board[c] = state.start[c] as string;
        return ok({ ...state, board: board.join(''), removed: state.removed.slice(0, -1), ply });
      }
      // Back at the start: the last try again is what there is to undo.
      const retried = state.retried ?? [];
      const removed = retried.at(-1);
      if (!removed) return fail('there is nothing to undo');
      const board = [...state.start];
      for (const c of removed.flat()) board[c] = KIND_LETTERS[EMPTY] as string;
      return ok({ ...state, board: board.join(''), removed, retried: retried.slice(0, -1), ply });
    }
    case 'retry':
      if (state.removed.length === 0) return fail('the board is already at its start');
      return ok({
        ...state,
        board: state.start,
        removed: [],
        retried: [...(state.retried ?? []), state.removed],
        ply,
      });
    case 'remove': {
      if (outcome(state)?.kind === 'win') return fail('the board is already clear');
      const cells = [...move.cells].sort((a, b) => a - b);
      const error = removalError(cellsOf(state), cells, cellName);
      if (error) return fail(error);
      const board = [...state.board];
      for (const c of cells) board[c] = KIND_LETTERS[EMPTY] as string;
      return ok({ ...state, board: board.join(''), removed: [...state.removed, cells], ply });
    }
  }
}

/** Whether undo has something to take back: a removal, or a try again. */
export const canUndo = (state: SigmarState): boolean =>
  state.removed.length > 0 || (state.retried?.length ?? 0) > 0;

export function outcome(state: SigmarState): Outcome | undefined {
  const cells = cellsOf(state);
  if (!cells.some((k) => k !== EMPTY)) return { kind: 'win', winner: 0, reason: 'the board is clear' };
  if (legalRemovals(cells).length === 0) {
    return { kind: 'loss', reason: 'no move remains (undo or try again)' };
  }
  return undefined;
}
