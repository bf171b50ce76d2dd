/**
 * The Warp and Weft board as a graph (the 4.8.8 tiling drawn as a weave).
 *
 * Cells: the board is a square of text cells, column k and row r. The named cells are columns
 * 0 .. 4N−2 (letters A …) and rows 1 .. 4N−1 (row 1 at the bottom), N being the board size.
 * Around them sits a rim of unnamed stub cells (column −1 and 4N−1, row 0 and 4N) where the edge
 * threads stick out of the board, as in the PBeM server's picture.
 *
 * Pieces, derived from that picture and valid for every size:
 * - every cell with even k and odd r is the centre of a thread three cells long: vertical (Warp's)
 *   when (k + r) mod 4 = 3, covering rows r−1 … r+1; horizontal (Weft's) when (k + r) mod 4 = 1,
 *   covering columns k−1 … k+1;
 * - every cell with odd k and even r (inside the rim) is a patch, a single cell.
 * So there are 2N² threads of each direction and (2N−1)² patches. A thread touches four threads of
 * the other direction and four patches; a patch touches two threads of each direction; threads of
 * the same direction and patches never touch each other.
 */
export type WeaveDirection = 'vertical' | 'horizontal';
export type WeaveEdge = 'top' | 'bottom' | 'left' | 'right';

export interface WeaveCell {
  readonly col: number;
  readonly row: number;
}

export interface WeavePiece {
  readonly id: number;
  readonly kind: 'thread' | 'patch';
  /** Threads only. */
  readonly direction: WeaveDirection | undefined;
  /** The cell that names the piece canonically (a thread's middle cell). */
  readonly centre: WeaveCell;
  /** Every cell the piece covers, stubs included. */
  readonly cells: readonly WeaveCell[];
  /** Ids of the pieces it touches along a side. */
  readonly neighbours: readonly number[];
  /** Board edges it touches. */
  readonly edges: readonly WeaveEdge[];
}

export interface WeaveBoard {
  readonly size: number;
  /** Named columns and rows: both 4N − 1. */
  readonly span: number;
  readonly pieces: readonly WeavePiece[];
  /** The piece covering a cell (stubs included), or -1. */
  pieceAt(col: number, row: number): number;
}

export const WEAVE_MIN_SIZE = 2;
export const WEAVE_MAX_SIZE = 6;

const boards = new Map<number, WeaveBoard>();

/** The board of a size; built once and shared (it is immutable). */
export function weaveBoard(size: number): WeaveBoard {
  if (!Number.isInteger(size) || size < WEAVE_MIN_SIZE || size > WEAVE_MAX_SIZE) {
    throw new RangeError(`weave size must be ${WEAVE_MIN_SIZE}..${WEAVE_MAX_SIZE}, got ${size}`);
  }
  let board = boards.get(size);
  if (!board) {
    board = buildBoard(size);
    boards.set(size, board);
  }
  return board;
}

interface Draft {
  kind: 'thread' | 'patch';
  direction: WeaveDirection | undefined;
  centre: WeaveCell;
  cells: WeaveCell[];
}

function buildBoard(size: number): WeaveBoard {
  const span = 4 * size - 1;
  const drafts: Draft[] = [];
  // Reading order: top row first, left to right.
  for (let row = span; row >= 1; row--) {
    for (let col = 0; col < span; col++) {
      if (col % 2 === 0 && row % 2 === 1) {
        const vertical = (col + row) % 4 === 3;
        drafts.push({
          kind: 'thread',
          direction: vertical ? 'vertical' : 'horizontal',
          centre: { col, row },
          cells: [-1, 0, 1].map((i) => (vertical ? { col, row: row - i } : { col: col + i, row })),
        });
      } else if (col % 2 === 1 && row % 2 === 0) {
        drafts.push({ kind: 'patch', direction: undefined, centre: { col, row }, cells: [{ col, row }] });
      }
    }
  }

  const width = span + 2;
  const grid = new Int16Array(width * width).fill(-1);
  const slot = (col: number, row: number): number =>
    col < -1 || row < 0 || col > span || row > span + 1 ? -1 : row * width + col + 1;
  drafts.forEach((d, id) => {
    for (const c of d.cells) grid[slot(c.col, c.row)] = id;
  });
  const pieceAt = (col: number, row: number): number => {
    const s = slot(col, row);
    return s < 0 ? -1 : (grid[s] as number);
  };

  const pieces: WeavePiece[] = drafts.map((d, id) => {
    const neighbours = new Set<number>();
    for (const c of d.cells) {
      for (const [dc, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const other = pieceAt(c.col + dc, c.row + dr);
        if (other >= 0 && other !== id) neighbours.add(other);
      }
    }
    const edges: WeaveEdge[] = [];
    for (const c of d.cells) {
      if (c.row === span + 1) edges.push('top');
      if (c.row === 0) edges.push('bottom');
      if (c.col === -1) edges.push('left');
      if (c.col === span) edges.push('right');
    }
    return { id, ...d, neighbours: [...neighbours].sort((a, b) => a - b), edges };
  });
  return { size, span, pieces, pieceAt };
}

/** Column letters: A for column 0. */
export const weaveColumnName = (col: number): string => String.fromCharCode(65 + col);
