/**
 * The two display colourings of the original Intricacy program.
 *
 * By nature: a sprung block gets colour 1 + ((h − 1) mod 5), h its height in the spring graph
 * (1 for the end of a spring rooted in a fixed piece, one more per spring above that); pivots,
 * balls and the tools have colours of their own; fixed blocks (the lock body) are not coloured.
 *
 * Adjacent differ: colours 1–5 such that touching pieces (a cell of one next to a cell of the
 * other) differ; the frame is not coloured. Pieces made of connected cells touch in a planar
 * graph, so five colours always suffice (Heawood's Kempe-chain argument, used here). To keep
 * colours from flickering, every piece whose previous colour is still proper keeps it; only
 * the others are recoloured, greedily in smallest-last order (linear time) and, when all five
 * colours are taken, by Kempe-chain swaps (each linear in the pieces). Ours: a lock with disconnected
 * blocks may touch in a non-planar way; if five colours are not found that way, the colouring
 * falls back to more colours rather than fail.
 */
import { type Hex, hexNeighbours } from '../../grid/index.ts';
import { FRAME, key, type Lock, pieceCells } from './lock.ts';

export const UNCOLOURED = 0;
export const PIVOT_COLOUR = 6;
export const BALL_COLOUR = 7;
export const HOOK_COLOUR = 8;
export const WRENCH_COLOUR = 9;

export function colourByNature(lock: Lock): number[] {
  const height = new Map<number, number>();
  const heightOf = (i: number): number => {
    const known = height.get(i);
    if (known !== undefined) return known;
    height.set(i, 0); // the spring graph is acyclic; this only guards a malformed lock
    const roots = lock.springs.filter((s) => s.end === i).map((s) => s.root);
    const h = roots.length === 0 ? 0 : 1 + Math.max(...roots.map(heightOf));
    height.set(i, h);
    return h;
  };
  return lock.pieces.map((p, i) => {
    switch (p.kind) {
      case 'block': {
        const h = heightOf(i);
        return h === 0 ? UNCOLOURED : 1 + ((h - 1) % 5);
      }
      case 'pivot':
        return PIVOT_COLOUR;
      case 'ball':
        return BALL_COLOUR;
      case 'hook':
        return HOOK_COLOUR;
      default:
        return WRENCH_COLOUR;
    }
  });
}

/** The touching-pieces graph: neighbours of each piece (the frame has none). */
export function touchingGraph(lock: Lock): number[][] {
  const owner = new Map<string, number>();
  lock.pieces.forEach((p, i) => {
    if (i !== FRAME) for (const c of pieceCells(p)) owner.set(key(c), i);
  });
  const sets = lock.pieces.map(() => new Set<number>());
  lock.pieces.forEach((p, i) => {
    if (i === FRAME) return;
    for (const c of pieceCells(p)) {
      for (const n of hexNeighbours(c as Hex)) {
        const j = owner.get(key(n));
        if (j !== undefined && j !== i) {
          sets[i]?.add(j);
          sets[j]?.add(i);
        }
      }
    }
  });
  return sets.map((s) => [...s].sort((a, b) => a - b));
}

/**
 * A proper colouring of touching pieces with colours 1–5 (frame 0), keeping `previous` colours
 * wherever they are still proper.
 */
export function colourAdjacentDiffer(lock: Lock, previous?: readonly number[]): number[] {
  const graph = touchingGraph(lock);
  const n = lock.pieces.length;
  const colour = Array.from({ length: n }, (_, i) =>
    i === FRAME ? UNCOLOURED : (previous?.[i] ?? UNCOLOURED),
  );
  // Drop colours that clash or are out of range: the later piece of a clashing pair gives way.
  for (let i = 0; i < n; i++) {
    const c = colour[i] as number;
    if (i === FRAME) continue;
    if (c < 1 || c > 5 || (graph[i] as number[]).some((j) => j < i && colour[j] === c))
      colour[i] = UNCOLOURED;
  }
  const todo = smallestLastOrder(graph).filter((i) => i !== FRAME && colour[i] === UNCOLOURED);
  for (const v of todo) {
    if (!colourVertex(v, graph, colour)) return fullColouring(graph);
  }
  return colour;
}

/** Colour one vertex, swapping a Kempe chain if all five colours are taken by its neighbours. */
function colourVertex(v: number, graph: number[][], colour: number[]): boolean {
  const neighbours = graph[v] as number[];
  const free = firstFree(neighbours, colour);
  if (free !== 0) {
    colour[v] = free;
    return true;
  }
  // Heawood: for some pair of neighbours u, w with colours a, b, the (a, b)-chain from u does
  // not reach w; swapping it frees colour a. In a planar graph one such pair always exists.
  const coloured = neighbours.filter((u) => (colour[u] as number) >= 1 && (colour[u] as number) <= 5);
  for (const u of coloured) {
    for (const w of coloured) {
      const a = colour[u] as number;
      const b = colour[w] as number;
      if (a === b) continue;
      const chain = kempeChain(u, a, b, graph, colour);
      if (chain.has(w)) continue;
      for (const x of chain) colour[x] = colour[x] === a ? b : a;
      if (firstFree(neighbours, colour) === a) {
        colour[v] = a;
        return true;
      }
      for (const x of chain) colour[x] = colour[x] === a ? b : a; // undo; try another pair
    }
  }
  return false;
}

function kempeChain(start: number, a: number, b: number, graph: number[][], colour: number[]): Set<number> {
  const chain = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    const x = stack.pop() as number;
    for (const y of graph[x] as number[]) {
      if (!chain.has(y) && (colour[y] === a || colour[y] === b)) {
        chain.add(y);
        stack.push(y);
      }
    }
  }
  return chain;
}

function firstFree(neighbours: number[], colour: number[]): number {
  let used = 0;
  for (const u of neighbours) used |= 1 << (colour[u] as number);
  for (let c = 1; c <= 5; c++) if (!(used & (1 << c))) return c;
  return 0;
}

/**
 * Vertices in smallest-last order, reversed (Matula–Beck with degree buckets, linear time): each
 * vertex has at most five neighbours coloured before it when the graph is planar.
 */
function smallestLastOrder(graph: number[][]): number[] {
  const n = graph.length;
  const degree = graph.map((g) => g.length);
  const buckets: Set<number>[] = Array.from({ length: Math.max(0, ...degree) + 1 }, () => new Set());
  degree.forEach((d, i) => {
    buckets[d]?.add(i);
  });
  const removed = new Array<boolean>(n).fill(false);
  const order: number[] = [];
  let low = 0;
  for (let k = 0; k < n; k++) {
    while ((buckets[low] as Set<number>).size === 0) low++;
    const bucket = buckets[low] as Set<number>;
    const v = bucket.values().next().value as number;
    bucket.delete(v);
    removed[v] = true;
    order.push(v);
    for (const u of graph[v] as number[]) {
      if (removed[u]) continue;
      const d = degree[u] as number;
      buckets[d]?.delete(u);
      degree[u] = d - 1;
      buckets[d - 1]?.add(u);
    }
    low = Math.max(0, low - 1);
  }
  return order.reverse();
}

/** Colour from scratch; beyond five colours only for a non-planar touching graph. */
function fullColouring(graph: number[][]): number[] {
  const colour = graph.map(() => UNCOLOURED);
  for (const v of smallestLastOrder(graph)) {
    if (v === FRAME) continue;
    if (colourVertex(v, graph, colour)) continue;
    let c = 6;
    while ((graph[v] as number[]).some((u) => colour[u] === c)) c++;
    colour[v] = c;
  }
  return colour;
}
