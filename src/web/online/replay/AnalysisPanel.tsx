/**
 * Post-game analysis in the replay: the Analyse button (a finished online game is analysed on the
 * server, and the panel asks again until it is ready), an evaluation graph (uPlot, as the rating
 * chart) of the first player's chance of winning after each move, and the marked moves, each a
 * button to the position where the better move was to be played.
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import { ANALYSIS_POLL_MS, type AnalysisAnswer } from '../../../api/index.ts';
import { BLUNDER_LOSS, type GameAnalysis, MISTAKE_LOSS, markCounts } from '../../../games/index.ts';
import { api, type Session } from '../api.ts';
import { chartSeries } from './analysis.ts';

const HEIGHT = 160;

/** The game's analysis as the server has it, and a way to ask for it. */
export function useAnalysis(id: number, session: Session | null, finished: boolean) {
  const [answer, setAnswer] = useState<AnalysisAnswer | null>(null);
  const [problem, setProblem] = useState('');
  const state = answer === null ? null : answer.state;
  useEffect(() => {
    if (!finished) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      api<AnalysisAnswer>('GET', `/api/games/${id}/analysis`, undefined, session).then(
        (a) => {
          if (!current) return;
          setAnswer(a);
          if (a.state === 'running') timer = setTimeout(read, ANALYSIS_POLL_MS);
        },
        (e: Error) => current && setProblem(e.message),
      );
    if (state === 'running' || state === null) void read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id, session, finished, state]);
  const start = () => {
    setProblem('');
    api<AnalysisAnswer>('POST', `/api/games/${id}/analysis`, undefined, session).then(setAnswer, (e: Error) =>
      setProblem(e.message),
    );
  };
  return { answer, problem, start };
}

export function AnalysisPanel({
  answer,
  problem,
  start,
  session,
  players,
  at,
  go,
}: {
  answer: AnalysisAnswer | null;
  problem: string;
  start: () => void;
  session: Session | null;
  players: readonly string[];
  at: number;
  go: (position: number) => void;
}) {
  const analysis = answer?.state === 'ready' ? answer.analysis : null;
  return (
    <section className="analysis" aria-label="Analysis">
      <h2>Analysis</h2>
      {problem && <p className="error">{problem}</p>}
      {answer?.state === 'none' &&
        (session ? (
          <p className="buttons">
            <button type="button" onClick={start}>
              Analyse
            </button>
            <span className="meta">The computer judges every position and marks the costly moves.</span>
          </p>
        ) : (
          <p className="meta">Log in to have this game analysed by the computer.</p>
        ))}
      {answer?.state === 'running' && (
        <p className="meta" aria-live="polite">
          Analysing… the computer is judging every position.
        </p>
      )}
      {analysis && <Analysed analysis={analysis} players={players} at={at} go={go} />}
    </section>
  );
}

/** The graph, each player's counts and the marked moves; `go` (a replay) makes them buttons. */
export function Analysed({
  analysis,
  players,
  at,
  go,
}: {
  analysis: GameAnalysis;
  players: readonly string[];
  at: number;
  go?: (position: number) => void;
}) {
  const marked = analysis.moves.filter((m) => m.mark !== null);
  const counts = markCounts(analysis, Math.max(2, players.length));
  return (
    <>
      <EvalChart analysis={analysis} players={players} at={at} go={go} />
      <p className="meta">
        {counts
          .map(
            (c, seat) =>
              `${players[seat] ?? `Seat ${seat + 1}`}: ${c.mistakes} mistake${c.mistakes === 1 ? '' : 's'}, ${c.blunders} blunder${c.blunders === 1 ? '' : 's'}`,
          )
          .join(' · ')}
      </p>
      {marked.length === 0 ? (
        <p className="meta">No move was marked.</p>
      ) : (
        <ol className="analysis-marks" aria-label="Marked moves">
          {marked.map((m) => {
            const text = `${m.moveNo}. ${players[m.seat] ?? `Seat ${m.seat + 1}`} ${m.move}: ${m.mark}, lost ${Math.round(m.loss * 100)} %${m.better ? ` · better ${m.better}` : ''}`;
            return (
              <li key={m.moveNo}>
                {go ? (
                  <button
                    type="button"
                    className={`secondary small analysis-mark ${m.mark}`}
                    aria-current={at === m.moveNo - 1 ? 'step' : undefined}
                    onClick={() => go(m.moveNo - 1)}
                  >
                    {text}
                  </button>
                ) : (
                  <span className={`analysis-mark ${m.mark}`}>{text}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <p className="meta analysis-help">
        A move that costs its player {Math.round(MISTAKE_LOSS * 100)} % or more of their chance of winning is
        a mistake, {Math.round(BLUNDER_LOSS * 100)} % or more a blunder. Choose one to see the position where
        it was played and the computer's better move on the board.
      </p>
    </>
  );
}

/** The first player's chance of winning after each move, with the position shown marked. */
function EvalChart({
  analysis,
  players,
  at,
  go,
}: {
  analysis: GameAnalysis;
  players: readonly string[];
  at: number;
  go?: (position: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const goRef = useRef(go);
  goRef.current = go;
  const atRef = useRef(at);
  atRef.current = at;
  const first = players[0] ?? 'the first player';
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const draw = () => {
      chart.current?.destroy();
      const css = getComputedStyle(document.documentElement);
      const colour = (name: string) => css.getPropertyValue(name).trim();
      const axis: uPlot.Axis = {
        stroke: colour('--muted'),
        grid: { stroke: colour('--line'), width: 1 },
        ticks: { stroke: colour('--line'), width: 1 },
      };
      chart.current = new uPlot(
        {
          width: Math.max(200, target.clientWidth),
          height: HEIGHT,
          cursor: { y: false },
          scales: { x: { time: false }, y: { range: [0, 100] } },
          series: [
            { label: 'After move', value: (_u, x) => (x === null ? '--' : String(x)) },
            {
              label: `${first}'s chance`,
              stroke: colour('--warp'),
              fill: `${colour('--warp')}33`,
              width: 2,
              value: (_u, y) => (y === null ? '--' : `${y} %`),
            },
          ],
          axes: [
            { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500] },
            { ...axis, size: 56, splits: () => [0, 50, 100], values: (_u, s) => s.map((v) => `${v} %`) },
          ],
          hooks: {
            draw: [
              (u) => {
                const x = Math.round(u.valToPos(atRef.current, 'x', true));
                const { ctx, bbox } = u;
                ctx.save();
                ctx.strokeStyle = colour('--ink');
                ctx.lineWidth = 2 * devicePixelRatio;
                ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
                ctx.beginPath();
                ctx.moveTo(x, bbox.top);
                ctx.lineTo(x, bbox.top + bbox.height);
                ctx.stroke();
                ctx.restore();
              },
            ],
            ready: [
              (u) =>
                u.over.addEventListener('click', () => {
                  const idx = u.cursor.idx;
                  if (idx !== null && idx !== undefined) goRef.current?.(idx);
                }),
            ],
          },
        },
        chartSeries(analysis),
        target,
      );
    };
    draw();
    const themes = new MutationObserver(draw);
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    let width = target.clientWidth;
    const resized = new ResizeObserver(() => {
      if (target.clientWidth === width) return;
      width = target.clientWidth;
      chart.current?.setSize({ width: Math.max(200, width), height: HEIGHT });
    });
    resized.observe(target);
    return () => {
      themes.disconnect();
      resized.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [analysis, first]);
  // The position shown: a line across the graph, drawn again when it moves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the line is read from atRef on each draw
  useEffect(() => {
    chart.current?.redraw(false);
  }, [at]);
  const end = analysis.chances.at(-1) ?? 0.5;
  return (
    <div
      ref={box}
      className="analysis-chart"
      role="img"
      aria-label={`${first}'s chance of winning after each of ${analysis.chances.length - 1} moves, ending at ${Math.round(end * 100)} %${go ? '; choose a point to go to that position' : ''}`}
    />
  );
}
