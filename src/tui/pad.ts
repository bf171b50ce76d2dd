/**
 * A game's keys and board in the online game screen: the cursor, which move a key means, and the
 * board drawn by the same code as local play. Moves are text in the game's notation; the screen
 * sends them to the server.
 */
import type { Key } from 'ink';
import type { Segment } from './segments.ts';
import type { Theme } from './theme.ts';

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

/**
 * `seat`: the viewer's seat in the game (-1 or absent for a spectator). A pad may keep more than the point
 * in its cursor (Atom-4 keeps the round the viewer has gone on to).
 */
export interface Pad {
  /** The keys line at the foot of the screen. */
  readonly keys: string;
  start(view: unknown): Cursor;
  onKey(input: string, key: Key, view: unknown, cursor: Cursor, seat?: number): KeyResult;
  /** Board lines; `header` asks for column letters where the board has them. */
  lines(
    view: unknown,
    cursor: Cursor,
    theme: Theme,
    myTurn: boolean,
    header: boolean,
    seat?: number,
  ): Segment[][];
  /** The position in words: mode, score, the cell under the cursor. */
  describe(view: unknown, cursor: Cursor, seat?: number): string;
}

export const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
