/** Post-game analysis: finished games judged by their computer in worker threads, kept with the game. */
export {
  ANALYSES_PER_ACCOUNT,
  type Analyses,
  type AnalysisOptions,
  createAnalyses,
  keptMarks,
  MAX_ANALYSES,
} from './analyses.ts';
