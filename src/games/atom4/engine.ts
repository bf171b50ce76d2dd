/**
 * The AI's search board: the same rules as board.ts on typed arrays, with make/unmake instead of
 * copying, a Zobrist hash, an incremental legal-cell test and an incremental evaluation.
 *
 * Evaluation: every run of 4 cells along an axis is a "window". For each player a window's
 * distance is the number of colour bits its cells still lack (player 1) or still carry (player
 * 2) to become a line of goal pieces, an empty cell counting 3 (a piece must be placed first).
 * A window at distance 0 is a won line; short distances score steeply more. Each goal piece on
 * the board also scores. The evaluation is player 1's score minus player 2's, kept up to date as
 * cells change.
 *
 * A colour's two distances add up to 3 (bits missing from white plus bits present), so one code
 * per window, its player 1 distance plus 13 × its empty cells, determines both; tables turn the
 * code into the window's share of the balance and into flags for finished and nearly finished
 * lines.
 */
import { createRng } from '../../grid/index.ts';
import { CELLS, COLOUR_SEQUENCE, EMPTY, NEIGHBOURS } from './board.ts';

/** Score of a window per distance 0..12 (0, a finished line, is a win and handled apart). */
export const DEFAULT_WINDOW_WEIGHTS: readonly number[] = [0, 60, 18, 6, 2, 1, 0, 0, 0, 0, 0, 0, 0];
/**
 * The same, lighter at one bit from a line (40), for a seat that searches (levels 4 and up;
 * SearchBoard.selectWeights): the round's starter weighs both players' windows so, the second
 * player its own only. Against the original's `-d 4` the starter then wins about 98% of its games
 * instead of 93%, and the second player about 72% instead of 70% (see docs/atom4-ai.md).
 */
export const SEAT_WINDOW_WEIGHTS: readonly number[] = [0, 40, 18, 6, 2, 1, 0, 0, 0, 0, 0, 0, 0];
/**
 * The sets of weights a board can score with (SearchBoard.selectWeights): 0 the usual (both
 * players alike), 1 the searching starter's, 2 and 3 the searching second player's when it is
 * player 1 and when it is player 2.
 */
export type WeightSet = 0 | 1 | 2 | 3;
/** Score of each goal piece on the board. */
export const DEFAULT_MATERIAL = 5;
/**
 * A stuck window's share of its weight (see SearchBoard.weighStuckWindows): most of them never
 * become a line, but a run of goal pieces that grows can free one again.
 */
export const DEFAULT_STUCK_SHARE = 0.25;

/**
 * A cell's part of its windows' codes, indexed by colour + 1 (EMPTY is 0): the bits it lacks of
 * white, an empty cell counting 3 and adding 13.
 */
const CODE_OF = Int8Array.from([3 + 13, 3, 2, 2, 1, 2, 1, 1, 0]);
const CODE_COUNT = 13 * 5;
/** A window with this code is all empty. */
const EMPTY_CODE = 12 + 13 * 4;
const LINE1 = 1;
const NEAR1 = 2;
const LINE2 = 4;
const NEAR2 = 8;
/** Per code: finished or nearly finished (distance 1 or 2) for either player. */
const CODE_FLAGS = new Uint8Array(CODE_COUNT);
/**
 * Per class and code (class × CODE_COUNT + code): the window's part of the balance (player 1's
 * weight minus player 2's) times 16, plus its flags (CODE_STEP below is built from it). A window's
 * class says for which players it is stuck (1 player 1, 2 player 2, 3 both;
 * SearchBoard.weighStuckWindows), plus CLASSES times the set of weights the board uses
 * (WeightSet), so one table lookup serves all.
 */
const CLASSES = 4;
const SETS = 4;
const CODE_VALUE = new Int32Array(SETS * CLASSES * CODE_COUNT);
/** A cell's colour change moves its windows' codes by −16…16 (CODE_OF differences). */
const STEPS = 33;
/**
 * Per code and change (code × STEPS + change + 16): twice the window's change of balance, plus 1
 * when the old or new code is flagged, so setCell's loop reads one table per window.
 */
const CODE_STEP = new Int32Array(SETS * CLASSES * CODE_COUNT * STEPS);
let material = DEFAULT_MATERIAL;

/**
 * Sets the evaluation's weights of one set (WeightSet; for tuning experiments, the defaults are
 * what the game uses): `weights` for player 1's windows, `weights2` for player 2's; and the goal
 * piece's score for all sets. Boards loaded afterwards use them.
 */
export function setEvaluation(
  weights: readonly number[],
  goalPiece: number,
  stuckShare = DEFAULT_STUCK_SHARE,
  set: WeightSet = 0,
  weights2: readonly number[] = weights,
): void {
  material = goalPiece;
  const stuck = weights.map((w) => Math.round(w * stuckShare));
  const stuck2 = weights2.map((w) => Math.round(w * stuckShare));
  for (let code = 0; code < CODE_COUNT; code++) {
    const d1 = code % 13;
    const empties = Math.floor(code / 13);
    const d2 = 12 - d1 + 3 * empties;
    const valid = !(d2 < 0 || d2 > 12 || d1 < 3 * empties);
    CODE_FLAGS[code] = valid
      ? (d1 === 0 ? LINE1 : 0) |
        (d1 === 1 || d1 === 2 ? NEAR1 : 0) |
        (d2 === 0 ? LINE2 : 0) |
        (d2 === 1 || d2 === 2 ? NEAR2 : 0)
      : 0;
    for (let cls = set * CLASSES; cls < (set + 1) * CLASSES; cls++) {
      const w1 = cls & 1 ? stuck : weights;
      const w2 = cls & 2 ? stuck2 : weights2;
      CODE_VALUE[cls * CODE_COUNT + code] = valid
        ? ((w1[d1] ?? 0) - (w2[d2] ?? 0)) * 16 + (CODE_FLAGS[code] as number)
        : 0;
    }
  }
  for (let cls = set * CLASSES; cls < (set + 1) * CLASSES; cls++) {
    const at = cls * CODE_COUNT;
    for (let a = 0; a < CODE_COUNT; a++) {
      for (let change = -16; change <= 16; change++) {
        const b = a + change;
        if (b < 0 || b >= CODE_COUNT) continue;
        const va = CODE_VALUE[at + a] as number;
        const vb = CODE_VALUE[at + b] as number;
        CODE_STEP[(at + a) * STEPS + change + 16] =
          ((vb >> 4) - (va >> 4)) * 2 + (((va | vb) & 15) !== 0 ? 1 : 0);
      }
    }
  }
}
setEvaluation(DEFAULT_WINDOW_WEIGHTS, DEFAULT_MATERIAL);
setEvaluation(SEAT_WINDOW_WEIGHTS, DEFAULT_MATERIAL, DEFAULT_STUCK_SHARE, 1);
setEvaluation(SEAT_WINDOW_WEIGHTS, DEFAULT_MATERIAL, DEFAULT_STUCK_SHARE, 2, DEFAULT_WINDOW_WEIGHTS);
setEvaluation(DEFAULT_WINDOW_WEIGHTS, DEFAULT_MATERIAL, DEFAULT_STUCK_SHARE, 3, SEAT_WINDOW_WEIGHTS);

// Windows: start cell and forward direction 2, 3 or 4 (axes 2–5, 0–3, 1–4), all four on board.
const windowCells: number[] = [];
for (let i = 0; i < CELLS; i++) {
  for (const d of [2, 3, 4]) {
    const run = [i];
    let n = i;
    for (let k = 0; k < 3 && n >= 0; k++) {
      n = NEIGHBOURS[n * 6 + d] as number;
      run.push(n);
    }
    if (n >= 0) windowCells.push(...run);
  }
}
export const WINDOW_COUNT = windowCells.length / 4;
/** For cell i, the windows holding it are CELL_WINDOWS[CELL_WINDOW_START[i] .. START[i + 1]). */
const WINDOW_CELLS = Int16Array.from(windowCells);
const CELL_WINDOW_START = new Int32Array(CELLS + 1);
const CELL_WINDOWS = new Int32Array(windowCells.length);
{
  const lists: number[][] = Array.from({ length: CELLS }, () => []);
  for (let w = 0; w < WINDOW_COUNT; w++)
    for (let k = 0; k < 4; k++) lists[windowCells[w * 4 + k] as number]?.push(w);
  let at = 0;
  for (let i = 0; i < CELLS; i++) {
    CELL_WINDOW_START[i] = at;
    for (const w of lists[i] as number[]) CELL_WINDOWS[at++] = w;
  }
  CELL_WINDOW_START[CELLS] = at;
}

/** Whether a 6-bit mask of occupied neighbour directions has two cyclically consecutive bits. */
const LEGAL_MASK = Uint8Array.from({ length: 64 }, (_, m) =>
  (m & (((m << 1) | (m >> 5)) & 63)) !== 0 ? 1 : 0,
);

// Zobrist keys: two 32-bit halves per (cell, colour) and per colour index; fixed seed so hashes
// are the same in every process.
const zobristRng = createRng(0x41544f4d);
const Z_LO = Int32Array.from({ length: CELLS * 8 }, () => zobristRng.nextUint32() | 0);
const Z_HI = Int32Array.from({ length: CELLS * 8 }, () => zobristRng.nextUint32() | 0);
const Z_TURN_LO = Int32Array.from({ length: 6 }, () => zobristRng.nextUint32() | 0);
const Z_TURN_HI = Int32Array.from({ length: 6 }, () => zobristRng.nextUint32() | 0);

const MAX_PLY = 256;
/**
 * Entries of completableWindows lists the board has room for from the start (the search's 2
 * lists of 32 per ply); a caller's list beyond this grows the room.
 */
const LIST_ENTRIES = MAX_PLY * 2 * 32;

/** Per player: the goal colour its runs pass through, and its bit in SearchBoard.changeable. */
const RUN_GOALS = [
  [7, 1],
  [0, 2],
] as const;

const ALL_EMPTY_CODES = new Uint8Array(WINDOW_COUNT).fill(EMPTY_CODE);

export class SearchBoard {
  readonly cells = new Int8Array(CELLS).fill(EMPTY);
  /** Occupied-neighbour direction bits per cell. */
  readonly around = new Uint8Array(CELLS);
  private readonly codes = new Uint8Array(WINDOW_COUNT);
  /**
   * Per window, its class (times CODE_COUNT): for which players it is stuck (weighStuckWindows),
   * and the board's set of weights (selectWeights).
   */
  private readonly classes = new Int32Array(WINDOW_COUNT);
  /** Scratch for weighStuckWindows: per cell, whether each player's move can still change it. */
  private readonly changeable = new Uint8Array(CELLS);
  /** Whether some window is weighed as stuck. */
  private stuckMarked = false;
  /** The set of weights the balance is worked out with (selectWeights). */
  private evaluationSet = 0;
  colourIndex = 0;
  /** Player 1's advantage in the evaluation (positive is good for player 1). */
  balance = 0;
  /** Windows at distance 0 (finished lines) per player. */
  lines1 = 0;
  lines2 = 0;
  /** Windows one or two bits from a finished line, per player, as dense sets (list + position). */
  private readonly nearList1 = new Int32Array(WINDOW_COUNT);
  private readonly nearList2 = new Int32Array(WINDOW_COUNT);
  private readonly nearAt1 = new Int32Array(WINDOW_COUNT).fill(-1);
  private readonly nearAt2 = new Int32Array(WINDOW_COUNT).fill(-1);
  nearCount1 = 0;
  nearCount2 = 0;
  /** Empty cells with at least one occupied neighbour, as a dense set. */
  private readonly candidates = new Int16Array(CELLS);
  private readonly candidateAt = new Int16Array(CELLS).fill(-1);
  private candidateCount = 0;
  hashLo = 0;
  hashHi = 0;
  // Undo stack: per ply, the changed cells and their old colours (the placed cell first).
  private readonly undoCells = new Int16Array(MAX_PLY * 7);
  private readonly undoFrom = new Int8Array(MAX_PLY * 7);
  private readonly undoCount = new Uint8Array(MAX_PLY);
  // Unmake restores these instead of recomputing them: the balance and hash before each ply,
  // and the windows that crossed a flag boundary (window, old code, new code), replayed backwards.
  private readonly savedBalance = new Int32Array(MAX_PLY);
  private readonly savedHashLo = new Int32Array(MAX_PLY);
  private readonly savedHashHi = new Int32Array(MAX_PLY);
  private readonly crossStart = new Int32Array(MAX_PLY);
  private readonly crossWindow = new Int32Array(MAX_PLY * 96);
  private readonly crossCodes = new Uint16Array(MAX_PLY * 96);
  private crossCount = 0;
  /** Scratch for winningCellFor. */
  private readonly reaches = new Int16Array(6);
  private readonly reaches2 = new Int16Array(6);
  /**
   * Per entry of a completableWindows list (by its index in the caller's array): the window's
   * windowWin before the move, and the 256-bit set of cells that answer read.
   */
  private listResult = new Int16Array(LIST_ENTRIES);
  private listSupport = new Int32Array(LIST_ENTRIES * 8);
  /**
   * The cells the last move touched (markChanged), valid while changedStamp equals makes, which
   * counts makes and unmakes (after an unmake the last move is an older one).
   */
  private readonly changed = new Int32Array(8);
  private changedStamp = -1;
  private makes = 0;
  private depth = 0;

  constructor(cells: ArrayLike<number>, colourIndex: number) {
    this.codes.set(ALL_EMPTY_CODES);
    // Touch the pages of the larger buffers now, not during the first (timed) search.
    this.listSupport.fill(0);
    this.listResult.fill(0);
    this.crossWindow.fill(0);
    this.crossCodes.fill(0);
    // The empty board's hash, with colour index 0's key, which load takes out first.
    this.hashLo = Z_TURN_LO[0] as number;
    this.hashHi = Z_TURN_HI[0] as number;
    this.load(cells, colourIndex);
  }

  /**
   * Set up a position, reusing this board: only the cells that differ are changed (every derived
   * table follows each cell change), so a search on the position two plies after the last one,
   * the usual case in a game, starts at once. The result is the same board whatever was loaded
   * before, even a line an interrupted search left made; its undo stack is dropped.
   */
  load(cells: ArrayLike<number>, colourIndex: number): void {
    this.depth = 0;
    this.hashLo ^= Z_TURN_LO[this.colourIndex] as number;
    this.hashHi ^= Z_TURN_HI[this.colourIndex] as number;
    for (let i = 0; i < CELLS; i++) {
      const c = (cells[i] ?? EMPTY) as number;
      if (c !== this.cells[i]) this.setCell(i, c);
    }
    this.crossCount = 0;
    this.colourIndex = colourIndex % 6;
    this.hashLo ^= Z_TURN_LO[this.colourIndex] as number;
    this.hashHi ^= Z_TURN_HI[this.colourIndex] as number;
  }

  /**
   * Marks the windows that are stuck for a player, and weighs them by DEFAULT_STUCK_SHARE from
   * now on (the balance is worked out again). A window is stuck for a player when one of its
   * cells that is not yet that player's goal colour cannot be changed by any placement now: a
   * move changes a cell only from an empty cell at the end of a straight run of the mover's goal
   * pieces next to it, and every such run from that cell ends on a piece or the edge. Late in a
   * game most windows one or two bits from a line are stuck inside the filled part of the board,
   * and weighed in full they made the evaluation say +1000 for one side while nothing could come
   * of it, and made the search defend and attack lines that can never be finished.
   */
  weighStuckWindows(enabled = true): void {
    if (!enabled && !this.stuckMarked) return;
    this.stuckMarked = enabled;
    const cells = this.cells;
    const changeable = this.changeable;
    for (let i = 0; i < CELLS; i++) {
      let bits = 0;
      if (cells[i] === EMPTY || !enabled) bits = 3;
      else {
        for (let d = 0; d < 6 && bits !== 3; d++) {
          for (const [goal, bit] of RUN_GOALS) {
            if (bits & bit) continue;
            let n = NEIGHBOURS[i * 6 + d] as number;
            while (n >= 0 && cells[n] === goal) n = NEIGHBOURS[n * 6 + d] as number;
            if (n >= 0 && cells[n] === EMPTY) bits |= bit;
          }
        }
      }
      changeable[i] = bits;
    }
    for (let w = 0; w < WINDOW_COUNT; w++) {
      let cls = 0;
      for (let j = w * 4; j < w * 4 + 4; j++) {
        const c = WINDOW_CELLS[j] as number;
        const colour = cells[c] as number;
        if (colour !== 7 && ((changeable[c] as number) & 1) === 0) cls |= 1;
        if (colour !== 0 && ((changeable[c] as number) & 2) === 0) cls |= 2;
      }
      this.classes[w] = (cls | (this.evaluationSet * CLASSES)) * CODE_COUNT;
    }
    this.rebalance();
  }

  /**
   * Scores with the given set of weights (WeightSet) from now on; the balance is worked out
   * again, the stuck marking kept.
   */
  selectWeights(set: WeightSet): void {
    if (set === this.evaluationSet) return;
    this.evaluationSet = set;
    const classes = this.classes;
    for (let w = 0; w < WINDOW_COUNT; w++)
      classes[w] = ((((classes[w] as number) / CODE_COUNT) % CLASSES) + set * CLASSES) * CODE_COUNT;
    this.rebalance();
  }

  /** Copies the windows' stuck marking into `out` from `offset` (WINDOW_COUNT entries, a byte each). */
  saveMarking(out: Uint8Array, offset: number): void {
    const classes = this.classes;
    for (let w = 0; w < WINDOW_COUNT; w++) out[offset + w] = (classes[w] as number) / CODE_COUNT;
  }

  /**
   * Puts back a marking saveMarking took. With `rebalance` the balance is worked out again for
   * it; without, the caller vouches that the balance already matches (after an unmake to the
   * position the marking was taken in, which restores that position's balance).
   */
  restoreMarking(from: Uint8Array, offset: number, rebalance: boolean): void {
    const classes = this.classes;
    for (let w = 0; w < WINDOW_COUNT; w++) classes[w] = (from[offset + w] as number) * CODE_COUNT;
    this.stuckMarked = true;
    if (rebalance) this.rebalance();
  }

  /** Works the balance out afresh from the cells, the windows' codes and their marking. */
  private rebalance(): void {
    const cells = this.cells;
    const codes = this.codes;
    const classes = this.classes;
    let balance = 0;
    for (let i = 0; i < CELLS; i++)
      balance += material * ((cells[i] === 7 ? 1 : 0) - (cells[i] === 0 ? 1 : 0));
    for (let w = 0; w < WINDOW_COUNT; w++)
      balance += (CODE_VALUE[(classes[w] as number) + (codes[w] as number)] as number) >> 4;
    this.balance = balance;
  }

  /** The piece to play next and whose it is (1 additive, 2 subtractive). */
  get piece(): number {
    return COLOUR_SEQUENCE[this.colourIndex] as number;
  }
  get player(): 1 | 2 {
    return this.colourIndex % 2 === 0 ? 1 : 2;
  }

  isLegal(i: number): boolean {
    return this.cells[i] === EMPTY && LEGAL_MASK[this.around[i] as number] === 1;
  }

  /**
   * Writes the legal cells into `out` from `offset`; returns how many. Only empty cells with an
   * occupied neighbour (the candidates) can be legal; the order is the candidates' order, which
   * depends only on the position loaded and the moves made and unmade since, so searches stay
   * deterministic.
   */
  legalCells(out: Int16Array, offset: number): number {
    let n = 0;
    const around = this.around;
    const list = this.candidates;
    for (let k = 0; k < this.candidateCount; k++) {
      const i = list[k] as number;
      if (LEGAL_MASK[around[i] as number] === 1) out[offset + n++] = i;
    }
    return n;
  }

  private addCandidate(i: number): void {
    this.candidateAt[i] = this.candidateCount;
    this.candidates[this.candidateCount++] = i;
  }

  private removeCandidate(i: number): void {
    const at = this.candidateAt[i] as number;
    const last = this.candidates[--this.candidateCount] as number;
    this.candidates[at] = last;
    this.candidateAt[last] = at;
    this.candidateAt[i] = -1;
  }

  /** Bookkeeping for a window whose code went from a to b, when either is flagged. */
  private windowCrossed(w: number, a: number, b: number): void {
    const fa = CODE_FLAGS[a] as number;
    const fb = CODE_FLAGS[b] as number;
    if (fa & LINE1) this.lines1--;
    if (fb & LINE1) this.lines1++;
    if (fa & LINE2) this.lines2--;
    if (fb & LINE2) this.lines2++;
    if ((fa & NEAR1) !== (fb & NEAR1)) {
      if (fb & NEAR1) {
        this.nearAt1[w] = this.nearCount1;
        this.nearList1[this.nearCount1++] = w;
      } else {
        const at = this.nearAt1[w] as number;
        const last = this.nearList1[--this.nearCount1] as number;
        this.nearList1[at] = last;
        this.nearAt1[last] = at;
        this.nearAt1[w] = -1;
      }
    }
    if ((fa & NEAR2) !== (fb & NEAR2)) {
      if (fb & NEAR2) {
        this.nearAt2[w] = this.nearCount2;
        this.nearList2[this.nearCount2++] = w;
      } else {
        const at = this.nearAt2[w] as number;
        const last = this.nearList2[--this.nearCount2] as number;
        this.nearList2[at] = last;
        this.nearAt2[last] = at;
        this.nearAt2[w] = -1;
      }
    }
  }

  private setCell(i: number, to: number): void {
    const cells = this.cells;
    const from = cells[i] as number;
    if (from !== EMPTY) {
      this.hashLo ^= Z_LO[i * 8 + from] as number;
      this.hashHi ^= Z_HI[i * 8 + from] as number;
    }
    if (to !== EMPTY) {
      this.hashLo ^= Z_LO[i * 8 + to] as number;
      this.hashHi ^= Z_HI[i * 8 + to] as number;
    }
    cells[i] = to;
    let balance = this.balance;
    if (to === 7 || from === 7 || to === 0 || from === 0) {
      balance +=
        material * ((to === 7 ? 1 : 0) - (from === 7 ? 1 : 0) - (to === 0 ? 1 : 0) + (from === 0 ? 1 : 0));
    }
    const delta = (CODE_OF[to + 1] as number) - (CODE_OF[from + 1] as number);
    const codes = this.codes;
    const classes = this.classes;
    const end = CELL_WINDOW_START[i + 1] as number;
    const column = delta + 16;
    for (let k = CELL_WINDOW_START[i] as number; k < end; k++) {
      const w = CELL_WINDOWS[k] as number;
      const a = codes[w] as number;
      const b = a + delta;
      codes[w] = b;
      const step = CODE_STEP[((classes[w] as number) + a) * STEPS + column] as number;
      balance += step >> 1;
      if ((step & 1) !== 0) {
        this.windowCrossed(w, a, b);
        const at = this.crossCount++;
        this.crossWindow[at] = w;
        this.crossCodes[at] = (a << 8) | b;
      }
    }
    this.balance = balance;
    if ((from === EMPTY) !== (to === EMPTY)) {
      // Occupancy changed: the neighbours' masks and the candidate set.
      const around = this.around;
      if (to !== EMPTY) {
        if ((this.candidateAt[i] as number) >= 0) this.removeCandidate(i);
        for (let d = 0; d < 6; d++) {
          const n = NEIGHBOURS[i * 6 + d] as number;
          if (n < 0) continue;
          const before = around[n] as number;
          around[n] = before | (1 << ((d + 3) % 6));
          if (before === 0 && cells[n] === EMPTY) this.addCandidate(n);
        }
      } else {
        for (let d = 0; d < 6; d++) {
          const n = NEIGHBOURS[i * 6 + d] as number;
          if (n < 0) continue;
          const now = (around[n] as number) & ~(1 << ((d + 3) % 6));
          around[n] = now;
          if (now === 0 && cells[n] === EMPTY) this.removeCandidate(n);
        }
        if ((around[i] as number) !== 0) this.addCandidate(i);
      }
    }
  }

  /**
   * Place the current piece on legal cell i. Returns true when the move wins the round for the
   * mover (it made a line of its goal colour; it can never make the opponent's).
   */
  make(i: number): boolean {
    const piece = COLOUR_SEQUENCE[this.colourIndex] as number;
    const additive = (this.colourIndex & 1) === 0;
    const propagator = additive ? 7 : 0;
    const cells = this.cells;
    const base = this.depth * 7;
    this.savedBalance[this.depth] = this.balance;
    this.savedHashLo[this.depth] = this.hashLo;
    this.savedHashHi[this.depth] = this.hashHi;
    this.crossStart[this.depth] = this.crossCount;
    let count = 0;
    // Targets first (computed on the board before the move), then the placed piece.
    for (let d = 0; d < 6; d++) {
      let n = NEIGHBOURS[i * 6 + d] as number;
      while (n >= 0 && cells[n] === propagator) n = NEIGHBOURS[n * 6 + d] as number;
      if (n < 0) continue;
      const from = cells[n] as number;
      if (from === EMPTY) continue;
      const to = additive ? from | piece : from & piece;
      if (to === from) continue;
      this.undoCells[base + 1 + count] = n;
      this.undoFrom[base + 1 + count] = from;
      count++;
    }
    for (let k = 1; k <= count; k++) {
      const n = this.undoCells[base + k] as number;
      const from = cells[n] as number;
      this.setCell(n, additive ? from | piece : from & piece);
    }
    this.undoCells[base] = i;
    this.undoFrom[base] = EMPTY;
    this.setCell(i, piece);
    this.undoCount[this.depth] = count;
    this.depth++;
    this.makes++;
    this.hashLo ^=
      (Z_TURN_LO[this.colourIndex] as number) ^ (Z_TURN_LO[(this.colourIndex + 1) % 6] as number);
    this.hashHi ^=
      (Z_TURN_HI[this.colourIndex] as number) ^ (Z_TURN_HI[(this.colourIndex + 1) % 6] as number);
    this.colourIndex = (this.colourIndex + 1) % 6;
    return additive ? this.lines1 > 0 : this.lines2 > 0;
  }

  /**
   * A cell where the side to move wins at once, or -1; exact, and much cheaper than trying every
   * move. A move only ever adds bits (player 1) or removes them (player 2), so a window becomes a
   * line exactly when each of its non-goal pieces is the complement of the piece played (one bit
   * from the goal) and is reached by the move: the placed cell lies at the end of a straight run
   * of goal pieces (the mover's propagators) starting next to it. One move reaches at most two
   * cells of a straight window (rays along one axis meet its line once), so only windows at
   * distance 1 or 2 can be finished.
   */
  winningCell(): number {
    return this.winningCellFor(this.colourIndex);
  }

  /** As winningCell, for the piece at `colourIndex` (the opponent's next piece is colourIndex + 1). */
  winningCellFor(colourIndex: number): number {
    const player1 = (colourIndex & 1) === 0;
    const count = player1 ? this.nearCount1 : this.nearCount2;
    const list = player1 ? this.nearList1 : this.nearList2;
    const need = 7 ^ (COLOUR_SEQUENCE[colourIndex % 6] as number);
    const goal = player1 ? 7 : 0;
    for (let k = 0; k < count; k++) {
      const e = this.windowWin(list[k] as number, need, goal);
      if (e >= 0) return e;
    }
    return -1;
  }

  /**
   * The near windows of the player of the piece at `colourIndex` that are made only of goal
   * pieces and cells that piece completes (whether or not a move reaches them now), written to
   * `out` from `offset`; their number, or -1 if more than `room`. With this list taken before a
   * move, winsAfterMove answers winningCellFor for after it without scanning every window.
   */
  completableWindows(colourIndex: number, out: Int32Array, offset: number, room: number): number {
    const player1 = (colourIndex & 1) === 0;
    const count = player1 ? this.nearCount1 : this.nearCount2;
    const list = player1 ? this.nearList1 : this.nearList2;
    const need = 7 ^ (COLOUR_SEQUENCE[colourIndex % 6] as number);
    const goal = player1 ? 7 : 0;
    if (this.listResult.length < offset + room) {
      const size = Math.max(offset + room, 2 * this.listResult.length);
      const result = new Int16Array(size);
      result.set(this.listResult);
      const support = new Int32Array(size * 8);
      support.set(this.listSupport);
      this.listResult = result;
      this.listSupport = support;
    }
    const cells = this.cells;
    let n = 0;
    windows: for (let k = 0; k < count; k++) {
      const w = list[k] as number;
      for (let j = w * 4; j < w * 4 + 4; j++) {
        const colour = cells[WINDOW_CELLS[j] as number] as number;
        if (colour !== goal && colour !== need) continue windows;
      }
      if (n === room) return -1;
      const at = offset + n;
      out[at] = w;
      this.listResult[at] = this.windowWinTracked(w, need, goal, at * 8);
      n++;
    }
    return n;
  }

  /**
   * Whether the piece at `colourIndex` wins at once after the last move, given the
   * completableWindows for that piece from before the move (exact, as winningCellFor). A move
   * changes a window's cells only by changing its code, and every code change of a near window
   * is in the move's crossing record; a window whose cells did not change can only have gained a
   * way in (a cell the move made legal), so it is one of the listed ones. completableWindows
   * also worked out each listed window's answer and the cells it read, so only the windows whose
   * cells the move touched are looked at again: the list must be the one this board filled last
   * at those indices.
   */
  winsAfterMove(colourIndex: number, list: Int32Array, offset: number, count: number): boolean {
    const player1 = (colourIndex & 1) === 0;
    const need = 7 ^ (COLOUR_SEQUENCE[colourIndex % 6] as number);
    const goal = player1 ? 7 : 0;
    // A listed window's answer from before the move stands unless the move changed a cell (or
    // a cell's legality) that answer read: those cells are its support.
    if (this.changedStamp !== this.makes) this.markChanged();
    const changed = this.changed;
    const support = this.listSupport;
    for (let k = offset; k < offset + count; k++) {
      const s = k * 8;
      const known = this.listResult[k] as number;
      if (
        ((support[s] as number) & (changed[0] as number)) |
        ((support[s + 1] as number) & (changed[1] as number)) |
        ((support[s + 2] as number) & (changed[2] as number)) |
        ((support[s + 3] as number) & (changed[3] as number)) |
        ((support[s + 4] as number) & (changed[4] as number)) |
        ((support[s + 5] as number) & (changed[5] as number)) |
        ((support[s + 6] as number) & (changed[6] as number)) |
        ((support[s + 7] as number) & (changed[7] as number))
      ) {
        if (this.windowWin(list[k] as number, need, goal) >= 0) return true;
      } else if (known >= 0) return true;
    }
    const near = player1 ? NEAR1 : NEAR2;
    for (let k = this.crossStart[this.depth - 1] as number; k < this.crossCount; k++) {
      if (((CODE_FLAGS[(this.crossCodes[k] as number) & 255] as number) & near) === 0) continue;
      if (this.windowWin(this.crossWindow[k] as number, need, goal) >= 0) return true;
    }
    return false;
  }

  /** The cells the last move changed, and the neighbours of the placed one (their legality), as bits. */
  private markChanged(): void {
    const changed = this.changed;
    for (let k = 0; k < 8; k++) changed[k] = 0;
    const depth = this.depth - 1;
    const base = depth * 7;
    const last = base + (this.undoCount[depth] as number);
    for (let k = base; k <= last; k++) {
      const c = this.undoCells[k] as number;
      changed[c >> 5] = (changed[c >> 5] as number) | (1 << (c & 31));
    }
    const p = this.undoCells[base] as number;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[p * 6 + d] as number;
      if (n >= 0) changed[n >> 5] = (changed[n >> 5] as number) | (1 << (n & 31));
    }
    this.changedStamp = this.makes;
  }

  /**
   * windowWin, also writing into listSupport from `at` the bits of every cell whose colour or
   * neighbour mask it read (a superset is fine: a changed cell there only forces a recheck).
   */
  private windowWinTracked(w: number, need: number, goal: number, at: number): number {
    const support = this.listSupport;
    // (Eight plain stores: fill on a short range costs more than the rest of this.)
    for (let k = at; k < at + 8; k++) support[k] = 0;
    for (let j = w * 4; j < w * 4 + 4; j++) {
      const c = WINDOW_CELLS[j] as number;
      support[at + (c >> 5)] = (support[at + (c >> 5)] as number) | (1 << (c & 31));
    }
    const cells = this.cells;
    let x1 = -1;
    let x2 = -1;
    for (let j = w * 4; j < w * 4 + 4; j++) {
      const c = WINDOW_CELLS[j] as number;
      const colour = cells[c] as number;
      if (colour === goal) continue;
      if (colour !== need) return -1;
      if (x1 < 0) x1 = c;
      else x2 = c;
    }
    if (x1 < 0) return -1;
    // The same reads in the same order as windowWin, so the support is what its answer read.
    if (x2 < 0) {
      for (let dir = 0; dir < 6; dir++) {
        const e = this.reachTracked(x1, dir, goal, at);
        if (e >= 0) return e;
      }
      return -1;
    }
    const r1 = this.reaches;
    let any = false;
    for (let dir = 0; dir < 6; dir++) {
      const e = this.reachTracked(x1, dir, goal, at);
      r1[dir] = e;
      if (e >= 0) any = true;
    }
    if (!any) return -1;
    const r2 = this.reaches2;
    for (let dir = 0; dir < 6; dir++) r2[dir] = this.reachTracked(x2, dir, goal, at);
    for (let dir = 0; dir < 6; dir++) {
      const e = r1[dir] as number;
      if (e < 0) continue;
      for (let dir2 = 0; dir2 < 6; dir2++) if (r2[dir2] === e) return e;
    }
    return -1;
  }

  /** reach, marking every cell it reads in listSupport from `at`. */
  private reachTracked(x: number, d: number, goal: number, at: number): number {
    const cells = this.cells;
    const support = this.listSupport;
    let n = NEIGHBOURS[x * 6 + d] as number;
    while (n >= 0) {
      support[at + (n >> 5)] = (support[at + (n >> 5)] as number) | (1 << (n & 31));
      if (cells[n] !== goal) break;
      n = NEIGHBOURS[n * 6 + d] as number;
    }
    return n >= 0 && cells[n] === EMPTY && LEGAL_MASK[this.around[n] as number] === 1 ? n : -1;
  }

  /** The cell where a piece with complement `need` completes window w, or -1. */
  private windowWin(w: number, need: number, goal: number): number {
    const cells = this.cells;
    let x1 = -1;
    let x2 = -1;
    for (let j = w * 4; j < w * 4 + 4; j++) {
      const c = WINDOW_CELLS[j] as number;
      const colour = cells[c] as number;
      if (colour === goal) continue;
      if (colour !== need) return -1;
      if (x1 < 0) x1 = c;
      else x2 = c;
    }
    if (x1 < 0) return -1;
    if (x2 < 0) {
      for (let dir = 0; dir < 6; dir++) {
        const e = this.reach(x1, dir, goal);
        if (e >= 0) return e;
      }
      return -1;
    }
    // Two cells to reach: a cell both reach (each cell's six rays are found once). Late in a
    // game most rays end on a piece, so x1's rays come first and x2's only if one of them ended
    // on a legal cell; the answer is the first of x1's in direction order, as before.
    const r1 = this.reaches;
    let any = false;
    for (let dir = 0; dir < 6; dir++) {
      const e = this.reach(x1, dir, goal);
      r1[dir] = e;
      if (e >= 0) any = true;
    }
    if (!any) return -1;
    const r2 = this.reaches2;
    any = false;
    for (let dir = 0; dir < 6; dir++) {
      const e = this.reach(x2, dir, goal);
      r2[dir] = e;
      if (e >= 0) any = true;
    }
    if (!any) return -1;
    for (let dir = 0; dir < 6; dir++) {
      const e = r1[dir] as number;
      if (e < 0) continue;
      for (let dir2 = 0; dir2 < 6; dir2++) if (r2[dir2] === e) return e;
    }
    return -1;
  }

  /** The legal empty cell at the end of the run of `goal` pieces from cell x in direction d, or -1. */
  private reach(x: number, d: number, goal: number): number {
    const cells = this.cells;
    let n = NEIGHBOURS[x * 6 + d] as number;
    while (n >= 0 && cells[n] === goal) n = NEIGHBOURS[n * 6 + d] as number;
    return n >= 0 && cells[n] === EMPTY && LEGAL_MASK[this.around[n] as number] === 1 ? n : -1;
  }

  /**
   * Undo the last make: the balance and hash come back from the saved copies, the flag crossings
   * are replayed backwards (restoring the line counts and the near-line sets), and the windows'
   * codes are moved back by plain deltas, without the evaluation tables.
   */
  unmake(): void {
    this.depth--;
    this.makes++;
    const depth = this.depth;
    this.colourIndex = (this.colourIndex + 5) % 6;
    this.balance = this.savedBalance[depth] as number;
    this.hashLo = this.savedHashLo[depth] as number;
    this.hashHi = this.savedHashHi[depth] as number;
    const start = this.crossStart[depth] as number;
    for (let k = this.crossCount - 1; k >= start; k--) {
      const ab = this.crossCodes[k] as number;
      this.windowCrossed(this.crossWindow[k] as number, ab & 255, ab >> 8);
    }
    this.crossCount = start;
    const base = depth * 7;
    const count = this.undoCount[depth] as number;
    this.restoreCell(this.undoCells[base] as number, EMPTY);
    for (let k = count; k >= 1; k--)
      this.restoreCell(this.undoCells[base + k] as number, this.undoFrom[base + k] as number);
  }

  /** Put colour `to` back on cell i: cells, window codes, neighbour masks and candidates only. */
  private restoreCell(i: number, to: number): void {
    const cells = this.cells;
    const from = cells[i] as number;
    cells[i] = to;
    const delta = (CODE_OF[to + 1] as number) - (CODE_OF[from + 1] as number);
    const codes = this.codes;
    const end = CELL_WINDOW_START[i + 1] as number;
    for (let k = CELL_WINDOW_START[i] as number; k < end; k++) {
      const w = CELL_WINDOWS[k] as number;
      codes[w] = (codes[w] as number) + delta;
    }
    if (to === EMPTY) {
      const around = this.around;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOURS[i * 6 + d] as number;
        if (n < 0) continue;
        const now = (around[n] as number) & ~(1 << ((d + 3) % 6));
        around[n] = now;
        if (now === 0 && cells[n] === EMPTY) this.removeCandidate(n);
      }
      if ((around[i] as number) !== 0) this.addCandidate(i);
    }
  }
}
