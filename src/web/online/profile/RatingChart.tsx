import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { RatingPoint } from '../../../api/index.ts';
import { onLinkClick } from '../../router.ts';
import { chartData, pointLabel, resultWord } from './profile.ts';

const HEIGHT = 220;
/** Rated games from which the history is drawn as a line. */
const CHART_FROM = 2;

/**
 * One game's rating history as a line chart (uPlot, drawn on a canvas in the theme's colours and
 * redrawn when the theme or the width changes), with the same results as a table for anyone who
 * cannot see the chart.
 */
export function RatingChart({ title, points }: { title: string; points: readonly RatingPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  // A line needs two rated games: before that the chart would be an empty frame.
  const drawn = points.length >= CHART_FROM;
  useEffect(() => {
    const target = box.current;
    if (!target || !drawn) return;
    let chart: uPlot | undefined;
    const draw = () => {
      chart?.destroy();
      const css = getComputedStyle(document.documentElement);
      const colour = (name: string) => css.getPropertyValue(name).trim();
      const axis: uPlot.Axis = {
        stroke: colour('--muted'),
        grid: { stroke: colour('--line'), width: 1 },
        ticks: { stroke: colour('--line'), width: 1 },
      };
      chart = new uPlot(
        {
          width: Math.max(200, target.clientWidth),
          height: HEIGHT,
          scales: {
            x: { time: false },
            y: {
              range: (_u, min, max) => [Math.floor((min - 20) / 10) * 10, Math.ceil((max + 20) / 10) * 10],
            },
          },
          series: [
            { label: 'Rated game', value: (_u, x) => pointLabel(points, x) },
            {
              label: 'Rating',
              stroke: colour('--warp'),
              width: 2,
              points: { show: true, size: 6, fill: colour('--panel') },
            },
          ],
          axes: [
            // Whole games only along the bottom.
            {
              ...axis,
              incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
              values: (_u, splits) => splits.map((x) => (Number.isInteger(x) ? String(x) : '')),
            },
            { ...axis, size: 50 },
          ],
        },
        chartData(points),
        target,
      );
    };
    draw();
    // The theme menu or the system turns dark or light: draw again in the new colours.
    const themes = new MutationObserver(draw);
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    let width = target.clientWidth;
    const resized = new ResizeObserver(() => {
      if (target.clientWidth === width) return;
      width = target.clientWidth;
      chart?.setSize({ width: Math.max(200, width), height: HEIGHT });
    });
    resized.observe(target);
    return () => {
      themes.disconnect();
      resized.disconnect();
      chart?.destroy();
    };
  }, [points, drawn]);

  const last = points.at(-1);
  const first = points[0];
  const label =
    first && last
      ? `${title} rating over ${points.length} rated ${points.length === 1 ? 'game' : 'games'}: from ${Math.round(first.before)} to ${Math.round(last.after)}`
      : `${title}: no rated games`;
  return (
    <figure className="rating-chart">
      <figcaption>{title}</figcaption>
      {drawn ? (
        <div ref={box} className="rating-chart-plot" role="img" aria-label={label} />
      ) : (
        <p className="meta">
          {first && last
            ? `One rated game so far, from ${Math.round(first.before)} to ${Math.round(last.after)}: the chart starts with the second.`
            : 'No rated games yet: the chart starts with the second.'}
        </p>
      )}
      <details>
        <summary>The results as a table</summary>
        <table className="standings">
          <thead>
            <tr>
              <th scope="col">Ended</th>
              <th scope="col">Game</th>
              <th scope="col">Against</th>
              <th scope="col">Result</th>
              <th scope="col">Rating</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.gameId}>
                <td>{new Date(p.at).toLocaleDateString()}</td>
                <td>
                  <a href={`/game/${p.gameId}`} onClick={onLinkClick}>
                    #{p.gameId}
                  </a>
                </td>
                <td>{p.opponent}</td>
                <td>{resultWord(p.score)}</td>
                <td>
                  {Math.round(p.before)} → {Math.round(p.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
