/**
 * Matches between Tessera's Atom-4 AI and the reference implementation of the original's AI
 * (bench only). Game g opens with the standard opening of round (g / 2 mod 6) + 1, and Tessera
 * plays player 1 in even games and player 2 in odd ones, so each opening is played from both sides.
 */

import { Searcher } from '../src/games/atom4/ai.ts';
import { isLegalCell } from '../src/games/atom4/board.ts';
import { type Atom4State, parseOptions, play, playerToMove, roundState } from '../src/games/atom4/rules.ts';
import { createRng } from '../src/grid/rng.ts';
import { OriginalAi } from './atom4-reference.ts';

export interface MatchSettings {
  readonly games: number;
  /** The original's `-d` level. */
  readonly referenceLevel: number;
  /**
   * Tessera's per-move budget: `equal` is a shared clock: each move may use the reference's mean
   * time per move so far plus (or minus) what Tessera is behind (or ahead of) the reference's
   * total, never less than a tenth of that mean (its time on the opening position for the first
   * move), so over a game both use the same time; `{ depth }`
   * searches to a fixed depth however long it takes.
   */
  readonly ours: 'equal' | { readonly depth: number };
  readonly firstGame?: number;
  readonly onGame?: (g: number, result: GameRecord) => void;
}

export interface GameRecord {
  readonly winner: 'tessera' | 'original' | 'stalemate';
  readonly plies: number;
  readonly oursMs: number;
  readonly theirsMs: number;
  readonly ourMoves: number;
  readonly theirMoves: number;
  readonly ourDepthSum: number;
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

export function playGame(g: number, settings: MatchSettings): GameRecord {
  const round = (Math.floor(g / 2) % 6) + 1;
  const ourPlayer = g % 2 === 0 ? 1 : 2;
  let state: Atom4State = roundState(options, round, [0, 0]);
  const reference = new OriginalAi();
  const searcher = new Searcher(18);
  const rng = createRng(1000 + g);
  let oursMs = 0;
  let theirsMs = 0;
  let ourMoves = 0;
  let theirMoves = 0;
  let ourDepthSum = 0;
  while (state.roundResult === null) {
    let cell: number;
    const started = performance.now();
    if (playerToMove(state) === ourPlayer) {
      let budget: number;
      if (settings.ours === 'equal') {
        if (theirMoves === 0) {
          const t = performance.now();
          reference.choose(state.cells, state.colourIndex, settings.referenceLevel, createRng(g));
          budget = performance.now() - t;
        } else {
          const mean = theirsMs / theirMoves;
          budget = Math.max(0.1 * mean, theirsMs - oursMs + mean);
        }
      } else budget = Number.POSITIVE_INFINITY;
      const t0 = performance.now();
      const deadline = t0 + budget;
      const found = searcher.searchCells(state.cells, state.colourIndex, {
        depth: settings.ours === 'equal' ? 64 : settings.ours.depth,
        seed: g * 1000 + state.ply,
        timeUp: settings.ours === 'equal' ? () => performance.now() >= deadline : undefined,
      });
      cell = found.cell;
      oursMs += performance.now() - t0;
      ourMoves++;
      ourDepthSum += found.depth;
    } else {
      cell = reference.choose(state.cells, state.colourIndex, settings.referenceLevel, rng);
      theirsMs += performance.now() - started;
      theirMoves++;
    }
    if (!isLegalCell(state.cells, cell)) throw new Error(`illegal move ${cell} in game ${g}`);
    const next = play(state, { kind: 'place', x: cell % 16, y: (cell - (cell % 16)) / 16 });
    if (!next.ok) throw new Error(next.error);
    state = next.value;
  }
  const r = state.roundResult;
  return {
    winner: r === 'stalemate' ? 'stalemate' : r === ourPlayer ? 'tessera' : 'original',
    plies: state.ply,
    oursMs,
    theirsMs,
    ourMoves,
    theirMoves,
    ourDepthSum,
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
