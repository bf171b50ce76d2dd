import type { Game } from '../game.ts';
import { formatMove, parseMove } from './notation.ts';
import {
  cellsOf,
  legalMoves,
  MAX_MOVES,
  outcome,
  parseOptions,
  play,
  type SigmarMove,
  type SigmarOptions,
  type SigmarState,
  setup,
} from './rules.ts';
import { drawBoard, statusLine } from './text.ts';

export const sigmar: Game<SigmarOptions, SigmarState, SigmarMove> = {
  id: 'sigmar',
  title: "Sigmar's Garden",
  parseOptions,
  seatCount: () => 1,
  maxMoves: () => MAX_MOVES,
  seatName: () => 'Alchemist',
  setup,
  // Dealing to a difficulty grades board after board (up to MAX_TRIES); any other deal is quick.
  costlySetup: (options) => options.board === null && options.difficulty !== null,
  toMove: (state) => (outcome(state) ? undefined : 0),
  legalMoves,
  play,
  outcome,
  // Everything on the board is public.
  view: (state) => state,
  parseMove: (text) => parseMove(text),
  formatMove: (move) => formatMove(move),
  toText: (state) => {
    const cells = cellsOf(state);
    return `${drawBoard(cells)}\n${statusLine(cells)}`;
  },
};

export * from './board.ts';
export { dailySeed } from './daily.ts';
export { type DealOptions, type Dealt, generateGraded, MAX_TRIES } from './deal.ts';
export {
  checkTemplate,
  type GeneratedBoard,
  generate,
  generateWith,
  METAL_DELAY,
  VM_DELAY,
} from './generator.ts';
export * from './grade.ts';
export * from './hint.ts';
export { SIGMAR_LESSONS } from './lessons.ts';
export { formatMove, parseMove } from './notation.ts';
export * from './reactions.ts';
export * from './rules.ts';
export { type SolveBudget, type SolveResult, type SolveStatus, solve } from './solver.ts';
export * from './templates.ts';
export { drawBoard, drawCoordinates, LEGEND, statusLine } from './text.ts';
