/**
 * The computer player: negamax with alpha-beta pruning, iterative deepening, a Zobrist-keyed
 * transposition table, and move ordering by the table's move, two killer moves per ply and a
 * history table. Wins are scored WIN − plies, so it takes the fastest win and delays a loss.
 *
 * Pure and deterministic: the seed shuffles the root moves (so equal moves are chosen by seed,
 * not by accident), and a time budget is a `timeUp` callback the caller supplies. With only a
 * depth limit the same position and seed always give the same move.
 */
import { createRng } from '../../grid/index.ts';
import { CELLS, EMPTY } from './board.ts';
import { SearchBoard, type WeightSet, WINDOW_COUNT } from './engine.ts';
import type { Atom4Move, Atom4State } from './rules.ts';

export const WIN = 1_000_000;
const INF = 2 * WIN;
/** Scores beyond this are wins or losses at a known distance. */
const WIN_BOUND = WIN - 1000;

export interface Level {
  /** Deepest iteration in plies. */
  readonly depth: number;
  /** Time per move the caller should allow (the search stops at `depth` if sooner). */
  readonly ms: number;
}

/**
 * Levels 0–2 search as many plies as the original's `-d 0…2` (n + 1), so level 2 is comparable
 * to its default; higher levels deepen under a time budget.
 */
export const LEVELS: readonly Level[] = [
  { depth: 1, ms: 1000 },
  { depth: 2, ms: 1000 },
  { depth: 3, ms: 1000 },
  { depth: 5, ms: 1000 },
  { depth: 7, ms: 2000 },
  { depth: 9, ms: 3000 },
  { depth: 11, ms: 5000 },
  { depth: 13, ms: 8000 },
  { depth: 15, ms: 12000 },
  { depth: 64, ms: 20000 },
];
export const DEFAULT_LEVEL = 2;
/**
 * Iterations not cut short once started (see SearchOptions.minDepth). Against the original at
 * equal time, 2 instead of 1 lost 158 games in 2880 instead of 206.
 */
export const DEFAULT_MIN_DEPTH = 2;

/**
 * What a stalemate (a full board) costs the side to move at the root, in evaluation points (a
 * window one bit from a line scores 60). A draw is then worth a little less than an even position,
 * so the search keeps lines that can still be won instead of steering into a full board.
 */
export const DEFAULT_CONTEMPT = 20;

/**
 * The deepest iteration from which stuck windows are weighed apart (levels 4 and up): the
 * marking costs a pass over the board per move, too much for level 2's fraction of a
 * millisecond, whose figures against the original were measured without it.
 */
export const WEIGH_STUCK_FROM = 7;

/**
 * Threat extensions (levels 4 and up, like the stuck windows: level 2's figures against the
 * original were measured without them): at a node two plies from the horizon, a move after which
 * its player threatens to win with its next piece is searched two plies deeper (two, to keep the
 * leaves on the same side), at most `perLine` times along a line. The horizon's one-ply look sees
 * the threat answered; this also sees the threat that follows the answer. In an odd-depth search
 * these are the opponent's moves. Extending at three plies left as well, or without a limit per
 * line, cost more nodes than the depth it bought was worth against the original.
 */
export const THREAT_EXTENSION = { from: 7, atDepth: 2, plies: 2, perLine: 2 } as const;

export interface SearchOptions {
  /** Deepest iteration in plies (default: the level's, else 64). */
  readonly depth?: number;
  readonly level?: number;
  /**
   * Checked every 16 nodes; when it returns true the search stops with the last full iteration's
   * move, or a move of the interrupted one that had already beaten it.
   */
  readonly timeUp?: () => boolean;
  /**
   * Called after each completed iteration from depth 2 on with the next depth; returning false
   * ends the search with this iteration's move. The caller knows its clock and budget, so it can
   * decline an iteration it could not finish instead of spending the time on a cut-short one.
   */
  readonly mayDeepen?: (nextDepth: number) => boolean;
  /**
   * An iteration up to this depth, once started, is not cut short by `timeUp` (default 2, at
   * least 1; the first always runs, the next only if time is not up after it): a one-ply move is
   * often a blunder, and finishing the second ply costs a fraction of a millisecond.
   */
  readonly minDepth?: number;
  readonly seed?: number;
  /**
   * A stalemate's cost to the side to move at the root, in evaluation points (default
   * DEFAULT_CONTEMPT; 0 scores it as an even position; negative makes a stalemate welcome).
   */
  readonly contempt?: number;
  /**
   * Whether windows that no placement can finish now weigh only DEFAULT_STUCK_SHARE of their
   * weight (SearchBoard.weighStuckWindows; default: from a deepest iteration of
   * WEIGH_STUCK_FROM plies on).
   */
  readonly weighStuck?: boolean;
  /** With weighStuck, whether the marking is taken again after each root move (default true). */
  readonly remarkStuck?: boolean;
  /**
   * Whether threatening moves near the horizon are searched deeper (THREAT_EXTENSION; default:
   * from a deepest iteration of THREAT_EXTENSION.from plies on).
   */
  readonly extendThreats?: boolean;
  /**
   * Whether the searching side scores with its seat's weights (SEAT_WINDOW_WEIGHTS: for both
   * players' windows when it is the round's starter, for its own when it is the second player;
   * default: when stuck windows are weighed apart, levels 4 and up; level 2's figures
   * against the original were measured without them).
   */
  readonly seatWeights?: boolean;
  /** Transposition table size for a new Searcher, as a power of two (default 18: 262,144 entries). */
  readonly tableBits?: number;
}

export interface SearchResult {
  readonly move: Atom4Move;
  /** From the mover's point of view; beyond ±(WIN − 1000) a forced win or loss. */
  readonly score: number;
  /** Deepest completed iteration. */
  readonly depth: number;
  readonly nodes: number;
  /** Plies to a forced win (positive) or loss (negative), when the score says so. */
  readonly winIn: number | null;
}

const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

class Stop extends Error {}

/**
 * Order keys: the table's move, then the killers, then history scores (kept below these). All
 * stay small integers (below 2^30), which V8 keeps untagged; a larger one deoptimizes the search.
 */
const TABLE_ORDER = 1 << 29;
const KILLER_ORDER = 1 << 28;
/** A history score past this halves the whole table, so scores stay below KILLER_ORDER. */
const HISTORY_CAP = 1 << 26;
/**
 * Late move reductions: from this depth, moves after the first `after` (and after the table's
 * move and the killers) are searched 2 plies shallower first, 4 after the first `far`.
 */
const LMR = { depth: 3, after: 2, far: 5 } as const;

/** Room per list of completable windows; a longer one falls back to scanning every window. */
const LIST_ROOM = 32;

/** One search instance; its tables can be reused across moves of a game. */
export class Searcher {
  /** Buckets in the table, less one (a power of two less one). */
  private readonly mask: number;
  /**
   * The transposition table, in buckets of two entries of four words (half a cache line): hash
   * low, hash high, score, and depth | flag << 8 | (move + 1) << 16 | age << 25. The first entry
   * keeps the deepest result (unless it is from an older search), the second takes the rest: with
   * one entry that always took the last result, the many shallow nodes of a deep search pushed
   * out the few deep ones near the root that save the most work when met again.
   */
  private readonly table: Int32Array;
  /** The search count, 0–31, stored with each entry so that old deep entries give way. */
  private age = 0;
  private readonly killers = new Int16Array(256 * 2).fill(-1);
  private readonly history = new Int32Array(6 * CELLS);
  /** The root moves' scores in the last iteration, by cell. */
  private readonly rootScores = new Int32Array(CELLS);
  private readonly moves = new Int16Array(256 * CELLS);
  private readonly order = new Int32Array(256 * CELLS);
  /** Per ply, two lists of completable windows (SearchBoard.completableWindows). */
  private readonly completable = new Int32Array(256 * 2 * LIST_ROOM);
  private board: SearchBoard = new SearchBoard([], 0);
  private timeUp: () => boolean = () => false;
  /** False up to the minimum depth, so there is always a searched move to return. */
  private mayStop = false;
  /** Empty cells at the root: the board is full at this ply. */
  private fullAt = CELLS;
  /** A stalemate's score for the root's side (−contempt) and for the other side (+contempt). */
  private drawOwn = 0;
  private drawTheirs = 0;
  /**
   * Mixed into the table's keys: stalemate scores depend on the root's side and the contempt, and
   * every score on the set of weights, so entries stored for another such search must not match
   * (0 without contempt and with the usual weights, where they do not).
   * Cheaper than clearing the table, which costs more than a whole early move's budget.
   */
  private saltLo = 0;
  private saltHi = 0;
  /** The root's stuck marking, and per root move the marking after it (SearchBoard.saveMarking). */
  private readonly rootMarking = new Uint8Array(WINDOW_COUNT);
  private readonly childMarking = new Uint8Array(CELLS * WINDOW_COUNT);
  /** Per root move, the search count its childMarking was taken in. */
  private readonly childMarked = new Int32Array(CELLS).fill(-1);
  private searches = 0;
  /** Threat extensions still allowed along the line being searched (THREAT_EXTENSION.perLine). */
  private extensionsLeft = 0;
  nodes = 0;

  constructor(tableBits = 20) {
    const size = 1 << tableBits;
    this.mask = (size >> 1) - 1;
    this.table = new Int32Array(size * 4);
    // Touch every page now: a fresh table is mapped lazily, and the first searches would pay
    // for the page faults. The same for the per-ply buffers: the first move of a game has the
    // smallest budget, and losing part of it to page faults costs games.
    this.table.fill(0);
    this.moves.fill(0);
    this.order.fill(0);
    this.completable.fill(0);
    this.childMarking.fill(0);
  }

  /** Search a position (cells and colour index) and return the best cell with its score. */
  searchCells(
    cells: ArrayLike<number>,
    colourIndex: number,
    options: SearchOptions,
  ): { cell: number; score: number; depth: number } {
    const board = this.board;
    const maxDepth = options.depth ?? (options.level === undefined ? 64 : levelOf(options.level).depth);
    board.load(cells, colourIndex);
    const weighStuck = options.weighStuck ?? maxDepth >= WEIGH_STUCK_FROM;
    let empty = 0;
    for (let i = 0; i < CELLS; i++) if (cells[i] === EMPTY) empty++;
    // Every placement adds a piece to the opening's two: an even count (CELLS is even) is the
    // round's starter to move. The second player's set depends on which player it is, since its
    // own windows weigh less and the balance is player 1's.
    const weights: WeightSet = !(options.seatWeights ?? weighStuck)
      ? 0
      : empty % 2 === 0
        ? 1
        : board.player === 1
          ? 2
          : 3;
    board.selectWeights(weights);
    board.weighStuckWindows(weighStuck);
    // The marking again after each root move: a move that fills the last way into its own
    // nearly finished lines (or opens one) is judged by what is left after it.
    const remark = weighStuck && (options.remarkStuck ?? true);
    this.searches++;
    if (remark) board.saveMarking(this.rootMarking, 0);
    this.timeUp = options.timeUp ?? (() => false);
    this.nodes = 0;
    this.extensionsLeft =
      (options.extendThreats ?? maxDepth >= THREAT_EXTENSION.from) ? THREAT_EXTENSION.perLine : 0;
    this.fullAt = empty;
    // Whole points (the table keeps integers), well inside the win scores.
    const contempt = Number.isFinite(options.contempt)
      ? Math.max(-WIN_BOUND / 2, Math.min(WIN_BOUND / 2, Math.round(options.contempt as number)))
      : DEFAULT_CONTEMPT;
    // (+ 0 and 0 − turn −0 into 0, so that a stalemate without contempt scores a plain 0.)
    this.drawOwn = 0 - contempt;
    this.drawTheirs = contempt + 0;
    const salt =
      contempt === 0 && weights === 0
        ? 0
        : Math.imul(board.player * 0x9e3779b1 + Math.round(contempt * 64) + weights * 0x632be5ab, 0x85ebca6b);
    this.saltLo = salt;
    this.saltHi = Math.imul(salt ^ (salt >>> 15), 0x2c1b3c6d);
    this.killers.fill(-1);
    this.ageHistory(3);
    this.age = (this.age + 1) & 31;
    const rng = createRng(options.seed ?? 1);
    const count = board.legalCells(this.moves, 0);
    if (count === 0) throw new Error('searchCells called with no legal move');
    const root = Array.from(this.moves.subarray(0, count));
    rng.shuffle(root);
    let best = root[0] as number;
    let bestScore = -INF;
    let completed = 0;
    // An immediate win needs no search.
    const winning = board.winningCell();
    if (winning >= 0) return { cell: winning, score: WIN - 1, depth: 1 };
    const scores = this.rootScores;
    // Depths 1, 2, 3, then odd depths only (5, 7 …, then the limit): a search that ends on the
    // opponent's move judges worse than one that ends on the mover's, but depth 2 costs a small
    // fraction of depth 3 and beats depth 1 when a tiny budget stops depth 3 early.
    for (let depth = Math.min(1, maxDepth); ; depth = Math.min(depth < 3 ? depth + 1 : depth + 2, maxDepth)) {
      this.mayStop = depth > Math.max(1, options.minDepth ?? DEFAULT_MIN_DEPTH);
      let alpha = -INF;
      let iterBest = best;
      let searched = 0;
      try {
        for (const cell of root) {
          board.make(cell);
          if (remark) {
            if (this.childMarked[cell] === this.searches)
              board.restoreMarking(this.childMarking, cell * WINDOW_COUNT, true);
            else {
              board.weighStuckWindows(true);
              board.saveMarking(this.childMarking, cell * WINDOW_COUNT);
              this.childMarked[cell] = this.searches;
            }
          }
          // Principal variation search: the first move with a full window, the rest with a
          // null window, searched again only if they might be better.
          let score: number;
          if (searched === 0) score = 0 - this.negamax(depth - 1, -INF, INF, 1);
          else {
            score = 0 - this.negamax(depth - 1, -1 - alpha, 0 - alpha, 1);
            if (score > alpha) score = 0 - this.negamax(depth - 1, -INF, 0 - alpha, 1);
          }
          board.unmake();
          if (remark) board.restoreMarking(this.rootMarking, 0, false);
          searched++;
          scores[cell] = score;
          if (score > alpha) {
            alpha = score;
            iterBest = cell;
          }
        }
      } catch (error) {
        // The board is abandoned mid-line; it is rebuilt for every search.
        if (!(error instanceof Stop)) throw error;
        // Moves finished in the cut-short iteration were measured against the previous best,
        // which is searched first: one that beat it is the better choice.
        if (searched > 0) {
          best = iterBest;
          bestScore = alpha;
        }
        break;
      }
      best = iterBest;
      bestScore = alpha;
      completed = depth;
      // Best first next time, the rest by this iteration's scores (stable, so seed order breaks ties).
      root.sort((a, b) => (scores[b] as number) - (scores[a] as number));
      if (bestScore > WIN_BOUND || bestScore < -WIN_BOUND) break;
      if (depth >= maxDepth || this.timeUp()) break;
      if (
        depth >= 2 &&
        options.mayDeepen &&
        !options.mayDeepen(Math.min(depth < 3 ? depth + 1 : depth + 2, maxDepth))
      )
        break;
    }
    return { cell: best, score: bestScore, depth: completed };
  }

  /** Divides every history score by 2^shift. */
  private ageHistory(shift: number): void {
    const history = this.history;
    for (let k = 0; k < history.length; k++) history[k] = (history[k] as number) >> shift;
  }

  /**
   * Scores are negated as 0 − x, never −x: −0 is not a small integer to V8, and one reaching
   * the optimised search throws its code away for a recompile of several milliseconds.
   *
   * `given`: the number of windows the parent listed as completable by this node's mover (in
   * its list slot), or -1 to scan all the near windows.
   */
  private negamax(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    extended = false,
    given = -1,
  ): number {
    const board = this.board;
    this.nodes++;
    if ((this.nodes & 15) === 0 && this.mayStop && this.timeUp()) throw new Stop();
    // A win on the spot needs no search (and makes every leaf aware of the mover's threats).
    if (
      given >= 0
        ? board.winsAfterMove(board.colourIndex, this.completable, (ply - 1) * 2 * LIST_ROOM, given)
        : board.winningCell() >= 0
    )
      return WIN - ply - 1;
    if (ply >= this.fullAt) return ply & 1 ? this.drawTheirs : this.drawOwn; // stalemate
    if (depth <= 0) {
      // Quiet leaves only: when the opponent threatens to win with its next piece, look one ply
      // further so the answer (a block, or nothing) is seen. Only once along a line.
      if (extended || board.winningCellFor(board.colourIndex + 1) < 0) {
        return board.player === 1 ? board.balance : 0 - board.balance;
      }
      depth = 1;
      extended = true;
    }
    const table = this.table;
    const keyLo = board.hashLo ^ this.saltLo;
    const keyHi = board.hashHi ^ this.saltHi;
    const bucket = (keyLo & this.mask) * 8;
    const hit =
      table[bucket] === keyLo && table[bucket + 1] === keyHi
        ? bucket
        : table[bucket + 4] === keyLo && table[bucket + 5] === keyHi
          ? bucket + 4
          : -1;
    let ttMove = -1;
    if (hit >= 0) {
      const info = table[hit + 3] as number;
      ttMove = ((info >>> 16) & 511) - 1;
      if ((info & 255) >= depth) {
        let score = table[hit + 2] as number;
        if (score > WIN_BOUND) score -= ply;
        else if (score < -WIN_BOUND) score += ply;
        const flag = (info >> 8) & 255;
        if (flag === EXACT) return score;
        if (flag === LOWER && score >= beta) return score;
        if (flag === UPPER && score <= alpha) return score;
      }
    }
    const base = ply * CELLS;
    const count = board.legalCells(this.moves, base);
    if (count === 0) return ply & 1 ? this.drawTheirs : this.drawOwn; // (a full board is caught above)
    const colourBase = board.colourIndex * CELLS;
    const k1 = this.killers[ply * 2] as number;
    const k2 = this.killers[ply * 2 + 1] as number;
    for (let k = 0; k < count; k++) {
      const m = this.moves[base + k] as number;
      this.order[base + k] =
        m === ttMove
          ? TABLE_ORDER
          : m === k1
            ? KILLER_ORDER + 1
            : m === k2
              ? KILLER_ORDER
              : (this.history[colourBase + m] as number);
    }
    // The windows the opponent could complete with its next piece, so that each child tests for
    // a win on the spot from this short list (see SearchBoard.winsAfterMove) instead of scanning
    // every near window; before the last ply, also the mover's (for the leaves' threat test).
    const at = ply * 2 * LIST_ROOM;
    const theirs = board.completableWindows(board.colourIndex + 1, this.completable, at, LIST_ROOM);
    let ours = -1;
    if (depth === 1 && !extended)
      ours = board.completableWindows(board.colourIndex + 2, this.completable, at + LIST_ROOM, LIST_ROOM);
    const alphaIn = alpha;
    let best = -INF;
    let bestMove = -1;
    for (let k = 0; k < count; k++) {
      // Selection sort step: bring the best-ordered remaining move to position k.
      let pick = k;
      let top = this.order[base + k] as number;
      for (let j = k + 1; j < count; j++) {
        const o = this.order[base + j] as number;
        if (o > top) {
          top = o;
          pick = j;
        }
      }
      const m = this.moves[base + pick] as number;
      this.moves[base + pick] = this.moves[base + k] as number;
      this.moves[base + k] = m;
      this.order[base + pick] = this.order[base + k] as number;
      const won = board.make(m);
      // A threat two plies from the horizon is searched deeper (no move is reduced this near it).
      const extend =
        !won &&
        depth === THREAT_EXTENSION.atDepth &&
        this.extensionsLeft > 0 &&
        board.winningCellFor(board.colourIndex + 1) >= 0;
      const next = extend ? depth - 1 + THREAT_EXTENSION.plies : depth - 1;
      if (extend) this.extensionsLeft--;
      let score: number;
      if (won) score = WIN - ply - 1;
      else if (next === 0) score = 0 - this.leaf(ply + 1, 0 - beta, 0 - alpha, extended, theirs, ours);
      else if (k === 0) score = 0 - this.negamax(next, 0 - beta, 0 - alpha, ply + 1, extended, theirs);
      else {
        // Late move reduction: a move ordered late at a deep node is first searched two plies
        // shallower (two, to keep the leaves on the same side), and fully only if it looks good.
        // Not a move after which its player threatens to win with the next piece: the shallow
        // search cannot see where the threat leads, and a quiet-looking preparation for a
        // win the original's 5 plies find was missed so, even at 7 plies.
        score =
          depth >= LMR.depth &&
          k >= LMR.after &&
          top < KILLER_ORDER &&
          board.winningCellFor(board.colourIndex + 1) < 0
            ? 0 -
              this.negamax(
                depth - 1 - (depth >= 5 && k >= LMR.far ? 4 : 2),
                -1 - alpha,
                0 - alpha,
                ply + 1,
                extended,
                theirs,
              )
            : alpha + 1;
        if (score > alpha) score = 0 - this.negamax(next, -1 - alpha, 0 - alpha, ply + 1, extended, theirs);
        if (score > alpha && score < beta)
          score = 0 - this.negamax(next, 0 - beta, 0 - alpha, ply + 1, extended, theirs);
      }
      if (extend) this.extensionsLeft++;
      board.unmake();
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) {
            if (m !== k1) {
              this.killers[ply * 2 + 1] = k1;
              this.killers[ply * 2] = m;
            }
            const h = (this.history[colourBase + m] as number) + depth * depth;
            this.history[colourBase + m] = h;
            if (h > HISTORY_CAP) this.ageHistory(1);
            break;
          }
        }
      }
      // (winningCell above already returned for any winning move; this guards that promise.)
      if (won) break;
    }
    const stored = best > WIN_BOUND ? best + ply : best < -WIN_BOUND ? best - ply : best;
    const deep = table[bucket + 3] as number;
    const slot = hit === bucket || depth >= (deep & 255) || deep >>> 25 !== this.age ? bucket : bucket + 4;
    table[slot] = keyLo;
    table[slot + 1] = keyHi;
    table[slot + 2] = stored;
    table[slot + 3] =
      depth |
      ((best <= alphaIn ? UPPER : best >= beta ? LOWER : EXACT) << 8) |
      ((bestMove + 1) << 16) |
      (this.age << 25);
    return best;
  }

  /**
   * negamax(0) inlined for the last ply, where nearly all nodes are: the side to move wins on the
   * spot, or the side that just moved threatens to win and the line is looked at one ply further
   * (once), or the static score. A leaf's score does not depend on the window, so the caller
   * needs no null-window search and no re-search.
   */
  private leaf(
    ply: number,
    alpha: number,
    beta: number,
    extended: boolean,
    theirs: number,
    ours: number,
  ): number {
    const board = this.board;
    this.nodes++;
    if ((this.nodes & 15) === 0 && this.mayStop && this.timeUp()) throw new Stop();
    // The lists were taken one ply up, where the side to move here was "theirs".
    const at = (ply - 1) * 2 * LIST_ROOM;
    const list = this.completable;
    if (ply >= this.fullAt) return ply & 1 ? this.drawTheirs : this.drawOwn; // stalemate
    const ci = board.colourIndex;
    if (theirs >= 0 ? board.winsAfterMove(ci, list, at, theirs) : board.winningCell() >= 0)
      return WIN - ply - 1;
    if (extended) return board.player === 1 ? board.balance : 0 - board.balance;
    const threat =
      ours >= 0 ? board.winsAfterMove(ci + 1, list, at + LIST_ROOM, ours) : board.winningCellFor(ci + 1) >= 0;
    if (!threat) return board.player === 1 ? board.balance : 0 - board.balance;
    return this.negamax(1, alpha, beta, ply, true);
  }
}

export function levelOf(level: number): Level {
  return LEVELS[Math.max(0, Math.min(LEVELS.length - 1, Math.floor(level)))] as Level;
}

/**
 * The computer's move in a game state: `next` between rounds, else a placement. Throws only when
 * the game is over (a caller's bug).
 */
export function chooseMove(
  state: Atom4State,
  options: SearchOptions = {},
  searcher?: Searcher,
): SearchResult {
  if (state.roundResult !== null) {
    if (state.round >= state.options.rounds) throw new Error('chooseMove called on a finished game');
    return { move: { kind: 'next' }, score: 0, depth: 0, nodes: 0, winIn: null };
  }
  const s = searcher ?? new Searcher(options.tableBits ?? 18);
  const found = s.searchCells(state.cells, state.colourIndex, options);
  const winIn =
    found.score > WIN_BOUND ? WIN - found.score : found.score < -WIN_BOUND ? -(WIN + found.score) : null;
  return {
    move: { kind: 'place', x: found.cell % 16, y: (found.cell - (found.cell % 16)) / 16 },
    score: found.score,
    depth: found.depth,
    nodes: s.nodes,
    winIn,
  };
}
