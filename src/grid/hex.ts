/**
 * Hexagonal grid in cube coordinates, the original Intricacy program's convention:
 * x + y + z = 0, with the unit vectors hu = (1,0,-1) east, hv = (-1,1,0) up-left and
 * hw = (0,-1,1) down-left. We store the axial pair (x, y); z is always -x - y.
 *
 * On a text screen a hex is two columns wide: row = -y, column = x - z, so east is two columns
 * right and each diagonal step is one row and one column. Alternate rows are offset by one
 * column. In SVG the hexes are pointy-topped with the same layout.
 */
export interface Hex {
  readonly x: number;
  readonly y: number;
}

export const hex = (x: number, y: number): Hex => ({ x, y });
export const hexZ = (h: Hex): number => -h.x - h.y;

export const hu: Hex = hex(1, 0);
export const hv: Hex = hex(-1, 1);
export const hw: Hex = hex(0, -1);

/**
 * The six directions in counter-clockwise order starting east: E, NE, NW (= hv), W (= -hu),
 * SW (= hw), SE (= -hv). Direction d + 3 is the opposite of d; d + 1 is d turned 60° CCW.
 */
export const HEX_DIRECTIONS: readonly Hex[] = [
  hex(1, 0),
  hex(0, 1),
  hex(-1, 1),
  hex(-1, 0),
  hex(0, -1),
  hex(1, -1),
];

export const HEX_DIRECTION_NAMES = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;

export const hexAdd = (a: Hex, b: Hex): Hex => hex(a.x + b.x, a.y + b.y);
export const hexSub = (a: Hex, b: Hex): Hex => hex(a.x - b.x, a.y - b.y);
export const hexScale = (a: Hex, k: number): Hex => hex(a.x * k, a.y * k);
export const hexNeg = (a: Hex): Hex => hex(-a.x, -a.y);
export const hexEquals = (a: Hex, b: Hex): boolean => a.x === b.x && a.y === b.y;

export const hexNeighbour = (h: Hex, direction: number): Hex =>
  hexAdd(h, HEX_DIRECTIONS[mod6(direction)] as Hex);

export const hexNeighbours = (h: Hex): Hex[] => HEX_DIRECTIONS.map((d) => hexAdd(h, d));

/** The direction index (0..5) of a unit vector, or -1 if it is not one. */
export const hexDirectionOf = (v: Hex): number => HEX_DIRECTIONS.findIndex((d) => hexEquals(d, v));

/** Steps between two hexes. */
export const hexDistance = (a: Hex, b: Hex): number => hexLength(hexSub(a, b));
export const hexLength = (h: Hex): number => Math.max(Math.abs(h.x), Math.abs(h.y), Math.abs(hexZ(h)));

/** Rotate by `steps` × 60° counter-clockwise about `centre` (default the origin). */
export function hexRotate(h: Hex, steps: number, centre: Hex = hex(0, 0)): Hex {
  let v = hexSub(h, centre);
  for (let i = mod6(steps); i > 0; i--) {
    // (x, y, z) -> (-y, -z, -x) turns 60° counter-clockwise.
    v = hex(-v.y, -hexZ(v));
  }
  return hexAdd(v, centre);
}

/** Mirror left-right (the text column changes sign, the row stays). */
export const hexMirror = (h: Hex): Hex => hex(hexZ(h), h.y);

/** All hexes within `radius` steps of `centre`, in text reading order (top row first). */
export function hexRegion(radius: number, centre: Hex = hex(0, 0)): Hex[] {
  const cells: Hex[] = [];
  for (let y = radius; y >= -radius; y--) {
    for (let x = -radius; x <= radius; x++) {
      const h = hex(x, y);
      if (hexLength(h) <= radius) cells.push(hexAdd(h, centre));
    }
  }
  return cells;
}

/** The ring of hexes exactly `radius` steps from `centre`. */
export const hexRing = (radius: number, centre: Hex = hex(0, 0)): Hex[] =>
  hexRegion(radius, centre).filter((h) => hexDistance(h, centre) === radius);

/** Where a hex is drawn on a text screen: row = -y, column = x - z. */
export const hexToText = (h: Hex): { row: number; column: number } => ({
  row: -h.y,
  column: h.x - hexZ(h),
});

/** The hex drawn at a text position, or undefined where no hex centre falls. */
export function hexFromText(row: number, column: number): Hex | undefined {
  // column = x - z = 2x + y and row = -y.
  const y = -row;
  const twiceX = column - y;
  if (twiceX % 2 !== 0) return undefined;
  return hex(twiceX / 2, y);
}

const SQRT3 = Math.sqrt(3);

/** Centre of a pointy-topped hex of circumradius `size` in SVG coordinates (y grows down). */
export const hexToSvg = (h: Hex, size: number): { x: number; y: number } => ({
  x: ((h.x - hexZ(h)) * SQRT3 * size) / 2,
  y: -h.y * 1.5 * size,
});

/**
 * The six corners of a pointy-topped hex in SVG coordinates, clockwise from the top. `size` places
 * the hex (as in hexToSvg); `radius` (default `size`) draws it smaller or larger in place.
 */
export function hexCornersSvg(h: Hex, size: number, radius: number = size): { x: number; y: number }[] {
  const c = hexToSvg(h, size);
  return [90, 30, -30, -90, -150, 150].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return { x: c.x + radius * Math.cos(a), y: c.y - radius * Math.sin(a) };
  });
}

/** A stable string key for maps and sets. */
export const hexKey = (h: Hex): string => `${h.x},${h.y}`;

function mod6(n: number): number {
  return ((n % 6) + 6) % 6;
}
