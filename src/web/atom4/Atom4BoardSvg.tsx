import {
  type Atom4State,
  COLOUR_NAMES,
  cellIndex,
  colourChanges,
  EMPTY,
  legalPlacements,
  pieceToPlay,
  placementError,
  winningLine,
} from '../../games/atom4/index.ts';
import { triToPlane } from '../../grid/index.ts';
import { nearestWithin, useTouchPoint } from '../touchTap.ts';
import { MARK_INK, MARKS, OUTLINED, SWATCHES } from './colours.ts';

const UNIT = 28;
const MARGIN = 24;

interface Props {
  readonly state: Atom4State;
  readonly hover: number | null;
  /** The keyboard cursor's point, ringed (its move is previewed as the hover is). */
  readonly cursor?: number | null;
  readonly canPlay: boolean;
  readonly onHover: (cell: number | null) => void;
  readonly onCell: (x: number, y: number) => void;
  /** A suggested placement (a replay's better move): drawn as a preview, ringed. */
  readonly hint?: number | null;
}

/** The triangular lattice, drawn with the same tri-grid code as the rules; hover previews a move. */
export function Atom4BoardSvg({ state, hover, cursor = null, canPlay, onHover, onCell, hint = null }: Props) {
  const piece = pieceToPlay(state);
  const preview = new Map<number, number>();
  const shown = hover ?? cursor;
  if (
    shown !== null &&
    canPlay &&
    state.cells[shown] === EMPTY &&
    placementError(state, shown % 16, (shown - (shown % 16)) / 16) === null
  ) {
    preview.set(shown, piece);
    for (const c of colourChanges(state.cells, shown, piece)) preview.set(c.cell, c.to);
  } else if (hint !== null && state.cells[hint] === EMPTY) {
    preview.set(hint, piece);
    for (const c of colourChanges(state.cells, hint, piece)) preview.set(c.cell, c.to);
  }
  const width = 2 * MARGIN + 15.5 * UNIT;
  const height = 2 * MARGIN + 15 * UNIT * (Math.sqrt(3) / 2);
  const at = (x: number, y: number) => {
    const p = triToPlane(x, y);
    return { cx: MARGIN + p.x * UNIT, cy: MARGIN + p.y * UNIT };
  };
  const lines: React.ReactNode[] = [];
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) {
      const a = at(x, y);
      // Lattice edges to the right and to the two cells below, drawn once each.
      const targets = [
        [x + 1, y],
        [x + (y & 1), y + 1],
        [x - 1 + (y & 1), y + 1],
      ];
      for (const [tx, ty] of targets as [number, number][]) {
        if (tx < 0 || tx > 15 || ty > 15) continue;
        const b = at(tx, ty);
        lines.push(
          <line key={`${x},${y}-${tx},${ty}`} x1={a.cx} y1={a.cy} x2={b.cx} y2={b.cy} className="edge" />,
        );
      }
    }
  }
  const { onPointerDown, touchPoint } = useTouchPoint();
  /**
   * Points are about 22 px apart on a phone: a finger that lands off a legal point takes the
   * nearest legal one within 0.8 of the spacing, so every legal point is a comfortable target.
   */
  const click = (event: React.MouseEvent<SVGSVGElement>) => {
    const cell = (event.target as Element).closest('[data-cell]')?.getAttribute('data-cell');
    const [x, y] = cell ? cell.split(',').map(Number) : [];
    const exact = x !== undefined && y !== undefined ? { x, y } : null;
    const tap = canPlay ? touchPoint(event) : null;
    if (!tap || (exact && placementError(state, exact.x, exact.y) === null)) {
      if (exact) onCell(exact.x, exact.y);
      return;
    }
    const near = nearestWithin(
      legalPlacements(state),
      (p) => {
        const c = at(p.x, p.y);
        return Math.hypot(c.cx - tap.x, c.cy - tap.y);
      },
      UNIT * 0.8,
    );
    const best = near ?? exact;
    if (best) onCell(best.x, best.y);
  };
  const last = state.lastMove ? cellIndex(state.lastMove.x, state.lastMove.y) : -1;
  // A won round keeps its board: the winning line is ringed and every other piece dimmed.
  const winning = new Set(winningLine(state));
  const cells: React.ReactNode[] = [];
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) {
      const i = cellIndex(x, y);
      const { cx, cy } = at(x, y);
      const colour = state.cells[i] as number;
      const ghost = preview.get(i);
      cells.push(
        // biome-ignore lint/a11y/useSemanticElements: an SVG vertex cannot be a <button>.
        <g
          key={`${x},${y}`}
          className={`vertex${colour === EMPTY ? ' empty' : ''}${i === last ? ' last' : ''}${state.changed.includes(i) ? ' changed' : ''}${i === cursor ? ' cursor' : ''}${winning.has(i) ? ' winning' : ''}`}
          role="button"
          tabIndex={-1}
          aria-label={`${x},${y}: ${colour === EMPTY ? 'empty' : COLOUR_NAMES[colour]}`}
          data-cell={`${x},${y}`}
          onMouseEnter={() => onHover(i)}
          onMouseLeave={() => onHover(null)}
        >
          <circle cx={cx} cy={cy} r={UNIT * 0.42} className="hit" />
          {colour !== EMPTY && (
            <>
              <circle
                cx={cx}
                cy={cy}
                r={UNIT * 0.38}
                fill={SWATCHES[colour]}
                className={OUTLINED.includes(MARKS[colour] as string) ? 'piece outlined' : 'piece'}
              />
              {ghost === undefined && (
                <text x={cx} y={cy} className="mark" fill={MARK_INK[colour]}>
                  {MARKS[colour]}
                </text>
              )}
            </>
          )}
          {winning.has(i) && <circle cx={cx} cy={cy} r={UNIT * 0.5} className="win-ring" />}
          {i === cursor && <circle cx={cx} cy={cy} r={UNIT * 0.48} className="cursor-ring" />}
          {i === hint && <circle cx={cx} cy={cy} r={UNIT * 0.5} className="hint-ring" />}
          {ghost !== undefined && (
            <>
              <circle cx={cx} cy={cy} r={UNIT * 0.3} fill={SWATCHES[ghost]} className="ghost" />
              <text x={cx} y={cy} className="mark ghost-mark" fill={MARK_INK[ghost]}>
                {MARKS[ghost]}
              </text>
            </>
          )}
        </g>,
      );
    }
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the points' clicks are handled here.
    // biome-ignore lint/a11y/useSemanticElements: an SVG drawing of buttons cannot be a <fieldset>.
    <svg
      className={winning.size > 0 ? 'atom4 won' : 'atom4'}
      viewBox={`0 0 ${width.toFixed(0)} ${height.toFixed(0)}`}
      role="group"
      aria-label="Atom-4 board"
      onPointerDown={onPointerDown}
      onClick={click}
    >
      {lines}
      {cells}
    </svg>
  );
}
