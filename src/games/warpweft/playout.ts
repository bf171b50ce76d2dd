/**
 * Fast random playouts for the bot: the rules of rules.ts on one mutable board, with no
 * allocation per move. It offers the same legal moves in the same order as `legalMoves` (claims
 * by piece id, then the switch, then swap), so a playout picks exactly the moves a playout through
 * the rules would with the same random numbers; a test holds the two to that.
 */
import type { Rng } from '../../grid/index.ts';
import type { Seat } from '../game.ts';
import { geometry, ownerAt, type WarpWeftState } from './rules.ts';

const SWITCH = -1;
const SWAP = -2;

export function fastPlayout(start: WarpWeftState, rng: Rng): Seat {
  const g = geometry(start.options.size);
  const n = start.owners.length;
  const owners = Uint8Array.from({ length: n }, (_, p) => ownerAt(start, p));
  const kindOf = g.kindOf;
  const neighbours = g.neighbours;
  const patchPrimary = start.options.variant === 'patch';
  // Index 0 is Warp, 1 is Weft; a mode is 0 Threading, 1 Patching.
  const modes = [start.modes.warp === 'threads' ? 0 : 1, start.modes.weft === 'threads' ? 0 : 1];
  const justSwitched = [start.justSwitched.warp, start.justSwitched.weft];
  let side = start.turn === 'warp' ? 0 : 1;
  let ply = start.ply;
  let warpSeat = start.warpSeat;
  const moves = new Int32Array(n + 2);
  const seen = new Uint32Array(n);
  let stamp = 0;
  const stack = new Int32Array(n);

  const canPlace = (s: number, mode: number, p: number): boolean => {
    if (owners[p] !== 0) return false;
    const own = s + 1;
    const kind = kindOf[p] as number;
    const near = neighbours[p] as readonly number[];
    if (kind === 0) {
      if (mode !== 1) return false;
      if (patchPrimary) return true;
      for (const q of near) if (owners[q] === own && kindOf[q] !== 0) return true;
      return false;
    }
    if (kind !== own || mode !== 0) return false;
    if (!patchPrimary) return true;
    for (const q of near) if (owners[q] === own && kindOf[q] === 0) return true;
    return false;
  };
  const anyPlacement = (s: number, mode: number): boolean => {
    for (let p = 0; p < n; p++) if (canPlace(s, mode, p)) return true;
    return false;
  };
  const canSwitch = (s: number): boolean => !justSwitched[s] && anyPlacement(s, 1 - (modes[s] as number));
  const connected = (s: number): boolean => {
    const own = s + 1;
    const starts = s === 0 ? g.starts.warp : g.starts.weft;
    const isEnd = s === 0 ? g.isEnd.warp : g.isEnd.weft;
    stamp++;
    let top = 0;
    for (const p of starts) {
      if (owners[p] === own) {
        seen[p] = stamp;
        stack[top++] = p;
      }
    }
    while (top > 0) {
      const p = stack[--top] as number;
      if (isEnd[p]) return true;
      for (const q of neighbours[p] as readonly number[]) {
        if (seen[q] !== stamp && owners[q] === own) {
          seen[q] = stamp;
          stack[top++] = q;
        }
      }
    }
    return false;
  };
  const seatOf = (s: number): Seat => (s === 0 ? warpSeat : 1 - warpSeat);

  if (start.result) return start.result.winner === 'warp' ? start.warpSeat : 1 - start.warpSeat;
  for (;;) {
    let count = 0;
    const mode = modes[side] as number;
    for (let p = 0; p < n; p++) if (canPlace(side, mode, p)) moves[count++] = p;
    if (canSwitch(side)) moves[count++] = SWITCH;
    if (ply === 1) moves[count++] = SWAP;
    const move = moves[rng.nextInt(count)] as number;
    ply++;
    if (move === SWAP) {
      warpSeat = 1 - warpSeat;
      continue;
    }
    if (move === SWITCH) {
      modes[side] = 1 - mode;
      justSwitched[side] = true;
    } else {
      owners[move] = side + 1;
      justSwitched[side] = false;
      if (connected(side)) return seatOf(side);
    }
    const next = 1 - side;
    const nextHasPlay = anyPlacement(next, modes[next] as number) || canSwitch(next) || ply === 1;
    if (!nextHasPlay) return seatOf(side);
    side = next;
  }
}
