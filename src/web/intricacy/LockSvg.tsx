import { useEffect, useRef } from 'react';
import type { BlockageView, ForceView } from '../../games/intricacy/index.ts';
import {
  BLOCK_NAMES,
  BOLT,
  boltArea,
  type Lock,
  openCells,
  pieceCells,
  pocket,
} from '../../games/intricacy/index.ts';
import {
  HEX_DIRECTIONS,
  type Hex,
  hex,
  hexAdd,
  hexCornersSvg,
  hexDistance,
  hexKey,
  hexToSvg,
} from '../../grid/index.ts';

const SIZE = 16;

/** Colours by index: 0 the lock body, 1–5 the colouring's colours, 6 pivots, 7 balls, 8 hook, 9 wrench. */
const PALETTE = [
  '#8d8678',
  '#e4572e',
  '#3f7fe0',
  '#5f9e4f',
  '#c77dff',
  '#f2a541',
  '#2ec4b6',
  '#ef476f',
  '#f7f3e3',
  '#ffd166',
];
const BOLT_COLOUR = '#d4a017';

interface Props {
  readonly lock: Lock;
  readonly colours: readonly number[];
  readonly blockages: readonly BlockageView[];
  readonly showBlockages: boolean;
  readonly open: boolean;
  /** A click or tap on a cell (touch play, the editor). */
  readonly onCell?: ((h: Hex) => void) | undefined;
  /** The tool that taps on a neighbouring cell move, drawn highlighted. */
  readonly selected?: 'hook' | 'wrench' | undefined;
  /** Cells to outline (the editor's selection). */
  readonly marked?: readonly Hex[] | undefined;
  /** The keyboard cursor's cell (the editor). */
  readonly cursor?: Hex | undefined;
  /** Draw the whole board area even where no piece is (the editor's empty lock). */
  readonly label?: string | undefined;
}

const at = (h: Hex) => hexToSvg(h, SIZE);
const hexPoints = (h: Hex, scale = 0.96) =>
  hexCornersSvg(h, SIZE, SIZE * scale)
    .map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`)
    .join(' ');

/** A lock drawn with the same hex grid code as the physics: pieces, springs and blockage arrows. */
export function LockSvg({
  lock,
  colours,
  blockages,
  showBlockages,
  open,
  onCell,
  selected,
  marked = [],
  cursor,
  label,
}: Props) {
  const s = lock.size;
  const background = [...openCells(s), ...boltArea(s), ...pocket(s)];
  const all = lock.pieces.flatMap((p) => pieceCells(p));
  const xs = all.map((h) => at(h).x);
  const ys = all.map((h) => at(h).y);
  const pad = SIZE * 1.5;
  const box = [
    Math.min(...xs) - pad,
    Math.min(...ys) - pad,
    Math.max(...xs) - Math.min(...xs) + 2 * pad,
    Math.max(...ys) - Math.min(...ys) + 2 * pad,
  ];
  const names = blockNames(lock);
  // Taps on cells are a shortcut (every action also has a button and a key), so a plain listener.
  const svgRef = useRef<SVGSVGElement>(null);
  const tap = useRef(onCell);
  tap.current = onCell;
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onClick = (e: MouseEvent) => tap.current?.(cellAt(svg, e));
    svg.addEventListener('click', onClick);
    return () => svg.removeEventListener('click', onClick);
  }, []);
  const colourOf = (i: number) =>
    i === 1 ? BOLT_COLOUR : ((PALETTE[colours[i] ?? 0] ?? PALETTE[0]) as string);

  return (
    <svg
      ref={svgRef}
      className={`lock${open ? ' open' : ''}${onCell ? ' tappable' : ''}${selected ? ` selected-${selected}` : ''}`}
      viewBox={box.map((v) => v.toFixed(1)).join(' ')}
      role="img"
      aria-label={label ?? `Lock of size ${s}${open ? ', open' : ''}`}
    >
      <defs>
        {(['orange', 'purple'] as const).map((c) => (
          <marker
            key={c}
            id={`head-${c}`}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="5"
            markerHeight="5"
            orient="auto-start-reverse"
          >
            <path d="M0 0 L10 5 L0 10 z" className={`arrowhead ${c}`} />
          </marker>
        ))}
      </defs>
      {background.map((h) => (
        <polygon key={`bg${hexKey(h)}`} className="cell" points={hexPoints(h)} data-cell={hexKey(h)} />
      ))}
      {numbered(lock.pieces).map(({ item: piece, id: i }) => {
        const colour = colourOf(i);
        const cls = i === 0 ? 'frame' : i === 1 ? 'bolt' : piece.kind;
        switch (piece.kind) {
          case 'block':
            return (
              <g key={`p${i}`} className={`piece ${cls}`} data-piece={i}>
                {piece.cells.map((h) => (
                  <polygon
                    key={hexKey(h)}
                    data-cell={hexKey(h)}
                    points={hexPoints(h, i === 0 ? 1 : 0.92)}
                    fill={i === 0 ? undefined : colour}
                  />
                ))}
                {names.has(i) && piece.cells[0] && (
                  <text
                    x={at(piece.cells[0]).x}
                    y={at(piece.cells[0]).y}
                    className="glyph letter"
                    textAnchor="middle"
                    dominantBaseline="central"
                  >
                    {names.get(i)}
                  </text>
                )}
                {i > 0 &&
                  joins(piece.cells).map(([a, b]) => (
                    <line
                      key={`${hexKey(a)}-${hexKey(b)}`}
                      {...line(a, b)}
                      stroke={colour}
                      className="join"
                    />
                  ))}
              </g>
            );
          case 'pivot':
          case 'hook': {
            const arms = piece.kind === 'pivot' ? piece.arms : [piece.arm];
            const c = at(piece.centre);
            return (
              <g key={`p${i}`} className={`piece ${cls}`} data-piece={i}>
                {arms.map((d) => {
                  const end = at(hexAdd(piece.centre, HEX_DIRECTIONS[d] as Hex));
                  return (
                    <line key={d} x1={c.x} y1={c.y} x2={end.x} y2={end.y} stroke={colour} className="arm" />
                  );
                })}
                <circle cx={c.x} cy={c.y} r={SIZE * 0.62} fill={colour} className="centre" />
                {piece.kind === 'hook' && (
                  <text x={c.x} y={c.y} className="glyph" textAnchor="middle" dominantBaseline="central">
                    H
                  </text>
                )}
              </g>
            );
          }
          case 'ball': {
            const c = at(piece.at);
            return (
              <circle
                key={`p${i}`}
                className="piece ball"
                cx={c.x}
                cy={c.y}
                r={SIZE * 0.7}
                fill={colour}
                data-piece={i}
              />
            );
          }
          case 'wrench': {
            const c = at(piece.at);
            return (
              <g key={`p${i}`} className="piece wrench" data-piece={i}>
                <polygon points={hexPoints(piece.at, 0.92)} fill={colour} />
                <text x={c.x} y={c.y} className="glyph" textAnchor="middle" dominantBaseline="central">
                  W
                </text>
                {piece.momentum !== null && (
                  <Arrow from={piece.at} dir={piece.momentum} className="momentum" />
                )}
              </g>
            );
          }
        }
        return null;
      })}
      {lock.springs.map((spring) => (
        <path
          key={`s${hexKey(spring.rootAnchor)}-${hexKey(spring.endAnchor)}`}
          className="spring"
          d={zigzag(spring.rootAnchor, spring.endAnchor, spring.natural)}
        />
      ))}
      {marked.map((h) => (
        <polygon key={`m${hexKey(h)}`} className="marked" points={hexPoints(h, 0.8)} />
      ))}
      {cursor && <polygon className="cursor" points={hexPoints(cursor, 1)} />}
      {showBlockages &&
        numbered(blockages).flatMap(({ item: b, id }) => [
          <ForceArrow key={`b${id}`} lock={lock} force={b.blocked} className="orange" />,
          b.by ? (
            <ForceArrow
              key={`by${id}`}
              lock={lock}
              force={b.by}
              near={origin(lock, b.blocked)}
              className="purple"
            />
          ) : null,
        ])}
    </svg>
  );
}

/** Letters for the movable blocks, as the text format names them (colour is not the only cue). */
function blockNames(lock: Lock): Map<number, string> {
  const names = new Map<number, string>();
  let n = 0;
  lock.pieces.forEach((p, i) => {
    if (i <= BOLT || p.kind !== 'block') return;
    names.set(i, BLOCK_NAMES[n] ?? '?');
    n++;
  });
  return names;
}

const SQRT3 = Math.sqrt(3);

/** The cell under a pointer event: SVG coordinates back to axial, then cube rounding. */
function cellAt(svg: SVGSVGElement, event: MouseEvent): Hex {
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM()?.inverse());
  const fy = -point.y / (1.5 * SIZE);
  const fx = ((2 * point.x) / (SQRT3 * SIZE) - fy) / 2;
  const fz = -fx - fy;
  let x = Math.round(fx);
  let y = Math.round(fy);
  const z = Math.round(fz);
  const dx = Math.abs(x - fx);
  const dy = Math.abs(y - fy);
  const dz = Math.abs(z - fz);
  if (dx > dy && dx > dz) x = -y - z;
  else if (dy > dz) y = -x - z;
  return hex(x + 0, y + 0);
}

/** Items with their position as identity (a piece's index is its identity in a lock). */
const numbered = <T,>(items: readonly T[]): { item: T; id: number }[] =>
  items.map((item, id) => ({ item, id }));

/** Neighbouring cells of one block, joined so a block reads as one piece. */
function joins(cells: readonly Hex[]): [Hex, Hex][] {
  const keys = new Set(cells.map(hexKey));
  const out: [Hex, Hex][] = [];
  for (const h of cells) {
    for (const d of HEX_DIRECTIONS.slice(0, 3)) {
      const n = hexAdd(h, d);
      if (keys.has(hexKey(n))) out.push([h, n]);
    }
  }
  return out;
}

const line = (a: Hex, b: Hex) => {
  const p = at(a);
  const q = at(b);
  return { x1: p.x, y1: p.y, x2: q.x, y2: q.y };
};

function zigzag(from: Hex, to: Hex, natural: number): string {
  const a = at(from);
  const b = at(to);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const nx = -dy / length;
  const ny = dx / length;
  const teeth = Math.max(4, natural * 4);
  let d = `M${a.x.toFixed(1)} ${a.y.toFixed(1)}`;
  for (let i = 1; i < teeth; i++) {
    const t = i / teeth;
    const side = i % 2 === 0 ? 1 : -1;
    d += ` L${(a.x + dx * t + nx * side * 4).toFixed(1)} ${(a.y + dy * t + ny * side * 4).toFixed(1)}`;
  }
  return `${d} L${b.x.toFixed(1)} ${b.y.toFixed(1)}`;
}

function Arrow({ from, dir, className }: { from: Hex; dir: number; className: string }) {
  const a = at(from);
  const b = at(hexAdd(from, HEX_DIRECTIONS[dir] as Hex));
  const colour = className === 'purple' ? 'purple' : 'orange';
  return (
    <line
      className={`arrow ${className}`}
      x1={a.x}
      y1={a.y}
      x2={a.x + (b.x - a.x) * 0.8}
      y2={a.y + (b.y - a.y) * 0.8}
      markerEnd={`url(#head-${colour})`}
    />
  );
}

/** Where to draw a force on its piece: a pivot's centre, else the piece's cell nearest `near`. */
function origin(lock: Lock, force: ForceView, near?: Hex): Hex | undefined {
  const piece = lock.pieces[force.piece];
  if (!piece) return undefined;
  if (piece.kind === 'pivot' || piece.kind === 'hook') return piece.centre;
  const cells = pieceCells(piece);
  if (!near) return cells[0];
  return cells.reduce((best, h) => (hexDistance(h, near) < hexDistance(best, near) ? h : best));
}

/** A force as the original drew it: a push as an arrow from the piece, a torque as a curved arrow. */
function ForceArrow({
  lock,
  force,
  near,
  className,
}: {
  lock: Lock;
  force: ForceView;
  near?: Hex | undefined;
  className: string;
}) {
  const from = origin(lock, force, near);
  if (!from) return null;
  if ('push' in force) return <Arrow from={from} dir={force.push} className={className} />;
  const c = at(from);
  const r = SIZE * 1.1;
  const sweep = force.turn === 1 ? 0 : 1;
  return (
    <path
      className={`arrow ${className}`}
      d={`M${(c.x + r).toFixed(1)} ${c.y.toFixed(1)} A${r} ${r} 0 0 ${sweep} ${c.x.toFixed(1)} ${(c.y + (force.turn === 1 ? -r : r)).toFixed(1)}`}
      markerEnd={`url(#head-${className === 'purple' ? 'purple' : 'orange'})`}
      fill="none"
    />
  );
}
