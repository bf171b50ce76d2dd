/**
 * Post-game analyses, kept with their game: the analysis of a finished game is computed once and
 * served from here afterwards. The body is the analysis as JSON (its shape is the games' own,
 * src/games/analysis.ts); the store only keeps it, with the number of moves it covers.
 */

export interface StoredAnalysis {
  readonly gameId: number;
  /** The moves the analysis covers: the game's length when it was analysed. */
  readonly moveCount: number;
  readonly body: string;
  readonly at: number;
}

export interface AnalysisStore {
  /** The analysis kept for a game, if any. */
  analysis(gameId: number): Promise<StoredAnalysis | undefined>;
  /** Keep a game's analysis (replacing one kept before). */
  saveAnalysis(analysis: StoredAnalysis): Promise<void>;
}
