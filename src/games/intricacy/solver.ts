/**
 * Breadth-first search over lock states for a shortest solution. Every state reached is tested
 * for being open before it is deduplicated, so the first open state found is at the least depth.
 * States are deduplicated in a hash table by what can change in them (positions of movable
 * pieces, turns of pivots and the hook, the wrench's momentum), so the search also proves there
 * is no solution within its move or state budget, or none at all when it runs out of new states.
 */
import type { Lock } from './lock.ts';
import { compile, KIND_BLOCK, KIND_HOOK, KIND_PIVOT, type Mechanism } from './mechanism.ts';
import { ALL_MOVES } from './notation.ts';
import { Physics, type ToolMove } from './physics.ts';

export interface SolveBudget {
  /** Longest solution to look for (turns). */
  readonly maxMoves?: number;
  /** Most distinct states to visit. */
  readonly maxStates?: number;
  readonly timeUp?: () => boolean;
  /**
   * Also count the distinct shortest solutions, stopping at this many (see `countShortest` in
   * critic.ts for what "distinct" means). The search then finishes the level of its first
   * solution, looking only for more opening moves, so it visits no further state.
   */
  readonly countUpTo?: number;
}

export type SolveResult =
  | {
      readonly kind: 'solved';
      readonly moves: ToolMove[];
      readonly states: number;
      /** With `countUpTo`: the distinct shortest solutions counted, at most `countUpTo`. */
      readonly solutions?: number;
      /** With `countUpTo`: whether the count stopped early (at the cap, or out of time). */
      readonly solutionsCut?: boolean;
    }
  /** Every state reachable was visited and none is open. */
  | { readonly kind: 'unsolvable'; readonly states: number }
  /** No solution of at most `depth` moves; the budget named stopped the search. */
  | {
      readonly kind: 'budget';
      readonly limit: 'moves' | 'states' | 'time';
      readonly depth: number;
      readonly states: number;
    };

/**
 * The configuration slots that can change: positions of pieces that can move (not the frame, not
 * fixed blocks, not pivots, which only turn), turns of pivots and the hook, and the momentum.
 */
function changingSlots(m: Mechanism): Int32Array {
  const slots: number[] = [];
  for (let i = 0; i < m.n; i++) {
    const kind = m.kind[i];
    if (kind !== KIND_PIVOT && (kind !== KIND_BLOCK || m.sprungEnd[i] === 1)) slots.push(i);
  }
  for (let i = 0; i < m.n; i++) if (m.kind[i] === KIND_PIVOT || m.kind[i] === KIND_HOOK) slots.push(m.n + i);
  slots.push(2 * m.n);
  return Int32Array.from(slots);
}

/**
 * The set of states seen: each state is its changing slots (value + 1, as 16-bit numbers) stored
 * side by side in one pool, found again through an open-addressing hash table of state numbers.
 * No object or string per state, so millions of states cost little memory and no collection.
 */
class StateTable {
  private pool: Uint16Array;
  private table: Int32Array;
  private mask: number;
  count = 0;
  readonly width: number;
  private readonly current: Uint16Array;

  constructor(width: number) {
    this.width = width;
    this.pool = new Uint16Array(width * 4096);
    this.table = new Int32Array(8192).fill(-1);
    this.mask = 8191;
    this.current = new Uint16Array(width);
  }

  private probe = 0;

  /** The state number of `config` (its changing `slots`), or −1 if new (then `insert` adds it). */
  find(config: Int32Array, slots: Int32Array): number {
    const w = this.width;
    const cur = this.current;
    let h = 0x811c9dc5;
    for (let i = 0; i < w; i++) {
      const v = (config[slots[i] as number] as number) + 1;
      cur[i] = v;
      h = Math.imul(h ^ v, 0x01000193);
    }
    let at = (h >>> 0) & this.mask;
    for (;;) {
      const index = this.table[at] as number;
      if (index < 0) break;
      if (this.equals(index)) return index;
      at = (at + 1) & this.mask;
    }
    this.probe = at;
    return -1;
  }

  /** Add the state last looked for by `find` (which found nothing); returns its number. */
  insert(): number {
    const w = this.width;
    const index = this.count++;
    if ((index + 1) * w > this.pool.length) {
      const bigger = new Uint16Array(this.pool.length * 2);
      bigger.set(this.pool);
      this.pool = bigger;
    }
    this.pool.set(this.current, index * w);
    this.table[this.probe] = index;
    if (this.count * 2 > this.mask) this.grow();
    return index;
  }

  /** Write state `index` into the changing slots of `into`. */
  load(index: number, slots: Int32Array, into: Int32Array): void {
    const w = this.width;
    for (let i = 0; i < w; i++) into[slots[i] as number] = (this.pool[index * w + i] as number) - 1;
  }

  private equals(index: number): boolean {
    const w = this.width;
    const off = index * w;
    for (let i = 0; i < w; i++) if (this.pool[off + i] !== this.current[i]) return false;
    return true;
  }

  private grow(): void {
    const size = (this.mask + 1) * 2;
    this.table = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    const w = this.width;
    for (let index = 0; index < this.count; index++) {
      let h = 0x811c9dc5;
      for (let i = 0; i < w; i++) h = Math.imul(h ^ (this.pool[index * w + i] as number), 0x01000193);
      let at = (h >>> 0) & this.mask;
      while ((this.table[at] as number) >= 0) at = (at + 1) & this.mask;
      this.table[at] = index;
    }
  }
}

/** The changing slots of `config` as a string: tells apart the positions reached by opening moves. */
function positionKey(config: Int32Array, slots: Int32Array): string {
  let key = '';
  for (let i = 0; i < slots.length; i++) key += `${config[slots[i] as number]},`;
  return key;
}

function grown<T extends Int32Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T {
  const b = make(a.length * 2);
  b.set(a);
  return b;
}

export function solve(lock: Lock, budget: SolveBudget = {}): SolveResult {
  const maxMoves = budget.maxMoves ?? Number.POSITIVE_INFINITY;
  const maxStates = budget.maxStates ?? 2_000_000;
  const countUpTo = budget.countUpTo ?? 0;
  const counting = countUpTo > 0;
  const { mechanism, config } = compile(lock);
  const physics = new Physics(mechanism);
  physics.annotate = false;
  const slots = changingSlots(mechanism);
  const seen = new StateTable(slots.length);
  seen.find(config, slots);
  seen.insert();
  let parent = new Int32Array(4096);
  let via = new Uint8Array(4096);
  parent[0] = -1;
  // Counting: the shortest paths to each state (capped), and the last state that added to it,
  // so that several moves from one state to the same next state count once.
  let ways = new Float64Array(counting ? 4096 : 0);
  let lastFrom = new Int32Array(counting ? 4096 : 0);
  if (counting) ways[0] = 1;
  let first: ToolMove[] | null = null;
  let solutions = 0;
  const work = new Int32Array(config.length);
  const base = Int32Array.from(config); // fixed slots keep their values
  let levelStart = 0;
  let levelEnd = 1;
  let depth = 0;
  const path = (i: number, last: number): ToolMove[] => {
    const moves = [ALL_MOVES[last] as ToolMove];
    for (let j = i; parent[j] !== -1; j = parent[j] as number)
      moves.push(ALL_MOVES[via[j] as number] as ToolMove);
    return moves.reverse();
  };
  const solved = (cut: boolean): SolveResult => ({
    kind: 'solved',
    moves: first as ToolMove[],
    states: seen.count,
    solutions,
    solutionsCut: cut,
  });
  while (levelStart < levelEnd) {
    if (depth >= maxMoves) return { kind: 'budget', limit: 'moves', depth, states: seen.count };
    for (let i = levelStart; i < levelEnd; i++) {
      if ((i & 1023) === 0 && budget.timeUp?.()) {
        if (first) return solved(true);
        return { kind: 'budget', limit: 'time', depth, states: seen.count };
      }
      seen.load(i, slots, base);
      physics.load(base);
      let openedFrom: Set<string> | null = null;
      for (let m = 0; m < ALL_MOVES.length; m++) {
        work.set(base);
        if (physics.step(work, ALL_MOVES[m] as ToolMove)) {
          if (!counting) return { kind: 'solved', moves: path(i, m), states: seen.count };
          first ??= path(i, m);
          openedFrom ??= new Set();
          const key = positionKey(work, slots);
          if (!openedFrom.has(key)) {
            openedFrom.add(key);
            solutions = Math.min(countUpTo, solutions + (ways[i] as number));
            if (solutions >= countUpTo) return solved(true);
          }
          physics.revert(work, base);
          continue;
        }
        physics.revert(work, base);
        const found = seen.find(work, slots);
        if (found >= 0) {
          // Another shortest way into a state of the next level.
          if (counting && first === null && found >= levelEnd && lastFrom[found] !== i) {
            lastFrom[found] = i;
            ways[found] = Math.min(countUpTo, (ways[found] as number) + (ways[i] as number));
          }
          continue;
        }
        if (first !== null) continue; // finishing the level of the first solution: no new states
        if (seen.count >= maxStates) return { kind: 'budget', limit: 'states', depth, states: seen.count };
        const index = seen.insert();
        if (index >= parent.length) {
          parent = grown(parent, (n) => new Int32Array(n));
          via = grown(via, (n) => new Uint8Array(n));
          if (counting) {
            ways = grown(ways, (n) => new Float64Array(n));
            lastFrom = grown(lastFrom, (n) => new Int32Array(n));
          }
        }
        parent[index] = i;
        via[index] = m;
        if (counting) {
          ways[index] = ways[i] as number;
          lastFrom[index] = i;
        }
      }
    }
    if (first) return solved(false);
    levelStart = levelEnd;
    levelEnd = seen.count;
    depth++;
  }
  return { kind: 'unsolvable', states: seen.count };
}
