import {
  type Atom4State,
  cellIndex,
  colourChanges,
  EMPTY,
  pieceToPlay,
  placementError,
} from '../../games/atom4/index.ts';
import { triToPlane } from '../../grid/tri.ts';

const UNIT = 28;
const MARGIN = 24;

/** Screen colours of the eight colour bit sets (black 000 … white 111). */
export const SWATCHES = [
  '#1b1b1f',
  '#e03131',
  '#2f9e44',
  '#f2c500',
  '#1c64d6',
  '#9c36b5',
  '#15aabf',
  '#f8f9fa',
];

interface Props {
  readonly state: Atom4State;
  readonly hover: number | null;
  readonly canPlay: boolean;
  readonly onHover: (cell: number | null) => void;
  readonly onCell: (x: number, y: number) => void;
}

/** The triangular lattice, drawn with the same tri-grid code as the rules; hover previews a move. */
export function Atom4BoardSvg({ state, hover, canPlay, onHover, onCell }: Props) {
  const piece = pieceToPlay(state);
  const preview = new Map<number, number>();
  if (
    hover !== null &&
    canPlay &&
    state.cells[hover] === EMPTY &&
    placementError(state, hover % 16, (hover - (hover % 16)) / 16) === null
  ) {
    preview.set(hover, piece);
    for (const c of colourChanges(state.cells, hover, piece)) preview.set(c.cell, c.to);
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
  const last = state.lastMove ? cellIndex(state.lastMove.x, state.lastMove.y) : -1;
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
          className={`vertex${colour === EMPTY ? ' empty' : ''}${i === last ? ' last' : ''}${state.changed.includes(i) ? ' changed' : ''}`}
          role="button"
          tabIndex={-1}
          aria-label={`${x},${y}`}
          data-cell={`${x},${y}`}
          onMouseEnter={() => onHover(i)}
          onMouseLeave={() => onHover(null)}
          onClick={() => onCell(x, y)}
        >
          <circle cx={cx} cy={cy} r={UNIT * 0.42} className="hit" />
          {colour !== EMPTY && (
            <circle cx={cx} cy={cy} r={UNIT * 0.38} fill={SWATCHES[colour]} className="piece" />
          )}
          {ghost !== undefined && (
            <circle cx={cx} cy={cy} r={UNIT * 0.3} fill={SWATCHES[ghost]} className="ghost" />
          )}
        </g>,
      );
    }
  }
  return (
    <svg
      className="atom4"
      viewBox={`0 0 ${width.toFixed(0)} ${height.toFixed(0)}`}
      role="img"
      aria-label="Atom-4 board"
    >
      {lines}
      {cells}
    </svg>
  );
}
