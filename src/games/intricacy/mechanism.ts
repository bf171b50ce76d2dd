/**
 * A lock compiled for fast physics: the pieces' shapes and the spring graph, which never change
 * during play, are kept apart from the configuration (where each piece is), which the physics
 * updates. Cells are indices into a square grid (`cellIndex`), so a step in direction d is adding
 * `DIR_OFFSET[d]`. The configuration is an Int32Array: for piece i, `pos[i]` (a block's first
 * cell, a pivot's or hook's centre, a ball's or wrench's cell), then `rot[i]` at n + i (how far a
 * pivot has turned from the lock's picture, the hook's arm direction), then the wrench's
 * momentum at 2n (−1 when still).
 */
import { HEX_DIRECTIONS, type Hex, hex } from '../../grid/index.ts';
import { boltArea, type Lock, type Piece, type Spring, WRENCH } from './lock.ts';

/** Grid width; coordinates of every lock up to size 11 lie well within ±OFF. */
export const W = 40;
const OFF = 20;
export const GRID_CELLS = W * W;

export const cellIndex = (h: Hex): number => h.x + OFF + (h.y + OFF) * W;
export const cellHex = (i: number): Hex => hex((i % W) - OFF, Math.floor(i / W) - OFF);
export const DIR_OFFSET: readonly number[] = HEX_DIRECTIONS.map((d) => d.x + d.y * W);
export const mod6 = (n: number): number => ((n % 6) + 6) % 6;

export const KIND_BLOCK = 0;
export const KIND_PIVOT = 1;
export const KIND_BALL = 2;
export const KIND_HOOK = 3;
export const KIND_WRENCH = 4;
const KIND_CODES = {
  block: KIND_BLOCK,
  pivot: KIND_PIVOT,
  ball: KIND_BALL,
  hook: KIND_HOOK,
  wrench: KIND_WRENCH,
};

export interface CompiledSpring {
  readonly root: number;
  readonly end: number;
  /** Anchor cells relative to the root's and the end's `pos`. */
  readonly rootOffset: number;
  readonly endOffset: number;
  /** Direction from the root anchor to the end anchor. */
  readonly axis: number;
  readonly natural: number;
  /** Coordinates of the anchors relative to pos, to measure lengths exactly. */
  readonly rootDelta: Hex;
  readonly endDelta: Hex;
}

export interface Mechanism {
  readonly lock: Lock;
  readonly n: number;
  readonly kind: Uint8Array;
  /** Blocks: cell offsets from pos. Pivots: arm directions as drawn in `lock`. */
  readonly blockShape: readonly Int32Array[];
  readonly pivotArms: readonly Int8Array[];
  /** 1 for a block that is the end of a spring: the only blocks a push may move. */
  readonly sprungEnd: Uint8Array;
  readonly springs: readonly CompiledSpring[];
  readonly springsOf: readonly (readonly number[])[];
  /** ancestor[a * n + b] = 1 when piece a is an ancestor of piece b in the spring graph. */
  readonly ancestor: Uint8Array;
  readonly boltArea: Int32Array;
  /** Piece cells as drawn in `lock`, to turn a configuration back into a lock. */
  readonly origin: Int32Array;
}

export function compile(lock: Lock): { mechanism: Mechanism; config: Int32Array } {
  const n = lock.pieces.length;
  const kind = new Uint8Array(n);
  const blockShape: Int32Array[] = [];
  const pivotArms: Int8Array[] = [];
  const config = new Int32Array(2 * n + 1);
  const origin = new Int32Array(n);
  lock.pieces.forEach((piece, i) => {
    kind[i] = KIND_CODES[piece.kind];
    const pos = anchorOf(piece);
    config[i] = pos;
    origin[i] = pos;
    blockShape.push(
      piece.kind === 'block' ? Int32Array.from(piece.cells, (c) => cellIndex(c) - pos) : new Int32Array(),
    );
    pivotArms.push(piece.kind === 'pivot' ? Int8Array.from(piece.arms) : new Int8Array());
    config[n + i] = piece.kind === 'hook' ? piece.arm : 0;
  });
  const wrench = lock.pieces[WRENCH];
  config[2 * n] = wrench?.kind === 'wrench' && wrench.momentum !== null ? wrench.momentum : -1;

  const sprungEnd = new Uint8Array(n);
  const springsOf: number[][] = lock.pieces.map(() => []);
  const springs = lock.springs.map((s, index) => {
    sprungEnd[s.end] = 1;
    springsOf[s.root]?.push(index);
    springsOf[s.end]?.push(index);
    return compileSpring(s, config);
  });
  const ancestor = new Uint8Array(n * n);
  // Transitive closure of "root of a spring ending at": the spring graph is acyclic and small.
  let changed = true;
  for (const s of lock.springs) ancestor[s.root * n + s.end] = 1;
  while (changed) {
    changed = false;
    for (const s of lock.springs) {
      for (let a = 0; a < n; a++) {
        if (ancestor[a * n + s.root] && !ancestor[a * n + s.end]) {
          ancestor[a * n + s.end] = 1;
          changed = true;
        }
      }
    }
  }
  return {
    mechanism: {
      lock,
      n,
      kind,
      blockShape,
      pivotArms,
      sprungEnd,
      springs,
      springsOf,
      ancestor,
      boltArea: Int32Array.from(boltArea(lock.size), cellIndex),
      origin,
    },
    config,
  };
}

function anchorOf(piece: Piece): number {
  switch (piece.kind) {
    case 'block':
      return cellIndex(piece.cells[0] ?? hex(0, 0));
    case 'pivot':
    case 'hook':
      return cellIndex(piece.centre);
    case 'ball':
    case 'wrench':
      return cellIndex(piece.at);
  }
}

function compileSpring(s: Spring, config: Int32Array): CompiledSpring {
  const rootPos = cellHex(config[s.root] as number);
  const endPos = cellHex(config[s.end] as number);
  const dx = s.endAnchor.x - s.rootAnchor.x;
  const dy = s.endAnchor.y - s.rootAnchor.y;
  const length = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dx + dy));
  const axis = length === 0 ? 0 : HEX_DIRECTIONS.findIndex((d) => d.x * length === dx && d.y * length === dy);
  return {
    root: s.root,
    end: s.end,
    rootOffset: cellIndex(s.rootAnchor) - cellIndex(rootPos),
    endOffset: cellIndex(s.endAnchor) - cellIndex(endPos),
    axis: Math.max(axis, 0),
    natural: s.natural,
    rootDelta: hex(s.rootAnchor.x - rootPos.x, s.rootAnchor.y - rootPos.y),
    endDelta: hex(s.endAnchor.x - endPos.x, s.endAnchor.y - endPos.y),
  };
}

const CELL_X = Int8Array.from({ length: GRID_CELLS }, (_, i) => (i % W) - OFF);
const CELL_Y = Int8Array.from({ length: GRID_CELLS }, (_, i) => Math.floor(i / W) - OFF);

/** Steps from the root anchor to the end anchor along the axis (the spring's length). */
export function springLength(s: CompiledSpring, config: Int32Array): number {
  const r = config[s.root] as number;
  const e = config[s.end] as number;
  const d = HEX_DIRECTIONS[s.axis] as Hex;
  // Project on the axis; the physics keeps springs straight, so this is exact.
  return d.x !== 0
    ? ((CELL_X[e] as number) + s.endDelta.x - (CELL_X[r] as number) - s.rootDelta.x) / d.x
    : ((CELL_Y[e] as number) + s.endDelta.y - (CELL_Y[r] as number) - s.rootDelta.y) / d.y;
}

/** The cells piece i covers in a configuration, appended to `out`. */
export function cellsOf(m: Mechanism, config: Int32Array, i: number, out: number[]): void {
  const pos = config[i] as number;
  switch (m.kind[i]) {
    case KIND_BLOCK: {
      const shape = m.blockShape[i] as Int32Array;
      for (let j = 0; j < shape.length; j++) out.push(pos + (shape[j] as number));
      return;
    }
    case KIND_PIVOT: {
      out.push(pos);
      const arms = m.pivotArms[i] as Int8Array;
      const rot = config[m.n + i] as number;
      for (let j = 0; j < arms.length; j++)
        out.push(pos + (DIR_OFFSET[mod6((arms[j] as number) + rot)] as number));
      return;
    }
    case KIND_HOOK:
      out.push(pos, pos + (DIR_OFFSET[config[m.n + i] as number] as number));
      return;
    default:
      out.push(pos);
  }
}

/** Turn a configuration back into a lock (pieces moved, springs' anchors moved with them). */
export function toLock(m: Mechanism, config: Int32Array): Lock {
  const n = m.n;
  const shift = (i: number) => {
    const a = cellHex(config[i] as number);
    const b = cellHex(m.origin[i] as number);
    return hex(a.x - b.x, a.y - b.y);
  };
  const move = (h: Hex, d: Hex) => hex(h.x + d.x, h.y + d.y);
  const pieces = m.lock.pieces.map((piece, i): Piece => {
    const d = shift(i);
    switch (piece.kind) {
      case 'block':
        return { kind: 'block', cells: piece.cells.map((c) => move(c, d)) };
      case 'pivot':
        return {
          kind: 'pivot',
          centre: move(piece.centre, d),
          arms: piece.arms.map((a) => mod6(a + (config[n + i] as number))).sort((x, y) => x - y),
        };
      case 'hook':
        return { kind: 'hook', centre: move(piece.centre, d), arm: config[n + i] as number };
      case 'ball':
        return { kind: 'ball', at: move(piece.at, d) };
      default: {
        const momentum = config[2 * n] as number;
        return { kind: 'wrench', at: move(piece.at, d), momentum: momentum < 0 ? null : momentum };
      }
    }
  });
  const springs = m.lock.springs.map((s) => ({
    ...s,
    rootAnchor: move(s.rootAnchor, shift(s.root)),
    endAnchor: move(s.endAnchor, shift(s.end)),
  }));
  return { size: m.lock.size, pieces, springs };
}

/** The occupancy grid: piece index + 1 in each covered cell, 0 where empty. */
export function occupancy(m: Mechanism, config: Int32Array, into?: Int16Array): Int16Array {
  const occ = into ?? new Int16Array(GRID_CELLS);
  occ.fill(0);
  const cells: number[] = [];
  for (let i = 0; i < m.n; i++) {
    cells.length = 0;
    cellsOf(m, config, i, cells);
    for (const c of cells) occ[c] = i + 1;
  }
  return occ;
}
