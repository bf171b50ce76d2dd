/**
 * Matches between Tessera's Atom-4 AI and the reference implementation of the original's AI
 * (bench only). Game g opens with the standard opening of round (g / 2 mod 6) + 1, and Tessera
 * plays player 1 in even games and player 2 in odd ones, so each opening is played from both sides.
 */

import { levelOf, Searcher } from '../src/games/atom4/ai.ts';
import { isLegalCell, roundStarter } from '../src/games/atom4/board.ts';
import { type Atom4State, parseOptions, play, playerToMove, roundState } from '../src/games/atom4/rules.ts';
import { createRng } from '../src/grid/rng.ts';
import { OriginalAi } from './atom4-reference.ts';

export interface MatchSettings {
  readonly games: number;
  /** The original's `-d` level. */
  readonly referenceLevel: number;
  /**
   * `{ level }`: Tessera plays at that level (its deepest iteration, levelOf) on a shared clock of
   * CPU time (cpuMs below). While it has used no more time than the original so far in the game,
   * it finishes as many plies as the original searches (`-d n` searches n + 1) and goes deeper
   * only as GROWTH_PAST_ORIGINAL allows. When it is behind, the move's budget is the original's mean
   * time per move so far minus what Tessera is behind, never less than a tenth of that mean: the
   * search stops when the budget is spent, and the next iteration is started only as
   * GROWTH_TO_ORIGINAL and GROWTH_PAST_ORIGINAL say. So over a game both use about the same time. (At a
   * fixed 3 plies Tessera uses 86% of the original's time over a game, but more than it late in
   * long games.)
   * `{ depth }` searches to a fixed depth however long it takes.
   */
  readonly ours: { readonly level: number } | { readonly depth: number };
  /**
   * With a level: the CPU time both sides have used over the whole match (or the part of it one
   * process plays), shared by its games, and Tessera's clock is that of the match (see
   * MatchClock). Without it, the clock is even over each game (above).
   */
  readonly matchClock?: MatchClock;
  /** Tessera's contempt for a stalemate (SearchOptions.contempt; default the AI's). */
  readonly contempt?: number;
  readonly firstGame?: number;
  readonly onGame?: (g: number, result: GameRecord) => void;
}

/**
 * The match clock: Tessera's and the original's CPU time over all the games played so far, and
 * the original's moves. Aiming at the original's mean time per move over the match, not over each
 * game, lets Tessera search its opening moves as deep as its middle game's: the original's first
 * moves are its cheapest (a few legal moves), yet most of Tessera's wins are set up in them (half
 * come before ply 35). Every move finishes two plies more than the original searches (7 against
 * `-d 4`). While Tessera has used no more time than the original over the match, it also searches
 * two plies more (9) as long as the move has not used MOVE_CAP times the original's mean time
 * per move; deeper iterations are not started (each costs about five times the one before, and
 * what one move spends, later moves lack). Behind, it stops at 7 plies, which cost about half the
 * original's mean time, until it is even again. So over the match Tessera uses no more CPU time
 * per move than the original (give or take the move that crosses even), while within one game it
 * may use more (a short game it wins) or less.
 */
export interface MatchClock {
  oursMs: number;
  theirsMs: number;
  theirMoves: number;
}
export const newMatchClock = (): MatchClock => ({ oursMs: 0, theirsMs: 0, theirMoves: 0 });
/** A move's budget on the match clock, in the original's mean CPU time per move over the match. */
const MOVE_CAP = 6;

export interface GameRecord {
  readonly game: number;
  readonly winner: 'tessera' | 'original' | 'stalemate';
  readonly plies: number;
  readonly oursMs: number;
  readonly theirsMs: number;
  readonly ourMoves: number;
  readonly theirMoves: number;
  readonly ourDepthSum: number;
  /** Every placement of the round after the opening, as cell indices (for studying lost games). */
  readonly moves: readonly number[];
  /** Per move of Tessera's: the depth it completed and its score (from its point of view). */
  readonly ourSearches: readonly (readonly [depth: number, score: number])[];
}

export interface MatchResult {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly stalemates: number;
  readonly meanOurMs: number;
  readonly meanTheirMs: number;
  readonly meanOurDepth: number;
}

const options = (() => {
  const o = parseOptions({ rounds: 99 });
  if (!o.ok) throw new Error(o.error);
  return o.value;
})();

/**
 * The clock both sides are measured on: this process's CPU time, in milliseconds. Wall time on a
 * shared, loaded machine counts the time other processes hold the core; that hurts the side whose
 * search stops on a deadline (it loses plies when preempted) and not the side that always finishes
 * its fixed search, so "equal time" is CPU time. (The process's, not the thread's: Node's thread
 * CPU clock only advances at scheduler ticks, milliseconds apart; V8's helper threads add a
 * little noise to both sides alike.)
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * A `timeUp` for a CPU budget, cheap enough to call every few nodes: CPU time never runs ahead
 * of the wall clock, so the CPU clock (a system call) is read only once the wall clock says the
 * budget could be spent, and then the next look is put off by what is left.
 */
export function cpuDeadline(budgetMs: number): {
  readonly timeUp: () => boolean;
  readonly used: () => number;
} {
  const cpu0 = cpuMs();
  let wallCheck = performance.now() + budgetMs;
  return {
    timeUp: () => {
      const now = performance.now();
      if (now < wallCheck) return false;
      const used = cpuMs() - cpu0;
      if (used >= budgetMs) return true;
      wallCheck = now + (budgetMs - used);
      return false;
    },
    used: () => cpuMs() - cpu0,
  };
}

/**
 * The next iteration is started only when the time used so far times 1 + this still fits in
 * the move's budget. Up to the original's depth (when behind; when not behind that depth is
 * always finished) the factor is small: an iteration that is cut short keeps its move only if it
 * beat the last one (and the root moves are searched best first), so a cut-short depth 3 is
 * still much better than depth 2 (which wins only a third of its games against the original's
 * depth 2); depth 3 is started unless half the budget is gone, though it costs about 4 times
 * depths 1 and 2 (measured; with a factor of 5 Tessera won 76% against `-d 2`, with 2 it won
 * 88%). Past the original's depth, an iteration is started when it is expected to finish within
 * the budget: searching two plies deeper costs about 2 to 12 times (5 on average) what the
 * search to the last depth cost, so the factor is 4. (It was 12, saving time for later moves,
 * which then spent it in a few deep searches; and past depth 3 even when behind, so that behind
 * on the clock against `-d 4` Tessera searched 3 plies where the original searches 5.)
 */
const GROWTH_TO_ORIGINAL = 1;
const GROWTH_PAST_ORIGINAL = 4;

/** Game g's round and Tessera's side (see the top of this file). */
const roundOf = (g: number): number => (Math.floor(g / 2) % 6) + 1;
const ourPlayerIn = (g: number): 1 | 2 => (g % 2 === 0 ? 1 : 2);

/** Whether Tessera places the first piece of game g (it wins far more of those games). */
export const tesseraStarts = (g: number): boolean => roundStarter(roundOf(g)) === ourPlayerIn(g);

export function playGame(g: number, settings: MatchSettings): GameRecord {
  const round = roundOf(g);
  const ourPlayer = ourPlayerIn(g);
  let state: Atom4State = roundState(options, round, [0, 0]);
  const reference = new OriginalAi();
  const searcher = new Searcher(18);
  const rng = createRng(1000 + g);
  let oursMs = 0;
  let theirsMs = 0;
  let ourMoves = 0;
  let theirMoves = 0;
  let ourDepthSum = 0;
  const moves: number[] = [];
  const ourSearches: [number, number][] = [];
  while (state.roundResult === null) {
    let cell: number;
    if (playerToMove(state) === ourPlayer) {
      let budget = Number.POSITIVE_INFINITY;
      const equal = 'level' in settings.ours;
      const match = equal ? settings.matchClock : undefined;
      // The original's mean time per move so far (before its first move, its time on this position).
      let mean = 0;
      if (equal) {
        const [spent, made] = match ? [match.theirsMs, match.theirMoves] : [theirsMs, theirMoves];
        if (made === 0) {
          const t = cpuMs();
          reference.choose(state.cells, state.colourIndex, settings.referenceLevel, createRng(g));
          mean = cpuMs() - t;
        } else mean = spent / made;
      }
      const plies = settings.referenceLevel + 1;
      // Not behind on the clock: the original's depth is searched to the end (the game's clock),
      // or four plies more may be (the match's).
      const ahead = match ? match.oursMs <= match.theirsMs : equal && oursMs <= theirsMs;
      if (equal) budget = match ? MOVE_CAP * mean : Math.max(0.1 * mean, theirsMs - oursMs + mean);
      const clock = cpuDeadline(budget);
      const levelDepth = 'level' in settings.ours ? levelOf(settings.ours.level).depth : settings.ours.depth;
      const found = searcher.searchCells(state.cells, state.colourIndex, {
        depth: match ? Math.min(levelDepth, ahead ? plies + 4 : plies + 2) : levelDepth,
        minDepth: match ? plies + 2 : ahead ? plies : undefined,
        seed: g * 1000 + state.ply,
        contempt: settings.contempt,
        timeUp: equal ? clock.timeUp : undefined,
        mayDeepen: equal
          ? (next) =>
              match !== undefined ||
              (ahead && next <= plies) ||
              clock.used() * (next <= plies ? 1 + GROWTH_TO_ORIGINAL : 1 + GROWTH_PAST_ORIGINAL) <= budget
          : undefined,
      });
      cell = found.cell;
      const used = clock.used();
      oursMs += used;
      if (match) match.oursMs += used;
      ourMoves++;
      ourDepthSum += found.depth;
      ourSearches.push([found.depth, found.score]);
    } else {
      const t = cpuMs();
      cell = reference.choose(state.cells, state.colourIndex, settings.referenceLevel, rng);
      const used = cpuMs() - t;
      theirsMs += used;
      theirMoves++;
      if (settings.matchClock) {
        settings.matchClock.theirsMs += used;
        settings.matchClock.theirMoves++;
      }
    }
    if (!isLegalCell(state.cells, cell)) throw new Error(`illegal move ${cell} in game ${g}`);
    moves.push(cell);
    const next = play(state, { kind: 'place', x: cell % 16, y: (cell - (cell % 16)) / 16 });
    if (!next.ok) throw new Error(next.error);
    state = next.value;
  }
  const r = state.roundResult;
  return {
    game: g,
    winner: r === 'stalemate' ? 'stalemate' : r === ourPlayer ? 'tessera' : 'original',
    plies: state.ply,
    oursMs,
    theirsMs,
    ourMoves,
    theirMoves,
    ourDepthSum,
    moves,
    ourSearches,
  };
}

export function playMatch(settings: MatchSettings): MatchResult {
  let wins = 0;
  let losses = 0;
  let stalemates = 0;
  let oursMs = 0;
  let theirsMs = 0;
  let ourMoves = 0;
  let theirMoves = 0;
  let depthSum = 0;
  const first = settings.firstGame ?? 0;
  for (let g = first; g < first + settings.games; g++) {
    const record = playGame(g, settings);
    settings.onGame?.(g, record);
    if (record.winner === 'tessera') wins++;
    else if (record.winner === 'original') losses++;
    else stalemates++;
    oursMs += record.oursMs;
    theirsMs += record.theirsMs;
    ourMoves += record.ourMoves;
    theirMoves += record.theirMoves;
    depthSum += record.ourDepthSum;
  }
  return {
    games: settings.games,
    wins,
    losses,
    stalemates,
    meanOurMs: oursMs / Math.max(1, ourMoves),
    meanTheirMs: theirsMs / Math.max(1, theirMoves),
    meanOurDepth: depthSum / Math.max(1, ourMoves),
  };
}
