import { CELLS, type Cells, cellName, isFree, MARBLE_COUNT } from '../../games/sigmar/index.ts';
import { hexCornersSvg } from '../../grid/index.ts';
import { BOARD_TEXT_ID } from '../BoardText.tsx';
import { useTouchPoint } from '../touchTap.ts';
import { MARBLES } from './marbles.ts';
import { marbleTapTarget, POSITIONS as positions, SIZE } from './marbleTap.ts';

const RADIUS = SIZE * 0.86;

interface Props {
  readonly cells: Cells;
  readonly selected: number | null;
  readonly hinted: readonly number[];
  readonly dimBlocked: boolean;
  readonly effects: boolean;
  readonly onCell: (cell: number) => void;
}

const extent = Math.max(...positions.map((p) => Math.abs(p.x))) + SIZE * 1.2;
const extentY = Math.max(...positions.map((p) => Math.abs(p.y))) + SIZE * 1.3;

/** The hexagonal garden in SVG, drawn with the same hex grid code as the rules. */
export function SigmarBoardSvg({ cells, selected, hinted, dimBlocked, effects, onCell }: Props) {
  const left = cells.slice(0, CELLS.length).filter((k) => k !== 0).length;
  const { onPointerDown, touchPoint } = useTouchPoint();
  // Clicks are taken here for the whole board, so a finger between marbles still finds one.
  const onClick = (event: React.MouseEvent<SVGSVGElement>) => {
    const name = (event.target as Element).closest('[data-cell]')?.getAttribute('data-index');
    const under = name ? Number(name) : null;
    const tap = touchPoint(event);
    const cell = tap ? marbleTapTarget(cells, under, tap) : under;
    if (cell !== null) onCell(cell);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: each free marble is focusable and takes Enter/Space itself.
    // biome-ignore lint/a11y/useSemanticElements: an SVG drawing of buttons cannot be a <fieldset>.
    <svg
      className={`garden${effects ? ' effects' : ''}`}
      viewBox={`${-extent} ${-extentY} ${2 * extent} ${2 * extentY}`}
      role="group"
      aria-label={`Sigmar's Garden board, ${left} of ${MARBLE_COUNT} marbles left`}
      aria-describedby={BOARD_TEXT_ID}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <defs>
        <radialGradient id="shine" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stopColor="#ffffff" stopOpacity="0.75" />
          <stop offset="45%" stopColor="#ffffff" stopOpacity="0.1" />
          <stop offset="100%" stopColor="#000000" stopOpacity="0.25" />
        </radialGradient>
        <filter id="glow" x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="3.5" result="blur" />
          <feMerge>
            <feMergeNode in="blur" />
            <feMergeNode in="SourceGraphic" />
          </feMerge>
        </filter>
      </defs>
      {CELLS.map((h, cell) => (
        <polygon
          key={`slot${cellName(cell)}`}
          className="slot"
          points={hexCornersSvg(h, SIZE, SIZE * 0.98)
            .map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`)
            .join(' ')}
        />
      ))}
      {CELLS.map((_, cell) => {
        const kind = cells[cell] as number;
        if (kind === 0) return null;
        const look = MARBLES[kind];
        if (!look) return null;
        const { x, y } = positions[cell] as { x: number; y: number };
        const free = isFree(cells, cell);
        const name = cellName(cell);
        const classes = [
          'marble',
          look.name,
          free ? 'free' : 'blocked',
          dimBlocked && !free ? 'dim' : '',
          selected === cell ? 'selected' : '',
          hinted.includes(cell) ? 'hinted' : '',
        ].join(' ');
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG marble cannot be a <button>.
          <g
            key={name}
            className={classes}
            transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
            role="button"
            tabIndex={free ? 0 : -1}
            aria-label={`${name}: ${look.name}${free ? '' : ', blocked'}${selected === cell ? ', selected' : ''}`}
            aria-pressed={selected === cell}
            data-cell={name}
            data-index={cell}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onCell(cell);
              }
            }}
          >
            <title>{`${name}: ${look.name}`}</title>
            <circle
              r={RADIUS}
              fill={look.colour}
              className="orb"
              filter={effects && free ? 'url(#glow)' : undefined}
            />
            {effects && <circle r={RADIUS} fill="url(#shine)" className="shine" />}
            <MarbleSymbol symbol={look.symbol} ink={look.ink} />
          </g>
        );
      })}
    </svg>
  );
}

/** Elements are triangles (air and earth crossed), salt a circle with a bar; others are glyphs. */
function MarbleSymbol({ symbol, ink }: { symbol: string; ink: string }) {
  const s = RADIUS * 0.55;
  const up = `M0 ${-s} L${s * 0.95} ${s * 0.65} L${-s * 0.95} ${s * 0.65} Z`;
  const down = `M0 ${s} L${s * 0.95} ${-s * 0.65} L${-s * 0.95} ${-s * 0.65} Z`;
  const stroke = { stroke: ink, strokeWidth: 2.2, fill: 'none', strokeLinejoin: 'round' as const };
  switch (symbol) {
    case 'fire':
      return <path d={up} {...stroke} />;
    case 'air':
      return <path d={`${up} M${-s * 0.75} ${s * 0.1} H${s * 0.75}`} {...stroke} />;
    case 'water':
      return <path d={down} {...stroke} />;
    case 'earth':
      return <path d={`${down} M${-s * 0.75} ${-s * 0.1} H${s * 0.75}`} {...stroke} />;
    case 'salt':
      return (
        <path d={`M${s} 0 A${s} ${s} 0 1 1 ${-s} 0 A${s} ${s} 0 1 1 ${s} 0 Z M${-s} 0 H${s}`} {...stroke} />
      );
    default:
      return (
        <text
          className="symbol"
          fill={ink}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={RADIUS * 1.1}
        >
          {symbol}
        </text>
      );
  }
}
