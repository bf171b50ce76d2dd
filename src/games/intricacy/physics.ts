/**
 * One turn of Intricacy's physics, following the "Full details of the game mechanics" section of
 * Intricacy's README (the later one, from its repository) section by section. Comments quote it;
 * "Ours:" marks a reading where it is silent or ambiguous (each such reading is pinned by a test
 * in physics.test.ts).
 *
 * "Each turn is separated into two phases. In the first phase, the forces arising from the
 * player's move are 'resolved', possibly resulting in some movement. In the second phase, forces
 * arising from stretched or compressed springs are resolved, possibly resulting in some
 * movement."
 *
 * A force is an integer: piece · 8 + code, where code 0–5 is a push in that hex direction and
 * 6 / 7 a torque counter-clockwise / clockwise ("the two obvious rotational directions").
 */

import { HOOK, SPRING_MIN_LENGTH, springMaxLength, WRENCH } from './lock.ts';
import {
  type CompiledSpring,
  cellsOf,
  DIR_OFFSET,
  GRID_CELLS,
  KIND_BALL,
  KIND_BLOCK,
  KIND_HOOK,
  KIND_PIVOT,
  KIND_WRENCH,
  type Mechanism,
  mod6,
  occupancy,
  springLength,
} from './mechanism.ts';

// ---------------------------------------------------------------------------------------------
// Forces

export type Force = number;
export const CCW = 6;
export const CW = 7;
export const push = (piece: number, dir: number): Force => piece * 8 + dir;
export const torque = (piece: number, turn: 1 | -1): Force => piece * 8 + (turn === 1 ? CCW : CW);
export const forcePiece = (f: Force): number => f >> 3;
export const forceCode = (f: Force): number => f & 7;
export const isPush = (f: Force): boolean => (f & 7) < 6;
/** +1 for a counter-clockwise torque, −1 for clockwise. */
export const turnOf = (f: Force): 1 | -1 => ((f & 7) === CCW ? 1 : -1);

/** A player's move: one step of the hook or the wrench, a turn of the hook, or waiting. */
export type ToolMove =
  | { readonly tool: 'hook'; readonly dir: number }
  | { readonly tool: 'hook'; readonly turn: 1 | -1 }
  | { readonly tool: 'wrench'; readonly dir: number }
  | { readonly tool: 'wait' };

/**
 * Why a force did not happen, for the blockage annotations: `blocked` is the orange arrow,
 * `by` the purple one. `resisted`: the group of `blocked` reached the resisted force `by`.
 * `inconsistent`: `by` belongs to a group inconsistent with the one of `blocked`.
 */
export interface Blockage {
  readonly phase: 1 | 2;
  readonly reason: 'resisted' | 'inconsistent' | 'dominated';
  readonly blocked: Force;
  readonly by: Force;
}

const NONE = -1;
const EMPTY: Force[] = [];

/**
 * The physics of one compiled lock. It owns scratch buffers, so one engine serves any number of
 * configurations of its lock, one turn at a time.
 */
export class Physics {
  readonly m: Mechanism;
  private readonly occ = new Int16Array(GRID_CELLS);
  private readonly mark = new Int32Array(GRID_CELLS);
  private epoch = 0;
  private readonly pieceMark: Int32Array;
  private readonly pieceForce: Int32Array;
  private cfg: Int32Array = new Int32Array(0);
  private playerForce: Force = NONE;
  private group: Force[] = [];
  private resistedBy: Force = NONE;
  private readonly cells: number[] = [];
  /** Pieces moved by the current turn (for `revert`). */
  private readonly touched: number[] = [];
  blockages: Blockage[] = [];
  /** Whether to record blockage annotations (the solver does without them). */
  annotate = true;
  /** Called between the phases with the configuration after phase 1, when springs will act (animation). */
  onPhaseOne: ((config: Int32Array) => void) | null = null;

  constructor(m: Mechanism) {
    this.m = m;
    this.pieceMark = new Int32Array(m.n);
    this.pieceForce = new Int32Array(m.n);
  }

  /**
   * Play one turn on `config` in place. Returns whether the bolt area is empty afterwards.
   * `this.blockages` then holds the turn's blockage annotations.
   */
  turn(config: Int32Array, move: ToolMove): boolean {
    this.load(config);
    return this.step(config, move);
  }

  /** Make the occupancy grid match `config`. */
  load(config: Int32Array): void {
    occupancy(this.m, config, this.occ);
  }

  /**
   * Put the occupancy grid back from `config`, just stepped, to `base`, the configuration it was
   * stepped from: cheaper than `load`, as only the pieces the turn moved are redrawn.
   */
  revert(config: Int32Array, base: Int32Array): void {
    const { m, occ, cells, touched } = this;
    for (const i of touched) {
      cells.length = 0;
      cellsOf(m, config, i, cells);
      for (const c of cells) if (occ[c] === i + 1) occ[c] = 0;
    }
    for (const i of touched) {
      cells.length = 0;
      cellsOf(m, base, i, cells);
      for (const c of cells) occ[c] = i + 1;
    }
  }

  /** Play one turn on `config` in place, the occupancy grid already matching it (`load`). */
  step(config: Int32Array, move: ToolMove): boolean {
    const m = this.m;
    this.cfg = config;
    if (this.annotate) this.blockages = [];
    this.touched.length = 0;
    const momentumAt = 2 * m.n;

    // "Player moves result in forces on the tools in the obvious way. A wrench which is moving
    // gets a push in that direction each turn." Ours: moving the wrench sets its momentum to the
    // new direction (replacing any old one), so the player's push and the momentum push are one.
    const initial: Force[] = [];
    this.playerForce = NONE;
    if (move.tool === 'hook') {
      this.playerForce = 'dir' in move ? push(HOOK, move.dir) : torque(HOOK, move.turn);
      initial.push(this.playerForce);
    } else if (move.tool === 'wrench') {
      config[momentumAt] = move.dir;
    }
    const momentum = config[momentumAt] as number;
    const wrenchPush = momentum >= 0 ? push(WRENCH, momentum) : NONE;
    if (wrenchPush !== NONE) initial.push(wrenchPush);

    // Phase 1: the player's forces.
    const moved = this.resolve(initial, null, 1);
    // "... until that push is blocked": a wrench whose push did not happen stops.
    if (wrenchPush !== NONE && !moved.includes(wrenchPush)) config[momentumAt] = -1;

    // Phase 2: "A spring which is not at its relaxed length results in a push on the end piece."
    this.playerForce = NONE;
    let springForces: Force[] | null = null;
    let springOfForce: number[] | null = null;
    for (let i = 0; i < m.springs.length; i++) {
      const s = m.springs[i] as CompiledSpring;
      const length = springLength(s, config);
      if (length === s.natural) continue;
      springForces ??= [];
      springOfForce ??= [];
      springForces.push(push(s.end, length > s.natural ? mod6(s.axis + 3) : s.axis));
      springOfForce.push(i);
    }
    if (springForces !== null) {
      this.onPhaseOne?.(config);
      this.resolve(springForces, springOfForce, 2);
    }
    return this.isOpen();
  }

  /** The lock is open when every cell of the bolt area is empty. */
  isOpen(): boolean {
    const area = this.m.boltArea;
    for (let i = 0; i < area.length; i++) if (this.occ[area[i] as number] !== 0) return false;
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // "To _resolve_ these initial forces:
  //   * each initial force is 'propagated to a force group'
  //   * if a group is 'inconsistent' with another group: if one of the group is 'dominated' by
  //     the other, it is 'blocked'; else both are blocked
  //   * each force in each unblocked force group is 'applied'"
  //
  // Ours: blocking is decided for all pairs of groups at once, so a group that is itself blocked
  // still blocks the groups it is inconsistent with.
  private resolve(initial: Force[], springOf: number[] | null, phase: 1 | 2): Force[] {
    if (initial.length === 1) {
      // One group: nothing to be inconsistent with.
      const group = this.propagateToGroup(initial[0] as Force, phase);
      this.apply(group);
      return group;
    }
    const groups = initial.map((f) => this.propagateToGroup(f, phase));
    const blocked = groups.map(() => false);
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const clash = this.inconsistentGroups(groups[i] as Force[], groups[j] as Force[]);
        if (!clash) continue;
        const iOverJ = springOf !== null && this.dominates(springOf[i] as number, springOf[j] as number);
        const jOverI = springOf !== null && this.dominates(springOf[j] as number, springOf[i] as number);
        if (!jOverI) {
          blocked[j] = true;
          if (this.annotate)
            this.blockages.push({
              phase,
              reason: iOverJ ? 'dominated' : 'inconsistent',
              blocked: clash[1],
              by: clash[0],
            });
        }
        if (!iOverJ) {
          blocked[i] = true;
          if (this.annotate)
            this.blockages.push({
              phase,
              reason: jOverI ? 'dominated' : 'inconsistent',
              blocked: clash[0],
              by: clash[1],
            });
        }
      }
    }
    // Unblocked groups are consistent, so a piece gets at most one force; keep each once.
    if (groups.length === 1) {
      this.apply(groups[0] as Force[]);
      return groups[0] as Force[];
    }
    const applied: Force[] = [];
    this.epoch++;
    groups.forEach((g, i) => {
      if (blocked[i]) return;
      for (const f of g) {
        if (this.pieceMark[forcePiece(f)] === this.epoch) continue;
        this.pieceMark[forcePiece(f)] = this.epoch;
        applied.push(f);
      }
    });
    this.apply(applied);
    return applied;
  }

  // -------------------------------------------------------------------------------------------
  // "To _apply_ a push: move the piece in the given direction.
  //  To _apply_ a torque: rotate the piece in the given direction."
  private apply(forces: Force[]): void {
    const { m, cfg, occ, cells } = this;
    cells.length = 0;
    for (const f of forces) cellsOf(m, cfg, forcePiece(f), cells);
    for (const c of cells) occ[c] = 0;
    for (const f of forces) {
      const p = forcePiece(f);
      this.touched.push(p);
      if (isPush(f)) cfg[p] = (cfg[p] as number) + (DIR_OFFSET[forceCode(f)] as number);
      else cfg[m.n + p] = mod6((cfg[m.n + p] as number) + turnOf(f));
    }
    for (const f of forces) {
      const p = forcePiece(f);
      cells.length = 0;
      cellsOf(m, cfg, p, cells);
      for (const c of cells) occ[c] = p + 1;
    }
  }

  // -------------------------------------------------------------------------------------------
  // "To _propagate an initial force to a force group_:
  //   * Propagate the force as above, then recursively propagate the resulting forces, checking
  //     for resistance as we go. The force group consists of all the resulting propagated forces.
  //   * On resistance: back up to try clawing as described above if appropriate, else consider
  //     the whole force group resisted - so the resulting force group is empty."
  private propagateToGroup(initial: Force, phase: 1 | 2): Force[] {
    this.group = [];
    this.epoch++;
    this.resistedBy = NONE;
    if (this.propagate(initial) && this.selfConsistent()) return this.group;
    if (this.annotate)
      this.blockages.push({ phase, reason: 'resisted', blocked: initial, by: this.resistedBy });
    return EMPTY;
  }

  /** Add a force to the group under construction and propagate it; false on resistance. */
  private propagate(f: Force): boolean {
    const { m, cfg, occ, cells } = this;
    const p = forcePiece(f);
    if (this.pieceMark[p] === this.epoch) {
      if (this.pieceForce[p] === f) return true;
      // Ours: a group may not move one piece two ways at once; that counts as resistance.
      this.resistedBy = f;
      return false;
    }
    if (this.isResisted(f)) {
      this.resistedBy = f;
      return false;
    }
    this.pieceMark[p] = this.epoch;
    this.pieceForce[p] = f;
    this.group.push(f);

    if (isPush(f)) {
      const dir = forceCode(f);
      const step = DIR_OFFSET[dir] as number;
      // "If applying the force would result in an overlap with another piece, push that piece -
      // but if it's an arm, twist the pivot instead when that makes sense."
      const start = cells.length;
      cellsOf(m, cfg, p, cells);
      const end = cells.length;
      for (let i = start; i < end; i++) {
        const target = (cells[i] as number) + step;
        const q = (occ[target] as number) - 1;
        if (q >= 0 && q !== p && !this.propagate(this.overlapForce(q, target, dir))) {
          cells.length = start;
          return false;
        }
      }
      cells.length = start;
      // "A spring connecting two blocks transmits a push on one block to the other unless the
      // direction is such that the push is tending to compress/extend the spring and the spring
      // isn't already fully compressed/extended."
      if (m.kind[p] === KIND_BLOCK) {
        for (const si of m.springsOf[p] as number[]) {
          const s = m.springs[si] as CompiledSpring;
          if (!this.transmits(s, p, dir)) continue;
          if (!this.propagate(push(s.root === p ? s.end : s.root, dir))) return false;
        }
      }
      return true;
    }

    // A torque: each arm turns one step about the centre.
    // "If the force is a torque and an arm is pushing on another piece, we have a special rule:
    // if the obvious push ends up propagating to a resisted force (see below), then it is
    // replaced with a 'clawing' push": the push that carries the piece on round the centre with
    // the arm, as in the README's example (\ O # over o, twisted clockwise: east, then south-east).
    const turn = turnOf(f);
    const centre = cfg[p] as number;
    const arms = this.armsOf(p);
    for (const a of arms) {
      const target = centre + (DIR_OFFSET[mod6(a + turn)] as number);
      const q = (occ[target] as number) - 1;
      if (q < 0 || q === p) continue;
      const obvious = this.overlapForce(q, target, mod6(a + 2 * turn));
      const mark = this.group.length;
      if (this.propagate(obvious)) continue;
      this.backUp(mark);
      const clawing = this.overlapForce(q, target, mod6(a + 3 * turn));
      if (!this.propagate(clawing)) return false;
    }
    return true;
  }

  /** Undo the forces added to the group since `mark` (the search backs up to try clawing). */
  private backUp(mark: number): void {
    while (this.group.length > mark) {
      const f = this.group.pop() as Force;
      this.pieceMark[forcePiece(f)] = 0;
    }
  }

  /** The current arm directions of a pivot or the hook. */
  private armsOf(p: number): number[] {
    const m = this.m;
    if (m.kind[p] === KIND_HOOK) return [this.cfg[m.n + p] as number];
    const rot = this.cfg[m.n + p] as number;
    return Array.from(m.pivotArms[p] as Int8Array, (a) => mod6(a + rot));
  }

  /**
   * The force on piece q when something pushes into its cell `target` in direction `dir`: a push,
   * or, on an arm, a twist of its pivot "when that makes sense". Ours: it makes sense exactly
   * when the push carries the arm's cell to the next arm position, i.e. dir is the arm's
   * direction turned by ±120°; any other push on an arm pushes the pivot (and is resisted).
   */
  private overlapForce(q: number, target: number, dir: number): Force {
    const kind = this.m.kind[q];
    if ((kind === KIND_PIVOT || kind === KIND_HOOK) && target !== this.cfg[q]) {
      const centre = this.cfg[q] as number;
      for (const a of this.armsOf(q)) {
        if (centre + (DIR_OFFSET[a] as number) !== target) continue;
        if (dir === mod6(a + 2)) return torque(q, 1);
        if (dir === mod6(a - 2)) return torque(q, -1);
      }
    }
    return push(q, dir);
  }

  // "A force is _resisted_ if it is a push on a pivot or on a block which isn't the end of a
  // spring, or it's a torque on a block, or it's a force on a hook which isn't already getting
  // that force this phase as the result of a player move, or it's a force on a wrench which
  // isn't a push in the direction it's already moving."
  private isResisted(f: Force): boolean {
    const p = forcePiece(f);
    switch (this.m.kind[p]) {
      case KIND_PIVOT:
        return isPush(f);
      case KIND_BLOCK:
        return !isPush(f) || this.m.sprungEnd[p] === 0;
      case KIND_HOOK:
        return f !== this.playerForce;
      case KIND_WRENCH:
        return !isPush(f) || forceCode(f) !== this.cfg[2 * this.m.n];
      case KIND_BALL:
        return !isPush(f);
      default:
        return true;
    }
  }

  /** Whether a push in `dir` on block p (the root or the end of s) passes through s. */
  private transmits(s: CompiledSpring, p: number, dir: number): boolean {
    const back = mod6(s.axis + 3);
    if (dir !== s.axis && dir !== back) return true; // Sideways: springs stay straight.
    const length = springLength(s, this.cfg);
    const extends_ = s.end === p ? dir === s.axis : dir === back;
    return extends_ ? length >= springMaxLength(s.natural) : length <= SPRING_MIN_LENGTH;
  }

  // -------------------------------------------------------------------------------------------
  // "Two forces are _inconsistent_ when
  //   * they act on the same piece in different directions, or
  //   * applying both at once results in overlapping pieces.
  //  Two force groups are _inconsistent_ iff there is some force from the first which is
  //  inconsistent with some force from the second."
  // Ours: "overlapping pieces" includes a spring pulled or pushed out of its range (the two
  // groups moving its root and its end), the other way two moves can combine into a state no
  // single move reaches. Returns the first inconsistent pair, or null.
  private inconsistentGroups(a: Force[], b: Force[]): [Force, Force] | null {
    if (a.length === 0 || b.length === 0) return null;
    const { m } = this;
    this.epoch++;
    for (const f of a) {
      this.pieceMark[forcePiece(f)] = this.epoch;
      this.pieceForce[forcePiece(f)] = f;
    }
    for (const g of b) {
      const q = forcePiece(g);
      if (this.pieceMark[q] === this.epoch && this.pieceForce[q] !== g)
        return [this.pieceForce[q] as Force, g];
    }
    // Overlap: mark the cells group a's pieces move into, then look at group b's.
    const owner = this.stampMoved(a);
    for (const g of b) {
      const q = forcePiece(g);
      for (const c of this.movedCells(g)) {
        const o = owner.get(c);
        if (this.mark[c] === this.epoch && o !== undefined && o !== q)
          return [this.pieceForce[o] as Force, g];
      }
    }
    // Springs whose root is moved by one group and end by the other.
    for (const g of b) {
      const q = forcePiece(g);
      for (const si of m.springsOf[q] ?? []) {
        const s = m.springs[si] as CompiledSpring;
        const other = s.root === q ? s.end : s.root;
        if (this.pieceMark[other] !== this.epoch) continue;
        const f = this.pieceForce[other] as Force;
        if (!this.springInRange(s, [f, g])) return [f, g];
      }
    }
    return null;
  }

  /**
   * Ours: a group whose own forces overlap or take a spring out of range (possible only through
   * torques, whose arms push in several directions) is resisted as a whole.
   */
  private selfConsistent(): boolean {
    const g = this.group;
    if (!g.some((f) => !isPush(f))) return true;
    const epoch = ++this.epoch;
    const owner = new Map<number, number>();
    for (const f of g) {
      const p = forcePiece(f);
      for (const c of this.movedCells(f)) {
        if (this.mark[c] === epoch && owner.get(c) !== p) {
          this.resistedBy = f;
          return false;
        }
        this.mark[c] = epoch;
        owner.set(c, p);
      }
    }
    for (const s of this.m.springs) {
      if (!this.springInRange(s, g)) {
        this.resistedBy = g[0] as Force;
        return false;
      }
    }
    return true;
  }

  /** Mark the cells the pieces of a group move into (this.epoch), returning cell → piece. */
  private stampMoved(group: Force[]): Map<number, number> {
    const owner = new Map<number, number>();
    for (const f of group) {
      for (const c of this.movedCells(f)) {
        this.mark[c] = this.epoch;
        owner.set(c, forcePiece(f));
      }
    }
    return owner;
  }

  /** The cells a piece covers once the force is applied. */
  private movedCells(f: Force): number[] {
    const { m, cfg } = this;
    const p = forcePiece(f);
    const out: number[] = [];
    if (isPush(f)) {
      const step = DIR_OFFSET[forceCode(f)] as number;
      cellsOf(m, cfg, p, out);
      for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + step;
      return out;
    }
    const centre = cfg[p] as number;
    out.push(centre);
    for (const a of this.armsOf(p)) out.push(centre + (DIR_OFFSET[mod6(a + turnOf(f))] as number));
    return out;
  }

  /** Whether spring s stays straight and within its range when the given forces are applied. */
  private springInRange(s: CompiledSpring, forces: Force[]): boolean {
    let rootDir = NONE;
    let endDir = NONE;
    for (const f of forces) {
      if (!isPush(f)) continue;
      if (forcePiece(f) === s.root) rootDir = forceCode(f);
      if (forcePiece(f) === s.end) endDir = forceCode(f);
    }
    if (rootDir === endDir) return true;
    const length = springLength(s, this.cfg);
    const along = (d: number) =>
      d === NONE ? 0 : d === s.axis ? 1 : d === mod6(s.axis + 3) ? -1 : Number.NaN;
    const next = length + along(endDir) - along(rootDir);
    return next >= SPRING_MIN_LENGTH && next <= springMaxLength(s.natural);
  }

  // "A force group _dominates_ another iff their initial forces are spring forces, and the root
  // of the first spring is an ancestor of the root of the second spring, where an ancestor of a
  // block B is recursively defined to be a block which is the root of a spring which ends at B,
  // or an ancestor of such a block."
  private dominates(first: number, second: number): boolean {
    const m = this.m;
    const a = (m.springs[first] as CompiledSpring).root;
    const b = (m.springs[second] as CompiledSpring).root;
    return m.ancestor[a * m.n + b] === 1;
  }
}
