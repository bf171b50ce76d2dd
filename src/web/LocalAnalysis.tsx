/**
 * A finished local game analysed in the browser: the page's worker runs the same analysis as the
 * server's threads (src/games/analysis.ts) on the game's moves, and the graph and the marked moves
 * are shown as in an online game's replay.
 */
import { useEffect, useState } from 'react';
import type { GameAnalysis, Result } from '../games/index.ts';
import type { AnalyseRequest } from './ai-worker.ts';
import { answerFrom } from './localSession.ts';
import { Analysed } from './online/replay/AnalysisPanel.tsx';

export function LocalAnalysis({
  start,
  moves,
  players,
  worker,
}: {
  /** The game's first position and its moves, in notation. */
  start: unknown;
  moves: readonly string[];
  players: readonly string[];
  /** A new worker of the page's game (the page makes it, for the bundler to find it). */
  worker: () => Worker;
}) {
  const [analysis, setAnalysis] = useState<GameAnalysis | 'running' | null>(null);
  const [problem, setProblem] = useState('');
  const [controller, setController] = useState<AbortController | null>(null);
  const key = moves.join(' ');
  // A new game (or a move taken back) forgets the analysis of the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the moves, as one string, are the game
  useEffect(() => {
    setAnalysis(null);
    setProblem('');
    return () => controller?.abort();
  }, [key]);
  const analyse = () => {
    const aborter = new AbortController();
    setController(aborter);
    setAnalysis('running');
    const request: AnalyseRequest = { analyse: { start, moves } };
    answerFrom<Result<GameAnalysis>>(worker(), request, aborter.signal).then(
      (answer) => {
        if (aborter.signal.aborted) return;
        if (answer.ok) setAnalysis(answer.value);
        else {
          setAnalysis(null);
          setProblem(`The analysis failed: ${answer.error}.`);
        }
      },
      (error: Error) => {
        setAnalysis(null);
        setProblem(`The analysis failed: ${error.message}.`);
      },
    );
  };
  return (
    <section className="analysis" aria-label="Analysis">
      {problem && <p className="error">{problem}</p>}
      {analysis === null && (
        <p className="buttons">
          <button type="button" onClick={analyse}>
            Analyse
          </button>
          <span className="meta">The computer judges every position and marks the costly moves.</span>
        </p>
      )}
      {analysis === 'running' && (
        <p className="meta" aria-live="polite">
          Analysing… the computer is judging every position.
        </p>
      )}
      {analysis !== null && analysis !== 'running' && (
        <Analysed analysis={analysis} players={players} at={moves.length} />
      )}
    </section>
  );
}
