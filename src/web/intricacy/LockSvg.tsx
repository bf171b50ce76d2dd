import { type CSSProperties, useEffect, useRef } from 'react';
import type { BlockageView, ForceView } from '../../games/intricacy/index.ts';
import {
  BOLT,
  blockName,
  boltArea,
  FRAME,
  HOOK,
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
import { turnTargets } from './tool-tap.ts';
import './lock.css';

const SIZE = 16;
/** Between the centres of two neighbouring cells. */
const STEP = SIZE * Math.sqrt(3);
/** Colour indices with a colour of their own in lock.css (see colouring.ts). */
const COLOURS = 10;

interface Props {
  readonly lock: Lock;
  readonly colours: readonly number[];
  readonly blockages: readonly BlockageView[];
  readonly showBlockages: boolean;
  readonly open: boolean;
  /** A click or tap on a cell (touch play, the editor). */
  readonly onCell?: ((h: Hex) => void) | undefined;
  /** The tool that taps on a neighbouring cell move, drawn highlighted (the hook with its turning cells). */
  readonly selected?: 'hook' | 'wrench' | undefined;
  /** Cells to outline (the editor's selection). */
  readonly marked?: readonly Hex[] | undefined;
  /** The keyboard cursor's cell (the editor). */
  readonly cursor?: Hex | undefined;
  /** Draw the whole board area even where no piece is (the editor's empty lock). */
  readonly label?: string | undefined;
  /** The id of the lock in words (the picking page's BoardText), read out as its description. */
  readonly describedBy?: string | undefined;
}

const at = (h: Hex) => hexToSvg(h, SIZE);
const hexPoints = (h: Hex, scale = 0.96) =>
  hexCornersSvg(h, SIZE, SIZE * scale)
    .map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`)
    .join(' ');

/**
 * A lock drawn with the same hex grid code as the physics, in layers from the bottom: the cells,
 * the pieces, the springs, the wrench's momentum, the editor's marks, the blockage arrows, the
 * hook's turning cells, and on top the letters (H, W, each block's lock-file letter), so nothing
 * hides them. Colours come from lock.css through CSS variables, so the board follows the theme.
 */
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
  describedBy,
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
  const colourOf = (i: number): number => {
    const c = colours[i] ?? 0;
    return c >= 0 && c < COLOURS ? c : 0;
  };
  const paint = (i: number) =>
    ({ '--piece': i === BOLT ? 'var(--lock-bolt)' : `var(--lock-colour-${colourOf(i)})` }) as CSSProperties;
  const hook = lock.pieces[HOOK];
  const turns = onCell && selected === 'hook' && hook?.kind === 'hook' ? turnTargets(hook) : [];

  return (
    <svg
      ref={svgRef}
      className={`lock${open ? ' open' : ''}${onCell ? ' tappable' : ''}${selected ? ` selected-${selected}` : ''}`}
      viewBox={box.map((v) => v.toFixed(1)).join(' ')}
      role="img"
      aria-label={label ?? `Lock of size ${s}${open ? ', open' : ''}`}
      aria-describedby={describedBy}
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
        <marker
          id="head-turn"
          viewBox="0 0 10 10"
          refX="6"
          refY="5"
          markerWidth="4"
          markerHeight="4"
          orient="auto"
        >
          <path d="M0 0 L10 5 L0 10 z" className="turn-hint-head" />
        </marker>
      </defs>
      {background.map((h) => (
        <polygon key={`bg${hexKey(h)}`} className="cell" points={hexPoints(h)} data-cell={hexKey(h)} />
      ))}
      {numbered(lock.pieces).map(({ item: piece, id: i }) => {
        const cls = i === FRAME ? 'frame' : i === BOLT ? 'bolt' : piece.kind;
        const common = {
          className: `piece ${cls}`,
          'data-piece': i,
          'data-colour': i === FRAME ? undefined : colourOf(i),
          style: i === FRAME ? undefined : paint(i),
        };
        switch (piece.kind) {
          case 'block':
            return (
              <g key={`p${i}`} {...common}>
                {piece.cells.map((h) => (
                  <polygon
                    key={hexKey(h)}
                    data-cell={hexKey(h)}
                    points={hexPoints(h, i === FRAME ? 1 : 0.92)}
                  />
                ))}
                {i !== FRAME &&
                  joins(piece.cells).map(([a, b]) => (
                    <line key={`${hexKey(a)}-${hexKey(b)}`} {...line(a, b)} className="join" />
                  ))}
              </g>
            );
          case 'pivot':
          case 'hook': {
            const arms = piece.kind === 'pivot' ? piece.arms : [piece.arm];
            const c = at(piece.centre);
            return (
              <g key={`p${i}`} {...common}>
                {arms.map((d) => {
                  const end = at(hexAdd(piece.centre, HEX_DIRECTIONS[d] as Hex));
                  return <line key={d} x1={c.x} y1={c.y} x2={end.x} y2={end.y} className="arm" />;
                })}
                <circle cx={c.x} cy={c.y} r={SIZE * 0.62} className="centre" />
              </g>
            );
          }
          case 'ball': {
            const c = at(piece.at);
            return <circle key={`p${i}`} {...common} cx={c.x} cy={c.y} r={SIZE * 0.7} />;
          }
          case 'wrench':
            return (
              <g key={`p${i}`} {...common}>
                <polygon points={hexPoints(piece.at, 0.92)} />
              </g>
            );
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
      {lock.pieces.map((p) =>
        p.kind === 'wrench' && p.momentum !== null ? (
          <Momentum key="momentum" from={p.at} dir={p.momentum} />
        ) : null,
      )}
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
      {hook?.kind === 'hook' &&
        turns.map((t) => <TurnHint key={`t${t.turn}`} centre={hook.centre} target={t.cell} turn={t.turn} />)}
      {labels(lock).map(({ piece, at: h, text, cls }) => {
        const c = at(h);
        return (
          <text
            key={`l${piece}`}
            x={c.x}
            y={c.y}
            className={`glyph ${cls}`}
            data-piece={piece}
            textAnchor="middle"
            dominantBaseline="central"
          >
            {text}
          </text>
        );
      })}
    </svg>
  );
}

/**
 * The letters drawn on the pieces: H on the hook's centre, W on the wrench, O on a ball (as the
 * text board and the tutorial write them), and each movable block its lock-file letter on its
 * first cell (colour is never the only cue).
 */
function labels(lock: Lock): { piece: number; at: Hex; text: string; cls: string }[] {
  return lock.pieces.flatMap((p, i) => {
    if (p.kind === 'hook') return [{ piece: i, at: p.centre, text: 'H', cls: 'tool' }];
    if (p.kind === 'wrench') return [{ piece: i, at: p.at, text: 'W', cls: 'tool' }];
    if (p.kind === 'ball') return [{ piece: i, at: p.at, text: 'O', cls: 'letter' }];
    if (p.kind !== 'block' || i <= BOLT || !p.cells[0]) return [];
    return [{ piece: i, at: p.cells[0], text: blockName(lock, i), cls: 'letter' }];
  });
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

function Arrow({ from, dir, className }: { from: Hex; dir: number; className: 'orange' | 'purple' }) {
  const a = at(from);
  const b = at(hexAdd(from, HEX_DIRECTIONS[dir] as Hex));
  return (
    <line
      className={`arrow ${className}`}
      x1={a.x}
      y1={a.y}
      x2={a.x + (b.x - a.x) * 0.8}
      y2={a.y + (b.y - a.y) * 0.8}
      markerEnd={`url(#head-${className})`}
    />
  );
}

/**
 * The wrench's momentum: a filled double chevron at the edge of its cell, pointing the way it keeps
 * moving (unlike a blockage, a thin line with a pointed head).
 */
function Momentum({ from, dir }: { from: Hex; dir: number }) {
  const a = at(from);
  const b = at(hexAdd(from, HEX_DIRECTIONS[dir] as Hex));
  const u = { x: (b.x - a.x) / STEP, y: (b.y - a.y) / STEP };
  const n = { x: -u.y, y: u.x };
  const p = (along: number, across: number) =>
    `${(a.x + STEP * (u.x * along + n.x * across)).toFixed(1)},${(a.y + STEP * (u.y * along + n.y * across)).toFixed(1)}`;
  // A chevron with its tip `t` along the way: outer edge, then inner edge `k` behind it.
  const chevron = (t: number, h = 0.18, k = 0.12, w = 0.26) =>
    [p(t, 0), p(t - h, w), p(t - h - k, w), p(t - k, 0), p(t - h - k, -w), p(t - h, -w)].join(' ');
  return (
    <g className="momentum" data-dir={dir}>
      <polygon points={chevron(0.54)} />
      <polygon points={chevron(0.78)} />
    </g>
  );
}

/** A turning cell of the chosen hook: a curved arrow through it, about the hook's centre. */
function TurnHint({ centre, target, turn }: { centre: Hex; target: Hex; turn: 1 | -1 }) {
  const c = at(centre);
  const p = at(target);
  const r = Math.hypot(p.x - c.x, p.y - c.y);
  const angle = Math.atan2(p.y - c.y, p.x - c.x);
  // Anticlockwise on screen is towards smaller angles (the y axis points down).
  const span = 0.3;
  const from = angle + turn * span;
  const to = angle - turn * span;
  const point = (t: number) => `${(c.x + r * Math.cos(t)).toFixed(1)} ${(c.y + r * Math.sin(t)).toFixed(1)}`;
  return (
    <path
      className="turn-hint"
      data-turn={turn}
      data-target={hexKey(target)}
      d={`M${point(from)} A${r.toFixed(1)} ${r.toFixed(1)} 0 0 ${turn === 1 ? 0 : 1} ${point(to)}`}
      markerEnd="url(#head-turn)"
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
  className: 'orange' | 'purple';
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
      markerEnd={`url(#head-${className})`}
      fill="none"
    />
  );
}
