/**
 * The per-game parts of the online game screen: the board, drawn by the same code as local play,
 * the cursor keys, and which move a key means. Moves are returned as text in the game's notation;
 * the screen sends them to the server.
 */
import type { Key } from 'ink';
import {
  type Atom4State,
  atom4,
  placementError as atom4PlacementError,
  COLOUR_NAMES,
  pieceToPlay,
} from '../../games/atom4/index.ts';
import { legalMoves, placementError, type WarpWeftState, warpweft } from '../../games/warpweft/index.ts';
import { weaveBoard } from '../../grid/weave.ts';
import { atom4BoardLines } from '../atom4-screen.ts';
import type { Segment } from '../segments.ts';
import type { Theme } from '../theme.ts';
import { weaveLines } from '../warpweft-board.ts';

export interface Cursor {
  readonly x: number;
  readonly y: number;
}

/** What a key asks for: a cursor move, a move to send, or a note to show. */
export type KeyResult =
  | { readonly cursor: Cursor }
  | { readonly move: string }
  | { readonly message: string }
  | null;

export interface Pad {
  readonly keys: string;
  start(view: unknown): Cursor;
  onKey(input: string, key: Key, view: unknown, cursor: Cursor): KeyResult;
  /** Board lines; `header` asks for column letters where the board has them. */
  lines(view: unknown, cursor: Cursor, theme: Theme, myTurn: boolean, header: boolean): Segment[][];
  /** The position in words: mode, score, the cell under the cursor. */
  describe(view: unknown, cursor: Cursor): string;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

const warpweftPad: Pad = {
  keys: 'arrows move  Enter claim  t/p switch  s swap  R resign  q lobby',
  start(view) {
    const span = weaveBoard((view as WarpWeftState).options.size).span;
    return { x: (span - 1) / 2, y: (span + 1) / 2 };
  },
  onKey(input, key, view, cursor) {
    const state = view as WarpWeftState;
    const span = weaveBoard(state.options.size).span;
    if (key.leftArrow) return { cursor: { ...cursor, x: clamp(cursor.x - 1, 0, span - 1) } };
    if (key.rightArrow) return { cursor: { ...cursor, x: clamp(cursor.x + 1, 0, span - 1) } };
    if (key.upArrow) return { cursor: { ...cursor, y: clamp(cursor.y + 1, 1, span) } };
    if (key.downArrow) return { cursor: { ...cursor, y: clamp(cursor.y - 1, 1, span) } };
    if (key.return || input === ' ') {
      const piece = weaveBoard(state.options.size).pieceAt(cursor.x, cursor.y);
      const name = warpweft.formatMove({ kind: 'place', piece }, state);
      const why = placementError(state, state.turn, state.modes[state.turn], piece);
      return why ? { message: `${name}: ${why}.` } : { move: name };
    }
    if (input === 't') return { move: warpweft.formatMove({ kind: 'switch', to: 'threads' }, state) };
    if (input === 'p') return { move: warpweft.formatMove({ kind: 'switch', to: 'patches' }, state) };
    if (input === 's') return { move: warpweft.formatMove({ kind: 'swap' }, state) };
    return null;
  },
  lines(view, cursor, theme, myTurn, header) {
    const state = view as WarpWeftState;
    const claimable = new Set<number>();
    if (myTurn) for (const m of legalMoves(state)) if (m.kind === 'place') claimable.add(m.piece);
    return weaveLines(state, { col: cursor.x, row: cursor.y }, claimable, theme, header);
  },
  describe(view, cursor) {
    const state = view as WarpWeftState;
    const other = state.turn === 'warp' ? 'weft' : 'warp';
    const here = warpweft.formatMove(
      { kind: 'place', piece: weaveBoard(state.options.size).pieceAt(cursor.x, cursor.y) },
      state,
    );
    const last = state.lastMove ? ` Last: ${warpweft.formatMove(state.lastMove, state)}.` : '';
    const mode = state.modes[state.turn] === 'threads' ? 'Threading' : 'Patching';
    return `${mode}; ${other === 'warp' ? 'Warp' : 'Weft'} ${state.modes[other]}.${last} Cursor ${here}.`;
  },
};

const atom4Pad: Pad = {
  keys: 'arrows move  Enter place  n next round  R resign  q lobby',
  start: () => ({ x: 8, y: 8 }),
  onKey(input, key, view, cursor) {
    const state = view as Atom4State;
    if (key.leftArrow) return { cursor: { ...cursor, x: clamp(cursor.x - 1, 0, 15) } };
    if (key.rightArrow) return { cursor: { ...cursor, x: clamp(cursor.x + 1, 0, 15) } };
    if (key.upArrow) return { cursor: { ...cursor, y: clamp(cursor.y - 1, 0, 15) } };
    if (key.downArrow) return { cursor: { ...cursor, y: clamp(cursor.y + 1, 0, 15) } };
    if (input === 'n') {
      if (state.roundResult === null)
        return { message: 'The round is still on: n starts the next one after it.' };
      return { move: atom4.formatMove({ kind: 'next' }, state) };
    }
    if (key.return || input === ' ') {
      if (state.roundResult !== null) return { message: 'The round is over: press n for the next round.' };
      const why = atom4PlacementError(state, cursor.x, cursor.y);
      if (why) return { message: `You can't put a marble here: ${why}` };
      return { move: atom4.formatMove({ kind: 'place', x: cursor.x, y: cursor.y }, state) };
    }
    return null;
  },
  lines: (view, cursor, theme) => atom4BoardLines(view as Atom4State, cursor, theme),
  describe(view, cursor) {
    const state = view as Atom4State;
    const round =
      state.roundResult === null
        ? `plays ${COLOUR_NAMES[pieceToPlay(state)]}`
        : state.roundResult === 'stalemate'
          ? 'stalemate (n: next round)'
          : `player ${state.roundResult} won the round (n: next round)`;
    return `Round ${state.round} of ${state.options.rounds}, ${state.scores[0]}:${state.scores[1]}; ${round}. Cursor ${cursor.x},${cursor.y}.`;
  },
};

export const PADS: Readonly<Record<string, Pad>> = { warpweft: warpweftPad, atom4: atom4Pad };
