/**
 * A reference opponent for the benchmark only: the original Atom-4 4.1 AI as shared/atom4.md
 * describes it. `-d n` searches n + 1 plies with plain negamax, visiting moves in row-major order,
 * with no transposition table and no iterative deepening. A move's score is
 *   1.0 × cells it changed + 1.7 × own goal pieces it created + 1.5 × enemy goal pieces it destroyed,
 * plus 1000 if it wins (which ends the line); scores are summed along the line of play with
 * alternating sign, so a win is worth the same at any depth. Equal best moves are broken at random.
 * Scores are kept in tenths (10, 17, 15, 10000) so that ties are exact.
 *
 * "A weak form of alpha-beta": we use shallow pruning (each node is given only its parent's best so
 * far; no deep cutoffs). Pruning never changes the value of the best move, only the work done.
 */
import { CELLS, COLOUR_SEQUENCE, EMPTY, isLegalCell, NEIGHBOURS } from '../src/games/atom4/board.ts';
import type { Rng } from '../src/grid/rng.ts';

export class OriginalAi {
  private readonly cells = new Int8Array(CELLS);
  private colourIndex = 0;
  private readonly changedCells = new Int16Array(64 * 6);
  private readonly oldColours = new Int8Array(64 * 6);
  nodes = 0;

  /** The cell the original would play with `-d level`, ties broken with `rng`. */
  choose(cells: ArrayLike<number>, colourIndex: number, level: number, rng: Rng): number {
    for (let i = 0; i < CELLS; i++) this.cells[i] = cells[i] as number;
    this.colourIndex = colourIndex % 6;
    const plies = level + 1;
    let best = Number.NEGATIVE_INFINITY;
    let ties: number[] = [];
    for (let i = 0; i < CELLS; i++) {
      if (!isLegalCell(this.cells, i)) continue;
      const value = this.line(i, plies, best);
      if (value > best) {
        best = value;
        ties = [i];
      } else if (value === best) ties.push(i);
    }
    if (ties.length === 0) throw new Error('no legal move for the reference AI');
    return rng.pick(ties);
  }

  /**
   * Score of playing cell i now and then the best line for `plies − 1` more plies. `best` is the
   * caller's best sibling so far: once this move is sure to score below it, the search of the
   * replies stops and an upper bound below `best` is returned (ties are kept, for the random pick).
   */
  private line(i: number, plies: number, best: number): number {
    this.nodes++;
    const cells = this.cells;
    const piece = COLOUR_SEQUENCE[this.colourIndex] as number;
    const additive = this.colourIndex % 2 === 0;
    const propagator = additive ? 7 : 0;
    const goal = additive ? 7 : 0;
    const enemyGoal = additive ? 0 : 7;
    // Per-ply scratch space, so the search allocates nothing (a fair speed for the comparison).
    const base = plies * 6;
    const changedCells = this.changedCells;
    const oldColours = this.oldColours;
    let count = 0;
    for (let d = 0; d < 6; d++) {
      let n = NEIGHBOURS[i * 6 + d] as number;
      while (n >= 0 && cells[n] === propagator) n = NEIGHBOURS[n * 6 + d] as number;
      if (n < 0 || cells[n] === EMPTY) continue;
      const from = cells[n] as number;
      const to = additive ? from | piece : from & piece;
      if (to === from) continue;
      changedCells[base + count] = n;
      oldColours[base + count] = from;
      count++;
    }
    let gain = 0;
    for (let k = base; k < base + count; k++) {
      const n = changedCells[k] as number;
      const from = oldColours[k] as number;
      const to = additive ? from | piece : from & piece;
      gain += 10;
      if (to === goal) gain += 17;
      if (from === enemyGoal) gain += 15;
      cells[n] = to;
    }
    cells[i] = piece;
    let won = false;
    for (let k = base; k < base + count && !won; k++) {
      const n = changedCells[k] as number;
      if (cells[n] !== goal) continue;
      for (let d = 0; d < 3 && !won; d++) {
        let length = 1;
        let m = NEIGHBOURS[n * 6 + d] as number;
        while (m >= 0 && cells[m] === goal) {
          length++;
          m = NEIGHBOURS[m * 6 + d] as number;
        }
        m = NEIGHBOURS[n * 6 + d + 3] as number;
        while (m >= 0 && cells[m] === goal) {
          length++;
          m = NEIGHBOURS[m * 6 + d + 3] as number;
        }
        if (length >= 4) won = true;
      }
    }
    let value = gain;
    if (won) value += 10000;
    else if (plies > 1) {
      this.colourIndex = (this.colourIndex + 1) % 6;
      // The best reply is subtracted: once it exceeds gain − best, this move is below best.
      let reply = Number.NEGATIVE_INFINITY;
      const replyCutoff = gain - best;
      for (let j = 0; j < CELLS; j++) {
        if (!isLegalCell(cells, j)) continue;
        const v = this.line(j, plies - 1, reply);
        if (v > reply) reply = v;
        if (reply > replyCutoff) break;
      }
      this.colourIndex = (this.colourIndex + 5) % 6;
      if (reply !== Number.NEGATIVE_INFINITY) value -= reply;
    }
    cells[i] = EMPTY;
    for (let k = base; k < base + count; k++) cells[changedCells[k] as number] = oldColours[k] as number;
    return value;
  }
}
