/**
 * The Atom-4 triangular lattice, as the original program (Atom-4 4.1) lays it out: vertices (x, y)
 * with 0 <= x < width, 0 <= y < height, no wrap. Odd rows are shifted half a cell right, so vertex
 * (x, y) sits at (x + (y mod 2)/2, y·√3/2). y = 0 is the top row.
 *
 * Neighbours are numbered clockwise from the upper-left, with o = y mod 2:
 *   0 (x−1+o, y−1)  1 (x+o, y−1)  2 (x+1, y)  3 (x+o, y+1)  4 (x−1+o, y+1)  5 (x−1, y)
 * Direction d and d + 3 are opposite; the three line axes are 0–3, 1–4 and 2–5.
 */
export interface TriPoint {
  readonly x: number;
  readonly y: number;
}

export interface TriLattice {
  readonly width: number;
  readonly height: number;
}

export const ATOM4_LATTICE: TriLattice = { width: 16, height: 16 };

/** Direction d's opposite. */
export const triOpposite = (d: number): number => (d + 3) % 6;

/** The three line axes, each as its pair of opposite directions. */
export const TRI_AXES: readonly (readonly [number, number])[] = [
  [0, 3],
  [1, 4],
  [2, 5],
];

/** The neighbour of (x, y) in direction d (0..5), whether or not it is on the board. */
export function triNeighbour(x: number, y: number, d: number): TriPoint {
  const o = y & 1;
  switch (d) {
    case 0:
      return { x: x - 1 + o, y: y - 1 };
    case 1:
      return { x: x + o, y: y - 1 };
    case 2:
      return { x: x + 1, y };
    case 3:
      return { x: x + o, y: y + 1 };
    case 4:
      return { x: x - 1 + o, y: y + 1 };
    case 5:
      return { x: x - 1, y };
    default:
      throw new RangeError(`tri direction must be 0..5, got ${d}`);
  }
}

export const triOnBoard = (lattice: TriLattice, x: number, y: number): boolean =>
  x >= 0 && y >= 0 && x < lattice.width && y < lattice.height;

/** Index of (x, y) in a row-major array of the lattice. */
export const triIndex = (lattice: TriLattice, x: number, y: number): number => y * lattice.width + x;

/**
 * Neighbour table: for cell index i and direction d, entry [i * 6 + d] is the neighbour's index
 * or -1 when it is off the board. Built once per lattice so hot loops avoid allocation.
 */
export function triNeighbourTable(lattice: TriLattice): Int16Array {
  const table = new Int16Array(lattice.width * lattice.height * 6);
  for (let y = 0; y < lattice.height; y++) {
    for (let x = 0; x < lattice.width; x++) {
      for (let d = 0; d < 6; d++) {
        const n = triNeighbour(x, y, d);
        table[triIndex(lattice, x, y) * 6 + d] = triOnBoard(lattice, n.x, n.y)
          ? triIndex(lattice, n.x, n.y)
          : -1;
      }
    }
  }
  return table;
}

/** Position in lattice units: (x + (y mod 2)/2, y·√3/2). Multiply by a cell size for SVG. */
export const triToPlane = (x: number, y: number): { x: number; y: number } => ({
  x: x + (y & 1) / 2,
  y: (y * Math.sqrt(3)) / 2,
});

/** Where the original's text mode draws (x, y): row 1 + y, column 2x + (y mod 2) + 1. */
export const triToText = (x: number, y: number): { row: number; column: number } => ({
  row: 1 + y,
  column: 2 * x + (y & 1) + 1,
});
