/**
 * Post-game analysis on the wire: `POST /api/games/:id/analysis` starts the analysis of a finished
 * game (or finds it kept), `GET /api/games/:id/analysis` reads it. The analysis itself is the
 * games' own shape (src/games/analysis.ts), the same in a browser's worker.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Frozen } from './http.ts';

const Verdict = Type.Object({
  moveNo: Type.Integer(),
  seat: Type.Integer(),
  move: Type.String(),
  loss: Type.Number(),
  mark: Type.Union([Type.Literal('mistake'), Type.Literal('blunder'), Type.Null()]),
  better: Type.Union([Type.String(), Type.Null()]),
});

/** `ready`: the analysis (kept with the game); `running`: queued or under way, ask again soon;
 * `none`: nobody has asked for it yet. */
export const AnalysisAnswer = Type.Union([
  Type.Object({ state: Type.Literal('none') }),
  Type.Object({ state: Type.Literal('running') }),
  Type.Object({
    state: Type.Literal('ready'),
    at: Type.Number(),
    analysis: Type.Object({ chances: Type.Array(Type.Number()), moves: Type.Array(Verdict) }),
  }),
]);
export type AnalysisAnswer = Frozen<Static<typeof AnalysisAnswer>>;

/** How often a client asks again while an analysis runs. */
export const ANALYSIS_POLL_MS = 1500;
