/**
 * Generator of solvable boards, solvable by construction:
 *
 * 1. Peel: starting from the full template, remove two random free cells at a time (never the
 *    centre) until only the centre is left. Removing cells only frees others, and a shape of two
 *    or more cells always has two free cells (its extremes in opposite directions), so this nearly
 *    never gets stuck; when it does (the last cells in a line through the centre) it starts over.
 * 2. Fill: give each removed pair of cells a reacting pair of marbles. Vitae–mors pairs and the
 *    five metal–mercury pairs go to random steps, the metals in increasing order of step (lead
 *    first); the rest are element pairs, and the four salts pair with each other or, two by two,
 *    with one element. Gold takes the centre, removed last.
 *
 * The peel order is then a solution: every pair is free when its turn comes, reacts, and the
 * metals go in order. The harder-board rules of the reference generator keep vitae and mors out
 * of the first VM_DELAY steps and metals out of the first METAL_DELAY steps, so the first moves
 * are among elements and salt, where a careless choice costs something later. The sloppy option
 * drops those rules.
 */
import { createRng, type Rng, type Seed } from '../../grid/index.ts';
import { fail, ok, type Result } from '../game.ts';
import {
  AIR,
  CELL_COUNT,
  CENTRE,
  type Cells,
  EARTH,
  emptyCells,
  GOLD,
  isFree,
  LEAD,
  MERCURY,
  MORS,
  SALT,
  VITAE,
} from './board.ts';
import type { Removal } from './reactions.ts';
import { mirrorCells, TEMPLATE_NAMES, TEMPLATES, type Template, templateByName } from './templates.ts';

/** Vitae and mors are not among the first this many removals of the construction. */
export const VM_DELAY = 4;
/** Metals are not among the first this many removals of the construction. */
export const METAL_DELAY = 8;

const PAIRS = 27;

export interface GenerateOptions {
  /** A template name; by default one is chosen at random. */
  readonly template?: string | null;
  /** Drop the harder-board rules. */
  readonly sloppy?: boolean;
}

export interface GeneratedBoard {
  /** 92 entries: the 91 cells and the off-board sentinel (see board.ts). */
  readonly board: Cells;
  readonly template: string;
  readonly mirrored: boolean;
  /** The construction's removal order: a solution. */
  readonly solution: Removal[];
}

/** Check a template name, with the list of names in the error. */
export function checkTemplate(name: string): Result<string> {
  const t = templateByName(name);
  return t ? ok(t.name) : fail(`unknown template "${name}": choose one of ${TEMPLATE_NAMES.join(', ')}`);
}

/** One board from a seed. The same seed and options give the same board on every machine. */
export function generate(seed: Seed, options: GenerateOptions = {}): Result<GeneratedBoard> {
  let template: Template | undefined;
  if (options.template) {
    const checked = checkTemplate(options.template);
    if (!checked.ok) return fail(checked.error);
    template = templateByName(checked.value);
  }
  return ok(generateWith(createRng(seed), template, options.sloppy === true));
}

/** One board drawn from an rng (for callers that generate many from one stream). */
export function generateWith(rng: Rng, template: Template | undefined, sloppy: boolean): GeneratedBoard {
  const t = template ?? rng.pick(TEMPLATES);
  const mirrored = rng.nextInt(2) === 1;
  const cells = mirrored ? mirrorCells(t.cells) : t.cells;
  for (;;) {
    const order = peel(cells, rng);
    if (order) return fill(order, t.name, mirrored, rng, sloppy);
  }
}

/** The cells removed two at a time, in removal order; null when the peel got stuck. */
function peel(cells: readonly number[], rng: Rng): Int32Array | null {
  const occupied = emptyCells();
  for (const c of cells) occupied[c] = 1;
  const order = new Int32Array(PAIRS * 2);
  const free = new Int32Array(CELL_COUNT);
  for (let step = 0; step < PAIRS; step++) {
    let n = 0;
    for (const c of cells) if (c !== CENTRE && occupied[c] === 1 && isFree(occupied, c)) free[n++] = c;
    if (n < 2) return null;
    const i = rng.nextInt(n);
    let j = rng.nextInt(n - 1);
    if (j >= i) j++;
    const a = free[i] as number;
    const b = free[j] as number;
    occupied[a] = 0;
    occupied[b] = 0;
    order[2 * step] = a;
    order[2 * step + 1] = b;
  }
  return order;
}

/** Kinds of the 27 pairs, before they are placed: [kind of one marble, kind of the other]. */
function elementPairs(rng: Rng): [number, number][] {
  const pairs: [number, number][] = [];
  const remaining = [0, 8, 8, 8, 8];
  // Four salts: two salt–salt pairs, or one and an element twice with salt, or two elements
  // (possibly the same) twice each. An element paired with salt must be so twice to stay even.
  const pattern = rng.nextInt(3);
  const saltPairs = 2 - pattern;
  for (let i = 0; i < saltPairs; i++) pairs.push([SALT, SALT]);
  for (let i = 0; i < pattern; i++) {
    const element = AIR + rng.nextInt(4);
    remaining[element] = (remaining[element] as number) - 2;
    pairs.push([element, SALT], [element, SALT]);
  }
  for (let k = AIR; k <= EARTH; k++) {
    for (let i = 0; i < (remaining[k] as number) / 2; i++) pairs.push([k, k]);
  }
  return pairs;
}

function fill(
  order: Int32Array,
  template: string,
  mirrored: boolean,
  rng: Rng,
  sloppy: boolean,
): GeneratedBoard {
  const kinds: ([number, number] | null)[] = new Array(PAIRS).fill(null);
  const pickSteps = (count: number, from: number): number[] => {
    const open: number[] = [];
    for (let s = from; s < PAIRS; s++) if (kinds[s] === null) open.push(s);
    rng.shuffle(open);
    return open.slice(0, count).sort((a, b) => a - b);
  };
  for (const s of pickSteps(4, sloppy ? 0 : VM_DELAY)) kinds[s] = [VITAE, MORS];
  for (const [i, s] of pickSteps(5, sloppy ? 0 : METAL_DELAY).entries()) kinds[s] = [LEAD + i, MERCURY];
  const rest = rng.shuffle(elementPairs(rng));
  for (let s = 0; s < PAIRS; s++) if (kinds[s] === null) kinds[s] = rest.pop() as [number, number];

  const board = emptyCells();
  const solution: Removal[] = [];
  for (let s = 0; s < PAIRS; s++) {
    const [ka, kb] = kinds[s] as [number, number];
    const flip = rng.nextInt(2) === 1;
    const a = order[2 * s] as number;
    const b = order[2 * s + 1] as number;
    board[a] = flip ? kb : ka;
    board[b] = flip ? ka : kb;
    solution.push(a < b ? [a, b] : [b, a]);
  }
  board[CENTRE] = GOLD;
  solution.push([CENTRE]);
  return { board, template, mirrored, solution };
}
