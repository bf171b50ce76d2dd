import { ownerAt, pieceName, type WarpWeftState, winningChain } from '../../games/warpweft/index.ts';
import { weaveBoard, weaveColumnName } from '../../grid/index.ts';
import { useTouchPoint } from '../touchTap.ts';
import { tapTarget } from './tapTarget.ts';
import type { Cursor } from './weaveCursor.ts';

export type { Cursor } from './weaveCursor.ts';

const CELL = 26;
const MARGIN = 22;

interface Props {
  readonly state: WarpWeftState;
  /** Pieces the player to move may claim now (highlighted, clickable). */
  readonly claimable: ReadonlySet<number>;
  readonly cursor: Cursor | null;
  readonly onPiece: (piece: number) => void;
  /** A suggested claim (a replay's better move): drawn in the colour of the side to move, dashed. */
  readonly hint?: number | null;
}

const OWNER_CLASS = ['free', 'warp', 'weft'] as const;

/** The woven board in SVG: threads as long bars, patches as small squares, drawn from the weave graph. */
export function WeaveBoardSvg({ state, claimable, cursor, onPiece, hint = null }: Props) {
  const board = weaveBoard(state.options.size);
  const span = board.span;
  const x = (col: number) => MARGIN + (col + 1) * CELL;
  const y = (row: number) => MARGIN + (span + 1 - row) * CELL;
  const size = 2 * MARGIN + (span + 2) * CELL;
  const last = state.lastMove?.kind === 'place' ? state.lastMove.piece : -1;
  const cursorPiece = cursor ? board.pieceAt(cursor.col, cursor.row) : -1;
  // A won game shows the chain that won it: its pieces outlined, every other piece dimmed.
  const chain = new Set(winningChain(state));
  const { onPointerDown, touchPoint } = useTouchPoint();

  const onClick = (event: React.MouseEvent<SVGSVGElement>) => {
    const target = (event.target as Element).closest('[data-id]');
    const exact = target ? Number(target.getAttribute('data-id')) : -1;
    const at = touchPoint(event);
    if (!at) {
      if (exact >= 0) onPiece(exact);
      return;
    }
    const point = { u: (at.x - MARGIN) / CELL - 1, v: (at.y - MARGIN) / CELL };
    const piece = tapTarget(board, claimable, point);
    if (piece >= 0) onPiece(piece);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the pieces' clicks are handled here; the page's keys drive a cursor.
    // biome-ignore lint/a11y/useSemanticElements: an SVG drawing of buttons cannot be a <fieldset>.
    <svg
      className={chain.size > 0 ? 'weave won' : 'weave'}
      viewBox={`0 0 ${size} ${size}`}
      role="group"
      aria-label={`Warp and Weft board, size ${state.options.size}`}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <defs>
        <pattern id="warp-grain" width="6" height="6" patternUnits="userSpaceOnUse">
          <path d="M3 0V6" className="grain" />
        </pattern>
        <pattern id="weft-grain" width="6" height="6" patternUnits="userSpaceOnUse">
          <path d="M0 3H6" className="grain" />
        </pattern>
      </defs>
      {Array.from({ length: span }, (_, col) => (
        <g key={weaveColumnName(col)} className="label">
          <text x={x(col) + CELL / 2} y={MARGIN - 10} textAnchor="middle">
            {weaveColumnName(col)}
          </text>
          <text x={x(col) + CELL / 2} y={size - MARGIN + 20} textAnchor="middle">
            {weaveColumnName(col)}
          </text>
        </g>
      ))}
      {Array.from({ length: span }, (_, i) => i + 1).map((row) => (
        <g key={`r${row}`} className="label">
          <text x={MARGIN - 8} y={y(row) + CELL / 2 + 4} textAnchor="end">
            {row}
          </text>
          <text x={size - MARGIN + 8} y={y(row) + CELL / 2 + 4}>
            {row}
          </text>
        </g>
      ))}
      {board.pieces.map((p) => {
        const cols = p.cells.map((c) => c.col);
        const rows = p.cells.map((c) => c.row);
        const inset = p.kind === 'patch' ? 5 : 2;
        const left = x(Math.min(...cols)) + inset;
        const top = y(Math.max(...rows)) + inset;
        const width = (Math.max(...cols) - Math.min(...cols) + 1) * CELL - 2 * inset;
        const height = (Math.max(...rows) - Math.min(...rows) + 1) * CELL - 2 * inset;
        const held = ownerAt(state, p.id);
        const hinted = p.id === hint && held === 0;
        const owner = OWNER_CLASS[held];
        const kind = p.kind === 'patch' ? 'patch' : p.direction === 'vertical' ? 'vthread' : 'hthread';
        const canClaim = claimable.has(p.id);
        const name = pieceName(p.id, state.options.size);
        const describe = `${name}: ${p.kind === 'patch' ? 'patch' : `${p.direction} thread`}, ${
          owner === 'free' ? 'unclaimed' : `claimed by ${owner === 'warp' ? 'Warp' : 'Weft'}`
        }${hinted ? ", the computer's better move" : ''}`;
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>.
          <g
            key={p.id}
            className={`piece ${kind} ${hinted ? state.turn : owner}${canClaim ? ' claimable' : ''}${p.id === last ? ' last' : ''}${
              p.id === cursorPiece ? ' cursor' : ''
            }${chain.has(p.id) ? ' winning' : ''}${hinted ? ' hint' : ''}`}
            role="button"
            tabIndex={-1}
            aria-label={describe}
            data-piece={name}
            data-id={p.id}
          >
            <title>{describe}</title>
            {/* The whole of the piece's cells takes clicks, gaps included: no dead space. */}
            <rect
              className="hit"
              x={x(Math.min(...cols))}
              y={y(Math.max(...rows))}
              width={(Math.max(...cols) - Math.min(...cols) + 1) * CELL}
              height={(Math.max(...rows) - Math.min(...rows) + 1) * CELL}
            />
            <rect
              className="body"
              x={left}
              y={top}
              width={width}
              height={height}
              rx={p.kind === 'patch' ? 2 : 5}
            />
            {p.kind === 'patch' && owner !== 'free' && (
              // A claimed patch carries its owner's grain as well as colour: | Warp, — Weft.
              <path
                className="owner-mark"
                d={
                  owner === 'warp'
                    ? `M${left + width / 2} ${top + 3}V${top + height - 3}`
                    : `M${left + 3} ${top + height / 2}H${left + width - 3}`
                }
              />
            )}
            {p.kind === 'thread' && owner === 'free' && (
              <rect
                x={left}
                y={top}
                width={width}
                height={height}
                rx={5}
                className="grain-fill"
                fill={`url(#${p.direction === 'vertical' ? 'warp' : 'weft'}-grain)`}
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}
