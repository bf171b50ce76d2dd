/** Pure helpers of the replay's analysis: what the board hints and the caption says at a position. */
import type { GameAnalysis, MoveVerdict } from '../../../games/index.ts';

/** The marked move that follows position `at` (the choice made there), if the move after it is marked. */
export const markedAfter = (analysis: GameAnalysis | null, at: number): MoveVerdict | null => {
  const verdict = analysis?.moves[at];
  return verdict?.mark ? verdict : null;
};

/** What the replay says of the choice at position `at`, when the move made there is marked. */
export function hintText(verdict: MoveVerdict, players: readonly string[]): string {
  const who = players[verdict.seat] ?? `Seat ${verdict.seat + 1}`;
  const lost = Math.round(verdict.loss * 100);
  return `${who} played ${verdict.moveNo}. ${verdict.move} here, a ${verdict.mark} (lost ${lost} % of their chance)${
    verdict.better ? `; the computer would play ${verdict.better}, shown on the board.` : '.'
  }`;
}

/** The graph's series: positions 0…n, and each seat 0's chance as a percentage. */
export function chartSeries(analysis: GameAnalysis): [number[], number[]] {
  return [analysis.chances.map((_, k) => k), analysis.chances.map((c) => Math.round(c * 1000) / 10)];
}
