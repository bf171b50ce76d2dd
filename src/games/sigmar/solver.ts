/**
 * Exact solver: proves a board solvable (returning a solution) or unsolvable, by depth-first
 * search memoised over the set of cells that still hold marbles (failed sets only: a success ends
 * the search). Three kinds of pruning keep it fast; each is exact:
 *
 * 1. Forced moves. Removing marbles only ever frees others, so moving a pair earlier in a
 *    solution never breaks the rest of it. If both marbles of a free pair (a, b) and every marble
 *    that could be the partner of either are free now, then (a, b) is safe: take any solution
 *    where a meets c and b meets d; pairing (a, b) now and (c, d) when a met c keeps every later
 *    board a subset of the original one, and c, d react because the classes are closed (vitae
 *    with mors; an element with its kind and salt). So when all remaining vitae and mors are free,
 *    any free vitae–mors pair is taken without branching; likewise two free marbles of an element
 *    whose every remaining marble and every remaining salt is free; gold once legal; and the last
 *    base metal with the last mercury. Such a node has one child.
 * 2. Counting: an element left with an odd count needs a salt of its own, so a position where
 *    more elements are odd than salts remain is lost.
 * 3. Buried metals: a metal is freed only by removing neighbours, but higher metals and gold
 *    outlive it, and every mercury outlives the lowest metal (mercury goes only with the lowest
 *    metal, so none can leave before it). If every run of three neighbours of a metal holds one
 *    of those, the metal can never be freed and the position is lost.
 *
 * Moves are tried in an order that finds solutions early (see the move classes below), with
 * restarts in a shuffled order to cut the heavy tail of search times. A budget (time callback
 * and/or expansion cap) makes the answer "unknown" instead of searching on.
 */
import {
  AIR,
  CELL_COUNT,
  type Cells,
  EARTH,
  EMPTY,
  FREE_BY_MASK,
  GOLD,
  isBaseMetal,
  KIND_COUNT,
  LEAD,
  MERCURY,
  MORS,
  NEIGHBOURS,
  SALT,
  SILVER,
  VITAE,
} from './board.ts';
import { PositionSet } from './positions.ts';
import type { Removal } from './reactions.ts';

export interface SolveBudget {
  /** Polled every few hundred expansions; true stops the search with "unknown". */
  readonly timeUp?: () => boolean;
  /** Stop with "unknown" after this many positions expanded. */
  readonly maxExpansions?: number;
}

export type SolveStatus = 'solvable' | 'unsolvable' | 'unknown';

export interface SolveResult {
  readonly status: SolveStatus;
  /** A full solution when solvable, else empty. */
  readonly solution: Removal[];
  /** Positions expanded (a measure of the work done). */
  readonly expansions: number;
}

/** Solve any board (full or part played). The input is not modified. */
export function solve(input: ArrayLike<number>, budget: SolveBudget = {}): SolveResult {
  const scratch = spare ?? new Scratch();
  spare = null;
  const search = new Search(input, budget, scratch);
  const found = search.run();
  scratch.failed.clear();
  spare = scratch;
  if (search.stopped) return { status: 'unknown', solution: [], expansions: search.expansions };
  return {
    status: found ? 'solvable' : 'unsolvable',
    solution: found ? search.solution() : [],
    expansions: search.expansions,
  };
}

const CHECK_EVERY = 256;
const FIRST_ATTEMPT = 150;
const descending = (x: number, y: number): number => y - x;
const MAX_ATTEMPTS = 12;
/**
 * Move classes, tried highest first: pairs of one element and vitae–mors (2), salt with an
 * element and metal with mercury (1), salt with salt (0). Putting metals late was measured to
 * shorten the worst reference boards' searches tenfold.
 */
const VM_CLASS = 2;
const METAL_CLASS = 1;

/** Buffers one search needs, kept between solves so that solving allocates almost nothing. */
class Scratch {
  readonly failed = new PositionSet();
  readonly free: Int32Array[] = Array.from({ length: 64 }, () => new Int32Array(CELL_COUNT));
  readonly moves: number[][] = Array.from({ length: 64 }, () => []);
  readonly blocked = new Uint8Array(CELL_COUNT + 1);
}
let spare: Scratch | null = null;

class Search {
  readonly board: Cells = new Uint8Array(CELL_COUNT + 1);
  readonly counts = new Int32Array(KIND_COUNT);
  /** The cells that held a marble at the start: the only ones worth scanning. */
  readonly cells: Int32Array;
  /** The cells that held mercury or a metal at the start. */
  readonly metalCells: Int32Array;
  /** Occupancy bit set of the 91 cells. */
  readonly occ = new Int32Array(3);
  readonly failed: PositionSet;
  readonly path: number[][] = [];
  remaining = 0;
  expansions = 0;
  /** The current attempt ran out (attempt limit or budget); nothing unexplored is recorded. */
  aborted = false;
  /** The caller's budget ran out. */
  stopped = false;
  private attemptLimit = 0;
  private random = 0;
  private readonly budget: SolveBudget;
  /** Scratch per depth: free cells found at a node. */
  private readonly freeScratch: Int32Array[];
  private readonly blockedScratch: Uint8Array;
  private readonly movesScratch: number[][];
  private readonly freeOfKind = new Int32Array(KIND_COUNT);
  private readonly firstOfKind = new Int32Array(KIND_COUNT);
  private readonly secondOfKind = new Int32Array(KIND_COUNT);

  constructor(input: ArrayLike<number>, budget: SolveBudget, scratch: Scratch) {
    this.budget = budget;
    this.failed = scratch.failed;
    this.freeScratch = scratch.free;
    this.blockedScratch = scratch.blocked;
    this.movesScratch = scratch.moves;
    const cells: number[] = [];
    for (let i = 0; i < CELL_COUNT; i++) {
      const k = input[i] as number;
      if (k !== EMPTY) {
        this.put(i, k);
        cells.push(i);
      }
    }
    this.cells = Int32Array.from(cells);
    this.metalCells = this.cells.filter((c) => (input[c] as number) >= MERCURY);
  }

  /**
   * Restarts: the first attempt follows the heuristic order; later ones shuffle moves within each
   * class and get twice the expansions. Search times on solvable boards are heavy-tailed (one early
   * misstep can cost a huge dead subtree), and restarts cut the tail. Failed positions stay
   * recorded across attempts (only fully explored subtrees are recorded), and the last attempt
   * has no limit, so the answer stays exact.
   */
  run(): boolean {
    let limit = FIRST_ATTEMPT;
    for (let attempt = 0; ; attempt++) {
      this.random = attempt === 0 ? 0 : (attempt * 0x9e3779b9) | 1;
      this.attemptLimit = attempt >= MAX_ATTEMPTS ? Number.POSITIVE_INFINITY : this.expansions + limit;
      this.aborted = false;
      if (this.node(0)) return true;
      if (this.stopped || !this.aborted) return false;
      limit *= 2;
    }
  }

  solution(): Removal[] {
    return this.path.map(
      (m) => (m.length === 1 ? [m[0] as number] : [m[0] as number, m[1] as number]) as Removal,
    );
  }

  private put(cell: number, kind: number): void {
    this.board[cell] = kind;
    this.counts[kind]++;
    this.occ[cell >> 5] ^= 1 << (cell & 31);
    this.remaining++;
  }

  private take(cell: number): number {
    const kind = this.board[cell] as number;
    this.board[cell] = EMPTY;
    this.counts[kind]--;
    this.occ[cell >> 5] ^= 1 << (cell & 31);
    this.remaining--;
    return kind;
  }

  private isFree(cell: number): boolean {
    const b = this.board;
    const n = cell * 6;
    const mask =
      (b[NEIGHBOURS[n] as number] === EMPTY ? 1 : 0) |
      (b[NEIGHBOURS[n + 1] as number] === EMPTY ? 2 : 0) |
      (b[NEIGHBOURS[n + 2] as number] === EMPTY ? 4 : 0) |
      (b[NEIGHBOURS[n + 3] as number] === EMPTY ? 8 : 0) |
      (b[NEIGHBOURS[n + 4] as number] === EMPTY ? 16 : 0) |
      (b[NEIGHBOURS[n + 5] as number] === EMPTY ? 32 : 0);
    return FREE_BY_MASK[mask] === 1;
  }

  /** Try a removal and the search below it; undo it unless it leads to a solution. */
  private tryMove(a: number, b: number, depth: number): boolean {
    const ka = this.take(a);
    const kb = b >= 0 ? this.take(b) : EMPTY;
    if (this.node(depth + 1)) {
      this.path.unshift(b >= 0 ? [a, b] : [a]);
      return true;
    }
    this.put(a, ka);
    if (b >= 0) this.put(b, kb);
    return false;
  }

  private node(depth: number): boolean {
    if (this.remaining === 0) return true;
    if (this.aborted) return false;
    this.expansions++;
    if (this.expansions >= this.attemptLimit) {
      this.aborted = true;
      return false;
    }
    const { timeUp, maxExpansions } = this.budget;
    if (
      (maxExpansions !== undefined && this.expansions > maxExpansions) ||
      (this.expansions % CHECK_EVERY === 0 && timeUp?.() === true)
    ) {
      this.aborted = true;
      this.stopped = true;
      return false;
    }
    const o0 = this.occ[0] as number;
    const o1 = this.occ[1] as number;
    const o2 = this.occ[2] as number;
    if (this.failed.has(o0, o1, o2)) return false;
    if (this.lostByCounting() || this.metalBuried()) {
      this.failed.add(o0, o1, o2);
      return false;
    }

    const board = this.board;
    const counts = this.counts;
    const free = this.freeScratch[depth] as Int32Array;
    let nFree = 0;
    // Free marbles per kind (the first two of each), and the active metal.
    const freeOfKind = this.freeOfKind;
    const firstOfKind = this.firstOfKind;
    const secondOfKind = this.secondOfKind;
    freeOfKind.fill(0);
    let active = 99;
    for (let m = 0; m < this.cells.length; m++) {
      const i = this.cells[m] as number;
      const k = board[i] as number;
      if (k === EMPTY) continue;
      if (k >= LEAD && k <= SILVER && k < active) active = k;
      if (!this.isFree(i)) continue;
      free[nFree++] = i;
      if (freeOfKind[k] === 0) firstOfKind[k] = i;
      else if (freeOfKind[k] === 1) secondOfKind[k] = i;
      freeOfKind[k]++;
    }
    if (active === 99) active = (counts[GOLD] as number) > 0 ? GOLD : EMPTY;

    // 1. Forced moves: one child only.
    if (active === GOLD && (freeOfKind[GOLD] as number) > 0) {
      return this.tryMove(firstOfKind[GOLD] as number, -1, depth);
    }
    if (
      (freeOfKind[VITAE] as number) > 0 &&
      (freeOfKind[MORS] as number) > 0 &&
      freeOfKind[VITAE] === counts[VITAE] &&
      freeOfKind[MORS] === counts[MORS]
    ) {
      return this.tryMove(firstOfKind[VITAE] as number, firstOfKind[MORS] as number, depth);
    }
    if (freeOfKind[SALT] === counts[SALT]) {
      for (let k = AIR; k <= EARTH; k++) {
        if ((freeOfKind[k] as number) >= 2 && freeOfKind[k] === counts[k]) {
          return this.tryMove(firstOfKind[k] as number, secondOfKind[k] as number, depth);
        }
      }
    }
    if (
      isBaseMetal(active) &&
      counts[MERCURY] === 1 &&
      this.baseMetalsLeft() === 1 &&
      freeOfKind[active] === 1 &&
      freeOfKind[MERCURY] === 1
    ) {
      return this.tryMove(firstOfKind[active] as number, firstOfKind[MERCURY] as number, depth);
    }

    // 2. Branch. Each move is one number: class, score, cell a, cell b; sorted best first.
    // Within a class, moves that free the most blocked marbles first (random on later attempts).
    let moves = this.movesScratch[depth];
    if (!moves) {
      moves = [];
      this.movesScratch[depth] = moves;
    }
    moves.length = 0;
    for (let i = 0; i < nFree; i++) {
      const a = free[i] as number;
      const ka = board[a] as number;
      for (let j = i + 1; j < nFree; j++) {
        const b = free[j] as number;
        const kb = board[b] as number;
        let cls = -1;
        if (ka <= SALT && kb <= SALT) {
          if (ka === kb) cls = ka === SALT ? 0 : 2;
          else if (ka === SALT || kb === SALT) cls = 1;
        } else if ((ka === VITAE && kb === MORS) || (ka === MORS && kb === VITAE)) cls = VM_CLASS;
        else if (
          ((ka === MERCURY && kb === active) || (kb === MERCURY && ka === active)) &&
          isBaseMetal(active)
        ) {
          cls = METAL_CLASS;
        }
        if (cls < 0) continue;
        const score = this.random === 0 ? this.freedBy(a, b) : this.nextRandom() & 15;
        moves.push(cls * 262144 + score * 16384 + a * 128 + b);
      }
    }
    moves.sort(descending);
    for (let m = 0; m < moves.length; m++) {
      const code = moves[m] as number;
      if (this.tryMove((code >> 7) & 127, code & 127, depth)) return true;
      if (this.aborted) return false;
    }
    if (!this.aborted) this.failed.add(o0, o1, o2);
    return false;
  }

  /** How many blocked marbles next to a or b the removal of both would free. */
  private freedBy(a: number, b: number): number {
    const board = this.board;
    let freed = 0;
    for (let side = 0; side < 2; side++) {
      const c = side === 0 ? a : b;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOURS[c * 6 + d] as number;
        if (board[n] === EMPTY || n === a || n === b) continue;
        if (side === 1 && this.adjacent(n, a)) continue; // counted from a already
        let mask = 0;
        let maskWithout = 0;
        for (let e = 0; e < 6; e++) {
          const m = NEIGHBOURS[n * 6 + e] as number;
          if (board[m] === EMPTY) {
            mask |= 1 << e;
            maskWithout |= 1 << e;
          } else if (m === a || m === b) maskWithout |= 1 << e;
        }
        if (FREE_BY_MASK[mask] === 0 && FREE_BY_MASK[maskWithout] === 1) freed++;
      }
    }
    return freed;
  }

  private adjacent(x: number, y: number): boolean {
    for (let d = 0; d < 6; d++) if (NEIGHBOURS[x * 6 + d] === y) return true;
    return false;
  }

  private nextRandom(): number {
    let x = this.random;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.random = x | 1;
    return x >>> 0;
  }

  private baseMetalsLeft(): number {
    let n = 0;
    for (let k = LEAD; k <= SILVER; k++) n += this.counts[k] as number;
    return n;
  }

  private lostByCounting(): boolean {
    const c = this.counts;
    const odd =
      ((c[1] as number) & 1) + ((c[2] as number) & 1) + ((c[3] as number) & 1) + ((c[4] as number) & 1);
    if (odd > (c[SALT] as number)) return true;
    if (c[VITAE] !== c[MORS]) return true;
    return c[MERCURY] !== this.baseMetalsLeft();
  }

  /**
   * Some metal can never be freed, or the lowest metal can never meet a free mercury. What must
   * still be on the board when metal k goes: higher metals and gold; for the lowest metal also
   * every mercury (mercury goes only with it), and then every marble that cannot be freed while
   * all of those are still there (a greatest fixed point, so mutual blockers count).
   */
  private metalBuried(): boolean {
    const b = this.board;
    const blocked = this.blockedScratch;
    let active = 99;
    for (let k = LEAD; k <= SILVER; k++) {
      if ((this.counts[k] as number) > 0) {
        active = k;
        break;
      }
    }
    for (let m = 0; m < this.metalCells.length; m++) {
      const i = this.metalCells[m] as number;
      const k = b[i] as number;
      if (k < LEAD || k === GOLD || k === active) continue;
      let mask = 0;
      for (let d = 0; d < 6; d++) {
        const n = b[NEIGHBOURS[i * 6 + d] as number] as number;
        if (!(n > k && n <= GOLD)) mask |= 1 << d;
      }
      if (FREE_BY_MASK[mask] === 0) return true;
    }
    if (active === 99) return false;
    // Fast path: free now means free for good (the blocked set below is a subset of the board).
    let metalFreeNow = false;
    let mercuryFreeNow = false;
    for (let m = 0; m < this.metalCells.length; m++) {
      const i = this.metalCells[m] as number;
      const k = b[i] as number;
      if (k === active && !metalFreeNow) metalFreeNow = this.isFree(i);
      else if (k === MERCURY && !mercuryFreeNow) mercuryFreeNow = this.isFree(i);
    }
    if (metalFreeNow && mercuryFreeNow) return false;
    // blocked[c] = 1: c is still there when the lowest metal goes.
    blocked.fill(0);
    for (let m = 0; m < this.cells.length; m++)
      blocked[this.cells[m] as number] = b[this.cells[m] as number] === EMPTY ? 0 : 1;
    let changed = true;
    while (changed) {
      changed = false;
      for (let m = 0; m < this.cells.length; m++) {
        const i = this.cells[m] as number;
        const k = b[i] as number;
        if (blocked[i] === 0 || k >= MERCURY) continue; // mercury and metals stay
        if (this.openUnder(i, blocked)) {
          blocked[i] = 0;
          changed = true;
        }
      }
    }
    let metalFree = false;
    let mercuryFree = false;
    for (let m = 0; m < this.metalCells.length; m++) {
      const i = this.metalCells[m] as number;
      const k = b[i] as number;
      if (k === active && this.openUnder(i, blocked)) metalFree = true;
      else if (k === MERCURY && this.openUnder(i, blocked)) mercuryFree = true;
    }
    return !(metalFree && mercuryFree);
  }

  /** Whether cell i has three contiguous neighbours that are not marked in `blocked`. */
  private openUnder(i: number, blocked: Uint8Array): boolean {
    let mask = 0;
    for (let d = 0; d < 6; d++) if (blocked[NEIGHBOURS[i * 6 + d] as number] === 0) mask |= 1 << d;
    return FREE_BY_MASK[mask] === 1;
  }
}
