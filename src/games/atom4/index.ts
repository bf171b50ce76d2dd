/** Atom-4 behind the game contract: seat 0 is player 1 (whites), seat 1 player 2 (blacks). */
import type { Game, Outcome } from '../game.ts';
import { chooseMove, DEFAULT_LEVEL, LEVELS } from './ai.ts';
import { roundStarter } from './board.ts';
import { evaluate } from './evaluate.ts';
import { formatMove, HELP, parseMove } from './notation.ts';
import {
  type Atom4Move,
  type Atom4Options,
  type Atom4State,
  isGameOver,
  legalMoves,
  maxMoves,
  parseOptions,
  play,
  playerToMove,
  setup,
} from './rules.ts';
import { boardText } from './text.ts';

export const atom4: Game<Atom4Options, Atom4State, Atom4Move> = {
  id: 'atom4',
  title: 'Atom-4',
  parseOptions,
  seatCount: () => 2,
  maxMoves,
  seatName: (_state, seat) => (seat === 0 ? 'Player 1 (whites)' : 'Player 2 (blacks)'),
  setup: (options) => setup(options),
  toMove(state) {
    if (isGameOver(state)) return undefined;
    // Between rounds the opener of the next round says "next".
    if (state.roundResult !== null) return roundStarter(state.round + 1) - 1;
    return playerToMove(state) - 1;
  },
  legalMoves,
  play,
  outcome(state): Outcome | undefined {
    if (!isGameOver(state)) return undefined;
    const [one, two] = state.scores;
    // The winner's score first: "3 to 1 over 5 rounds".
    const tally = `${Math.max(one, two)} to ${Math.min(one, two)} over ${state.options.rounds} round${state.options.rounds === 1 ? '' : 's'}`;
    if (one === two) return { kind: 'draw', reason: `the rounds ended level, ${tally}` };
    // The result's words name the winner ("ann wins: 3 to 1 over 5 rounds"): the reason names no seat.
    return { kind: 'win', winner: one > two ? 0 : 1, reason: tally };
  },
  // A round being played, then its decided end (until "next" opens the following round).
  stretch: (state) => state.round * 2 + (state.roundResult === null ? 0 : 1),
  // Everything on the board is public.
  view: (state) => state,
  parseMove: (text) => parseMove(text),
  formatMove: (move) => formatMove(move),
  toText: (state, options) => boardText(state, options ?? {}),
  notation: HELP,
  ai: {
    // The search reports more than the move (score, depth); callers of the contract need the move.
    chooseMove: (state, budget) =>
      chooseMove(state, { ...budget, level: budget.level ?? DEFAULT_LEVEL }).move,
    levels: LEVELS,
    defaultLevel: DEFAULT_LEVEL,
    evaluate,
  },
};

export * from './ai.ts';
export * from './board.ts';
export { ANALYSIS_DEPTH } from './evaluate.ts';
export { heldRound } from './held-round.ts';
export { ATOM4_LESSONS } from './lessons.ts';
export { formatMove, parseMove } from './notation.ts';
export * from './rules.ts';
export { boardText, statusLine } from './text.ts';
