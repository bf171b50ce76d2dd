/**
 * Lock validity (Intricacy's README and the original program): no overlaps; every piece inside the
 * frame; springs straight and within range; the spring graph acyclic; the standard frame, bolt and
 * tools; the lock at rest (one idle turn changes nothing). Every problem names the piece and the
 * cell. Also the strict reader of a lock's JSON form.
 */
import { type Hex, hex } from '../../grid/index.ts';
import { fail, ok, type Result } from '../game.ts';
import {
  BLOCK_NAMES,
  BOLT,
  boltCells,
  FRAME,
  formatHex,
  frameCells,
  HOOK,
  HOOK_START_ARM,
  hookStart,
  key,
  type Lock,
  MAX_SIZE,
  MIN_SIZE,
  openCells,
  type Piece,
  pieceCells,
  pieceLabel,
  SPRING_MAX_NATURAL,
  SPRING_MIN_LENGTH,
  type Spring,
  springMaxLength,
  WRENCH,
  wrenchStart,
} from './lock.ts';
import { compile } from './mechanism.ts';
import { Physics } from './physics.ts';

export interface ValidityOptions {
  /**
   * `lock` (default): a lock as designed, with the bolt and tools at their start and at rest.
   * `state`: a state reached while picking it (pieces anywhere inside, the wrench may move).
   */
  readonly as?: 'lock' | 'state';
}

/** Every problem with a lock, or an empty list when it is valid. */
export function lockProblems(lock: Lock, options: ValidityOptions = {}): string[] {
  const problems: string[] = [];
  const say = (s: string) => problems.push(s);
  const { size, pieces, springs } = lock;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE)
    return [`size must be ${MIN_SIZE} to ${MAX_SIZE}, got ${size}`];
  const kinds = ['block', 'block', 'hook', 'wrench'];
  kinds.forEach((k, i) => {
    if (pieces[i]?.kind !== k)
      say(`piece ${i} must be the ${['frame', 'bolt', 'hook', 'wrench'][i]} (a ${k})`);
  });
  if (problems.length > 0) return problems;
  pieces.forEach((p, i) => {
    if (i > WRENCH && (p.kind === 'hook' || p.kind === 'wrench'))
      say(`${pieceLabel(lock, i)}: a lock has only one ${p.kind}`);
    if (p.kind === 'block' && p.cells.length === 0)
      say(`${pieceLabel(lock, i)}: a block needs at least one cell`);
    if (p.kind === 'pivot' && new Set(p.arms).size !== p.arms.length)
      say(`${pieceLabel(lock, i)}: two arms in one direction`);
  });
  const blocks = pieces.filter((p, i) => p.kind === 'block' && i > BOLT).length;
  if (blocks > BLOCK_NAMES.length) say(`too many blocks: ${blocks} (at most ${BLOCK_NAMES.length})`);

  // Every piece inside the frame, and no overlaps.
  const open = new Set(openCells(size).map(key));
  const owner = new Map<string, number>();
  pieces.forEach((p, i) => {
    for (const c of pieceCells(p)) {
      const k = key(c);
      if (i !== FRAME && !open.has(k))
        say(`${pieceLabel(lock, i)}: cell ${formatHex(c)} is outside the lock`);
      const other = owner.get(k);
      if (other !== undefined)
        say(`${pieceLabel(lock, i)}: cell ${formatHex(c)} overlaps ${pieceLabel(lock, other)}`);
      else owner.set(k, i);
    }
  });

  // Springs.
  springs.forEach((s, i) => {
    const problem = springProblem(lock, s, i);
    if (problem) say(problem);
  });
  if (hasCycle(lock)) say('the springs form a cycle (the spring graph must be acyclic)');

  // The standard frame, bolt and tools.
  if (!sameCells((pieces[FRAME] as Piece & { kind: 'block' }).cells, frameCells(size))) {
    say(`the frame is not the standard frame of a size ${size} lock`);
  }
  if (options.as !== 'state') {
    const bolt = pieces[BOLT] as Piece & { kind: 'block' };
    if (!sameCells(bolt.cells, boltCells(size)))
      say(`the bolt must cover ${boltCells(size).map(formatHex).join(' ')}`);
    const hook = pieces[HOOK] as Piece & { kind: 'hook' };
    if (!sameCells([hook.centre], [hookStart(size)]) || hook.arm !== HOOK_START_ARM) {
      say(`the hook must start centred at ${formatHex(hookStart(size))} with its arm east`);
    }
    const wrench = pieces[WRENCH] as Piece & { kind: 'wrench' };
    if (!sameCells([wrench.at], [wrenchStart(size)]))
      say(`the wrench must start at ${formatHex(wrenchStart(size))}`);
    if (wrench.momentum !== null) say('the wrench must start still');
    if (problems.length === 0) {
      const rest = restlessPieces(lock);
      if (rest.length > 0)
        say(`the lock is not at rest: an idle turn moves ${rest.map((i) => pieceLabel(lock, i)).join(', ')}`);
    }
  }
  return problems;
}

function springProblem(lock: Lock, s: Spring, i: number): string | null {
  const name = `spring ${i + 1} (${formatHex(s.rootAnchor)} -> ${formatHex(s.endAnchor)})`;
  const root = lock.pieces[s.root];
  const end = lock.pieces[s.end];
  if (root?.kind !== 'block' && root?.kind !== 'pivot') return `${name}: its root must be a block or a pivot`;
  if (end?.kind !== 'block') return `${name}: its end must be a block`;
  if (s.end === FRAME) return `${name}: the frame cannot be the end of a spring`;
  if (s.root === s.end) return `${name}: it joins ${pieceLabel(lock, s.root)} to itself`;
  if (!Number.isInteger(s.natural) || s.natural < 1)
    return `${name}: its natural length must be a whole number ≥ 1`;
  const rootOk =
    root.kind === 'pivot' ? sameCells([root.centre], [s.rootAnchor]) : has(root.cells, s.rootAnchor);
  if (!rootOk) {
    const what = root.kind === 'pivot' ? 'the centre' : 'a cell';
    return `${name}: cell ${formatHex(s.rootAnchor)} is not ${what} of its root ${pieceLabel(lock, s.root)}`;
  }
  if (!has(end.cells, s.endAnchor))
    return `${name}: cell ${formatHex(s.endAnchor)} is not a cell of its end ${pieceLabel(lock, s.end)}`;
  const dx = s.endAnchor.x - s.rootAnchor.x;
  const dy = s.endAnchor.y - s.rootAnchor.y;
  if (!(dx === 0 || dy === 0 || dx === -dy)) return `${name}: not straight along a hex axis`;
  const length = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dx + dy));
  if (length < SPRING_MIN_LENGTH || length > springMaxLength(s.natural)) {
    return `${name}: length ${length} is outside its range ${SPRING_MIN_LENGTH} to ${springMaxLength(s.natural)}`;
  }
  return null;
}

function hasCycle(lock: Lock): boolean {
  const next = new Map<number, number[]>();
  for (const s of lock.springs) next.set(s.root, [...(next.get(s.root) ?? []), s.end]);
  const state = new Map<number, 1 | 2>();
  const visit = (v: number): boolean => {
    if (state.get(v) === 1) return true;
    if (state.get(v) === 2) return false;
    state.set(v, 1);
    for (const w of next.get(v) ?? []) if (visit(w)) return true;
    state.set(v, 2);
    return false;
  };
  return [...next.keys()].some(visit);
}

/** The pieces an idle turn would move (empty for a lock at rest). */
export function restlessPieces(lock: Lock): number[] {
  const { mechanism, config } = compile(lock);
  const before = Int32Array.from(config);
  new Physics(mechanism).turn(config, { tool: 'wait' });
  const n = mechanism.n;
  const moved: number[] = [];
  for (let i = 0; i < n; i++) if (config[i] !== before[i] || config[n + i] !== before[n + i]) moved.push(i);
  if (config[2 * n] !== before[2 * n] && !moved.includes(WRENCH)) moved.push(WRENCH);
  return moved;
}

const has = (cells: readonly Hex[], h: Hex) => cells.some((c) => c.x === h.x && c.y === h.y);
function sameCells(a: readonly Hex[], b: readonly Hex[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a.map(key));
  return b.every((h) => set.has(key(h)));
}

// ---------------------------------------------------------------------------------------------
// The JSON form (the wire): the Lock type as plain JSON, read strictly.

export function lockFromJson(input: unknown): Result<Lock> {
  try {
    return ok(readLock(input));
  } catch (e) {
    if (e instanceof ShapeError) return fail(`lock JSON: ${e.message}`);
    throw e;
  }
}

class ShapeError extends Error {}
const need = (cond: boolean, what: string): void => {
  if (!cond) throw new ShapeError(what);
};
const int = (v: unknown, what: string, min = -100, max = 100): number => {
  need(
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max,
    `${what} must be a whole number from ${min} to ${max}`,
  );
  return v as number;
};
const obj = (v: unknown, what: string): Record<string, unknown> => {
  need(typeof v === 'object' && v !== null && !Array.isArray(v), `${what} must be an object`);
  return v as Record<string, unknown>;
};
const arr = (v: unknown, what: string, max: number): unknown[] => {
  need(Array.isArray(v) && v.length <= max, `${what} must be a list of at most ${max}`);
  return v as unknown[];
};
const cell = (v: unknown, what: string): Hex => {
  const o = obj(v, what);
  return hex(int(o.x, `${what}.x`), int(o.y, `${what}.y`));
};

function readLock(input: unknown): Lock {
  const o = obj(input, 'the lock');
  const size = int(o.size, 'size', MIN_SIZE, MAX_SIZE);
  const pieces = arr(o.pieces, 'pieces', 400).map((v, i): Piece => {
    const p = obj(v, `pieces[${i}]`);
    const at = `pieces[${i}]`;
    switch (p.kind) {
      case 'block':
        return {
          kind: 'block',
          cells: arr(p.cells, `${at}.cells`, 400).map((c, j) => cell(c, `${at}.cells[${j}]`)),
        };
      case 'pivot':
        return {
          kind: 'pivot',
          centre: cell(p.centre, `${at}.centre`),
          arms: arr(p.arms, `${at}.arms`, 6).map((a, j) => int(a, `${at}.arms[${j}]`, 0, 5)),
        };
      case 'ball':
        return { kind: 'ball', at: cell(p.at, `${at}.at`) };
      case 'hook':
        return { kind: 'hook', centre: cell(p.centre, `${at}.centre`), arm: int(p.arm, `${at}.arm`, 0, 5) };
      case 'wrench':
        return {
          kind: 'wrench',
          at: cell(p.at, `${at}.at`),
          momentum: p.momentum === null ? null : int(p.momentum, `${at}.momentum`, 0, 5),
        };
      default:
        throw new ShapeError(`${at}.kind must be block, pivot, ball, hook or wrench`);
    }
  });
  const springs = arr(o.springs, 'springs', 400).map((v, i): Spring => {
    const s = obj(v, `springs[${i}]`);
    return {
      root: int(s.root, `springs[${i}].root`, 0, pieces.length - 1),
      rootAnchor: cell(s.rootAnchor, `springs[${i}].rootAnchor`),
      end: int(s.end, `springs[${i}].end`, 0, pieces.length - 1),
      endAnchor: cell(s.endAnchor, `springs[${i}].endAnchor`),
      natural: int(s.natural, `springs[${i}].natural`, 1, SPRING_MAX_NATURAL),
    };
  });
  return { size, pieces, springs };
}
