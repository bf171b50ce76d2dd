/** What the terminal's replay says of a game's analysis: pure, so a unit test reads it. */
import type { AnalysisAnswer } from '../../api/index.ts';
import { type GameAnalysis, markCounts } from '../../games/index.ts';

/** The line under the caption: the analysis's state, or what it says of the move just shown. */
export function analysisLine(answer: AnalysisAnswer | null, at: number, players: readonly string[]): string {
  if (answer === null) return 'Reading the analysis...';
  if (answer.state === 'none') return 'a: analyse this game';
  if (answer.state === 'running') return 'Analysing... the computer is judging every position.';
  const verdict = answer.analysis.moves[at - 1];
  if (!verdict?.mark) return `${summary(answer.analysis, players)}  n N: next, previous marked move`;
  const who = players[verdict.seat] ?? `Seat ${verdict.seat + 1}`;
  return `${who}'s ${verdict.moveNo}. ${verdict.move} was a ${verdict.mark} (lost ${Math.round(verdict.loss * 100)} %)${
    verdict.better ? `; the computer would play ${verdict.better}` : ''
  }`;
}

/** Each player's mistakes and blunders: "ann 1?, 0??  bob 2?, 1??". */
function summary(analysis: GameAnalysis, players: readonly string[]): string {
  return markCounts(analysis, Math.max(2, players.length))
    .map((c, seat) => `${players[seat] ?? `Seat ${seat + 1}`} ${c.mistakes}?, ${c.blunders}??`)
    .join('  ');
}

/** The position after the next (or previous) marked move from `at`, if there is one. */
export function markedStep(analysis: GameAnalysis, at: number, forward: boolean): number | null {
  const marked = analysis.moves.filter((m) => m.mark !== null).map((m) => m.moveNo);
  const found = forward ? marked.find((n) => n > at) : marked.filter((n) => n < at).at(-1);
  return found ?? null;
}
