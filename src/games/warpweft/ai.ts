/**
 * A computer opponent: Monte Carlo tree search (UCT) with uniformly random playouts.
 * Pure and deterministic for a given seed and playout budget; a caller that wants a time budget
 * passes `timeUp`, a function that reads its own clock (rules code never does).
 */
import { createRng, type Rng } from '../../grid/index.ts';
import type { Seat } from '../game.ts';
import { fastPlayout } from './playout.ts';
import { legalMoves, play, seatOfSide, type WarpWeftMove, type WarpWeftState } from './rules.ts';

export interface SearchBudget {
  /** Stop after this many playouts (default 2000 when no `timeUp` is given). */
  readonly playouts?: number;
  /** Checked between playouts; return true to stop. */
  readonly timeUp?: () => boolean;
  readonly seed?: number;
  /** UCT exploration constant. */
  readonly exploration?: number;
}

interface Node {
  readonly state: WarpWeftState;
  /** The seat that moved into this node; its wins are counted here. Seats, not sides: after a
   * swap the same side belongs to the other seat. */
  readonly mover: Seat;
  readonly move: WarpWeftMove | null;
  readonly untried: WarpWeftMove[];
  readonly children: Node[];
  visits: number;
  wins: number;
}

const newNode = (state: WarpWeftState, move: WarpWeftMove | null, mover: Seat, rng: Rng): Node => ({
  state,
  mover,
  move,
  untried: rng.shuffle(legalMoves(state)),
  children: [],
  visits: 0,
  wins: 0,
});

export function chooseMove(state: WarpWeftState, budget: SearchBudget = {}): WarpWeftMove {
  return search(state, budget).move;
}

/** The search's move and how it rates the position: the share of all its playouts that the side
 * to move won (null when the move was the only one and nothing was searched). */
export interface SearchAnswer {
  readonly move: WarpWeftMove;
  readonly winRate: number | null;
}

export function search(state: WarpWeftState, budget: SearchBudget = {}): SearchAnswer {
  const moves = legalMoves(state);
  if (moves.length === 0) throw new Error('chooseMove called on a finished game');
  if (moves.length === 1) return { move: moves[0] as WarpWeftMove, winRate: null };
  const rng = createRng(budget.seed ?? 1);
  const c = budget.exploration ?? 0.7;
  const limit = budget.playouts ?? (budget.timeUp ? Number.POSITIVE_INFINITY : 2000);
  const root = newNode(state, null, 1 - seatOfSide(state, state.turn), rng);

  for (let n = 0; n < limit && !(budget.timeUp?.() ?? false); n++) {
    // Selection.
    const path: Node[] = [root];
    let node = root;
    while (node.untried.length === 0 && node.children.length > 0) {
      node = bestChild(node, c);
      path.push(node);
    }
    // Expansion.
    const move = node.untried.pop();
    if (move) {
      const next = play(node.state, move);
      if (!next.ok) throw new Error(`search generated an illegal move: ${next.error}`);
      const child = newNode(next.value, move, seatOfSide(node.state, node.state.turn), rng);
      node.children.push(child);
      node = child;
      path.push(child);
    }
    // Simulation and backpropagation.
    const winner = fastPlayout(node.state, rng);
    for (const p of path) {
      p.visits++;
      if (p.mover === winner) p.wins++;
    }
  }

  let best = root.children[0];
  for (const child of root.children) {
    if (!best || child.visits > best.visits) best = child;
  }
  return {
    move: (best?.move ?? moves[0]) as WarpWeftMove,
    // The root counts the wins of the seat that moved into it: the other seat's.
    winRate: root.visits > 0 ? 1 - root.wins / root.visits : null,
  };
}

function bestChild(node: Node, c: number): Node {
  const logN = Math.log(node.visits);
  let best = node.children[0] as Node;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const child of node.children) {
    const score = child.wins / child.visits + c * Math.sqrt(logN / child.visits);
    if (score > bestScore) {
      bestScore = score;
      best = child;
    }
  }
  return best;
}

/** Play uniformly random legal moves through the rules to the end; returns the winning seat. */
export function playout(start: WarpWeftState, rng: Rng): Seat {
  let state = start;
  while (!state.result) {
    const next = play(state, rng.pick(legalMoves(state)));
    if (!next.ok) throw new Error(`playout generated an illegal move: ${next.error}`);
    state = next.value;
  }
  return seatOfSide(state, state.result.winner);
}
