/**
 * Warp and Weft rules (the game's announcement and help file on the PBeM server), for every board
 * size 2–6.
 *
 * Warp (Vert) owns the vertical threads and connects top and bottom; Weft (Horz) owns the
 * horizontal threads and connects left and right. Warp moves first. A turn is a placement or a
 * switch between the Threads and Patches states.
 *
 * Variants: thread-primary (the seed's rules; both start Threading, a patch must touch one of
 * your threads) and patch-primary (both start Patching, patches go anywhere, a thread must touch
 * one of your patches).
 *
 * Finiteness (the seed is silent; this is Tessera's rule): a switch is legal only if your
 * previous turn was not a switch and the new state offers you a placement right now. So every
 * player places at least once in any two of their turns, and a game lasts at most twice as many
 * turns as the board has pieces. A player with no legal play (nothing to place and no legal
 * switch) loses, as the seed says.
 */
import { type WeaveBoard, weaveBoard } from '../../grid/index.ts';
import { fail, ok, type Result, type Seat } from '../game.ts';

export type Side = 'warp' | 'weft';
export type Mode = 'threads' | 'patches';
export type Variant = 'thread' | 'patch';

export interface WarpWeftOptions {
  readonly size: number;
  readonly variant: Variant;
}

export type WarpWeftMove =
  | { readonly kind: 'place'; readonly piece: number }
  | { readonly kind: 'switch'; readonly to: Mode }
  | { readonly kind: 'swap' };

export interface WarpWeftResult {
  readonly winner: Side;
  readonly reason: 'connected' | 'no valid play';
}

export interface WarpWeftState {
  readonly options: WarpWeftOptions;
  /**
   * Per piece id (see src/grid/weave.ts), one digit: 0 unclaimed, 1 Warp, 2 Weft; read it with
   * `ownerAt`. A string rather than an array: a server keeps every game's position until its next
   * move, and a young garbage collection copies what is still alive; a string of one byte a piece
   * is a seventh of an array's size (8 bytes a number), and is stored and sent as it is.
   */
  readonly owners: string;
  readonly modes: { readonly warp: Mode; readonly weft: Mode };
  /** Whether each side's previous turn was a switch (the finiteness rule). */
  readonly justSwitched: { readonly warp: boolean; readonly weft: boolean };
  readonly turn: Side;
  /** The seat playing Warp: 0, or 1 after a swap. */
  readonly warpSeat: Seat;
  /** Turns played so far, a swap included. */
  readonly ply: number;
  readonly lastMove: WarpWeftMove | null;
  readonly result: WarpWeftResult | null;
}

export const DEFAULT_OPTIONS: WarpWeftOptions = { size: 4, variant: 'thread' };

export const SIDE_NAMES: Record<Side, string> = { warp: 'Warp (Vert)', weft: 'Weft (Horz)' };
export const OWNER_OF: Record<Side, number> = { warp: 1, weft: 2 };
export const otherSide = (side: Side): Side => (side === 'warp' ? 'weft' : 'warp');
export const otherMode = (mode: Mode): Mode => (mode === 'threads' ? 'patches' : 'threads');

const DIGIT_ZERO = 48;

/** Who holds `piece`: 0 nobody, 1 Warp, 2 Weft (`OWNER_OF`). */
export const ownerAt = (state: WarpWeftState, piece: number): 0 | 1 | 2 =>
  (state.owners.charCodeAt(piece) - DIGIT_ZERO) as 0 | 1 | 2;

type JustSwitched = WarpWeftState['justSwitched'];

// The parts of a position that take few values are made once and shared by every position (no
// part of a state is ever changed): fewer objects for a server to keep per game until its next
// move. Each side's `justSwitched` flag, and a placement as a state's `lastMove`.
const SWITCHED = [false, true].map((warp) => [false, true].map((weft) => Object.freeze({ warp, weft })));
const switchedOf = (warp: boolean, weft: boolean): JustSwitched =>
  SWITCHED[Number(warp)]?.[Number(weft)] as JustSwitched;
const withSwitched = (was: JustSwitched, side: Side, now: boolean): JustSwitched =>
  side === 'warp' ? switchedOf(now, was.weft) : switchedOf(was.warp, now);
const PLACEMENTS: WarpWeftMove[] = [];
const placement = (piece: number): WarpWeftMove =>
  (PLACEMENTS[piece] ??= Object.freeze({ kind: 'place', piece }));

/**
 * `owners` with `piece` now held by `owner`: a string made in one piece, since one joined from
 * slices of the old string would keep the old one alive through them.
 */
function withOwner(owners: string, piece: number, owner: number): string {
  const codes = new Array<number>(owners.length);
  for (let p = 0; p < owners.length; p++) codes[p] = owners.charCodeAt(p);
  codes[piece] = DIGIT_ZERO + owner;
  return String.fromCharCode(...codes);
}

export const seatOfSide = (state: WarpWeftState, side: Side): Seat =>
  side === 'warp' ? state.warpSeat : 1 - state.warpSeat;
export const sideOfSeat = (state: WarpWeftState, seat: Seat): Side =>
  seat === state.warpSeat ? 'warp' : 'weft';

export function parseOptions(input: unknown): Result<WarpWeftOptions> {
  if (input === undefined || input === null) return ok(DEFAULT_OPTIONS);
  if (typeof input !== 'object' || Array.isArray(input)) {
    return fail('options must be an object such as {"size": 4, "variant": "thread"}');
  }
  const {
    size = DEFAULT_OPTIONS.size,
    variant = DEFAULT_OPTIONS.variant,
    ...rest
  } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return fail(`unknown option ${unknown[0]}: the options are size and variant`);
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 2 || size > 6) {
    return fail(`size must be a whole number from 2 to 6, got ${JSON.stringify(size)}`);
  }
  if (variant !== 'thread' && variant !== 'patch') {
    return fail(`variant must be "thread" or "patch", got ${JSON.stringify(variant)}`);
  }
  return ok({ size, variant });
}

export function setup(options: WarpWeftOptions): WarpWeftState {
  const board = weaveBoard(options.size);
  const start: Mode = options.variant === 'thread' ? 'threads' : 'patches';
  return {
    options,
    owners: '0'.repeat(board.pieces.length),
    modes: { warp: start, weft: start },
    justSwitched: switchedOf(false, false),
    turn: 'warp',
    warpSeat: 0,
    ply: 0,
    lastMove: null,
    result: null,
  };
}

/** Per-size lookups the rules use on every move, built once. */
interface Geometry {
  readonly board: WeaveBoard;
  /** 0 patch, 1 vertical thread (Warp's), 2 horizontal thread (Weft's). */
  readonly kindOf: Uint8Array;
  readonly neighbours: readonly (readonly number[])[];
  /** Pieces touching each side's first edge (top for Warp, left for Weft) and last edge. */
  readonly starts: Record<Side, readonly number[]>;
  readonly isEnd: Record<Side, Uint8Array>;
}

const geometries = new Map<number, Geometry>();

export function geometry(size: number): Geometry {
  let g = geometries.get(size);
  if (g) return g;
  const board = weaveBoard(size);
  const kindOf = Uint8Array.from(board.pieces, (p) =>
    p.kind === 'patch' ? 0 : p.direction === 'vertical' ? 1 : 2,
  );
  const ends = (edge: string) =>
    Uint8Array.from(board.pieces, (p) => (p.edges.includes(edge as never) ? 1 : 0));
  const startsOf = (edge: string) =>
    board.pieces.filter((p) => p.edges.includes(edge as never)).map((p) => p.id);
  g = {
    board,
    kindOf,
    neighbours: board.pieces.map((p) => p.neighbours),
    starts: { warp: startsOf('top'), weft: startsOf('left') },
    isEnd: { warp: ends('bottom'), weft: ends('right') },
  };
  geometries.set(size, g);
  return g;
}

/**
 * Why `side` may not claim `piece` in `mode` now, or null if it may; `switchTo` is set when the
 * piece is of the other state's kind, so each interface can say how to switch in its own terms (a
 * typed command, a button, a key).
 */
export function claimRefusal(
  state: WarpWeftState,
  side: Side,
  mode: Mode,
  piece: number,
): { readonly reason: string; readonly switchTo?: Mode } | null {
  const g = geometry(state.options.size);
  const kind = g.kindOf[piece];
  const own = OWNER_OF[side];
  const owner = ownerAt(state, piece);
  if (owner !== 0)
    return { reason: `it is already claimed by ${owner === own ? 'you' : SIDE_NAMES[otherSide(side)]}` };
  const touchesOwn = (wanted: (k: number) => boolean) =>
    (g.neighbours[piece] as readonly number[]).some(
      (n) => ownerAt(state, n) === own && wanted(g.kindOf[n] as number),
    );
  if (kind === 0) {
    if (mode !== 'patches') return { reason: 'it is a patch and you are Threading', switchTo: 'patches' };
    if (state.options.variant === 'thread' && !touchesOwn((k) => k !== 0)) {
      return { reason: 'it touches none of your threads' };
    }
    return null;
  }
  if (kind !== own)
    return {
      reason: `it is a ${kind === 1 ? 'vertical' : 'horizontal'} thread and ${SIDE_NAMES[side]} claims only ${own === 1 ? 'vertical' : 'horizontal'} threads`,
    };
  if (mode !== 'threads') return { reason: 'it is a thread and you are Patching', switchTo: 'threads' };
  if (state.options.variant === 'patch' && !touchesOwn((k) => k === 0)) {
    return { reason: 'it touches none of your patches' };
  }
  return null;
}

/** Why `side` may not claim `piece` in `mode` now, or null if it may. */
export const placementError = (state: WarpWeftState, side: Side, mode: Mode, piece: number): string | null =>
  claimRefusal(state, side, mode, piece)?.reason ?? null;

/** The pieces `side` could claim in `mode` right now. */
export function placements(state: WarpWeftState, side: Side, mode: Mode): number[] {
  const out: number[] = [];
  for (let piece = 0; piece < state.owners.length; piece++) {
    if (ownerAt(state, piece) === 0 && placementError(state, side, mode, piece) === null) out.push(piece);
  }
  return out;
}

function hasPlacement(state: WarpWeftState, side: Side, mode: Mode): boolean {
  for (let piece = 0; piece < state.owners.length; piece++) {
    if (ownerAt(state, piece) === 0 && placementError(state, side, mode, piece) === null) return true;
  }
  return false;
}

/** Why the side to move may not switch now, or null if it may. */
export function switchError(state: WarpWeftState, to: Mode): string | null {
  const side = state.turn;
  if (state.modes[side] === to) return `you are already ${to === 'threads' ? 'Threading' : 'Patching'}`;
  if (state.justSwitched[side]) return 'you switched on your last turn; place a piece before switching again';
  if (!hasPlacement(state, side, to))
    return `there would be nothing for you to claim after switching to ${to}`;
  return null;
}

/**
 * The longest game, from the finiteness rule: each side places at least once in any two of its
 * turns, so turns are at most two per piece, plus a closing switch each and the swap.
 */
export const maxMoves = (options: WarpWeftOptions): number =>
  2 * geometry(options.size).board.pieces.length + 3;

export const isSwapTurn = (state: WarpWeftState): boolean => state.ply === 1 && state.result === null;

export function legalMoves(state: WarpWeftState): WarpWeftMove[] {
  if (state.result) return [];
  const side = state.turn;
  const moves: WarpWeftMove[] = placements(state, side, state.modes[side]).map(placement);
  const to = otherMode(state.modes[side]);
  if (switchError(state, to) === null) moves.push({ kind: 'switch', to });
  if (isSwapTurn(state)) moves.push({ kind: 'swap' });
  return moves;
}

function hasLegalMove(state: WarpWeftState): boolean {
  const side = state.turn;
  return (
    hasPlacement(state, side, state.modes[side]) ||
    switchError(state, otherMode(state.modes[side])) === null ||
    isSwapTurn(state)
  );
}

/** Whether `side` joins its two edges with a chain of its own threads and patches. */
export function isConnected(state: WarpWeftState, side: Side): boolean {
  const g = geometry(state.options.size);
  const own = OWNER_OF[side];
  const seen = new Uint8Array(state.owners.length);
  const stack: number[] = [];
  for (const p of g.starts[side]) {
    if (ownerAt(state, p) === own) {
      seen[p] = 1;
      stack.push(p);
    }
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    if (g.isEnd[side][p]) return true;
    for (const n of g.neighbours[p] as readonly number[]) {
      if (!seen[n] && ownerAt(state, n) === own) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return false;
}

/**
 * The chain that won a connected game: the fewest of the winner's pieces that join their two
 * edges, in order from the first edge (top for Warp, left for Weft). Empty unless the game was
 * won by connecting.
 */
export function winningChain(state: WarpWeftState): number[] {
  if (state.result?.reason !== 'connected') return [];
  const side = state.result.winner;
  const g = geometry(state.options.size);
  const own = OWNER_OF[side];
  // Breadth first from every owned piece on the first edge: the first end reached is a shortest chain.
  const from = new Int32Array(state.owners.length).fill(-2);
  const queue: number[] = [];
  for (const p of g.starts[side]) {
    if (ownerAt(state, p) === own) {
      from[p] = -1;
      queue.push(p);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head] as number;
    if (g.isEnd[side][p]) {
      const chain: number[] = [];
      for (let at = p; at !== -1; at = from[at] as number) chain.push(at);
      return chain.reverse();
    }
    for (const n of g.neighbours[p] as readonly number[]) {
      if (from[n] === -2 && ownerAt(state, n) === own) {
        from[n] = p;
        queue.push(n);
      }
    }
  }
  return [];
}

export function play(state: WarpWeftState, move: WarpWeftMove): Result<WarpWeftState> {
  if (state.result) return fail('the game is over');
  const side = state.turn;
  let next: WarpWeftState;
  switch (move.kind) {
    case 'swap':
      if (!isSwapTurn(state)) return fail('swap is allowed only as the second move of the game');
      // The swapper takes over Warp and its piece; the first player, now Weft, moves next.
      next = { ...state, warpSeat: 1 - state.warpSeat, ply: state.ply + 1, lastMove: move };
      break;
    case 'switch': {
      const why = switchError(state, move.to);
      if (why) return fail(`you cannot switch to ${move.to}: ${why}`);
      next = {
        ...state,
        modes: { ...state.modes, [side]: move.to },
        justSwitched: withSwitched(state.justSwitched, side, true),
        turn: otherSide(side),
        ply: state.ply + 1,
        lastMove: move,
      };
      break;
    }
    case 'place': {
      if (!Number.isInteger(move.piece) || move.piece < 0 || move.piece >= state.owners.length) {
        return fail(`there is no piece ${move.piece} on a size ${state.options.size} board`);
      }
      const refused = claimRefusal(state, side, state.modes[side], move.piece);
      if (refused) {
        // The move was written, so the way to switch is written too.
        const hint = refused.switchTo ? ` (switch with "${refused.switchTo}")` : '';
        return fail(`you cannot claim that piece: ${refused.reason}${hint}`);
      }
      next = {
        ...state,
        owners: withOwner(state.owners, move.piece, OWNER_OF[side]),
        justSwitched: withSwitched(state.justSwitched, side, false),
        turn: otherSide(side),
        ply: state.ply + 1,
        lastMove: placement(move.piece),
      };
      if (isConnected(next, side)) return ok({ ...next, result: { winner: side, reason: 'connected' } });
      break;
    }
  }
  if (!hasLegalMove(next)) return ok({ ...next, result: { winner: side, reason: 'no valid play' } });
  return ok(next);
}
