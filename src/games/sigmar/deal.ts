/**
 * Dealing a board of a wanted difficulty: generate from the seed's random stream and grade each
 * board until one has the asked difficulty. Deterministic: the same seed and options deal the
 * same board everywhere. If none turns up within MAX_TRIES (a template may rarely or never give a
 * hard board), the board whose grade came closest is dealt and `matched` is false.
 */
import { createRng } from '../../grid/index.ts';
import { type GeneratedBoard, generateWith } from './generator.ts';
import { type Difficulty, EASY_FROM, type Grade, gradeBoard, HARD_BELOW } from './grade.ts';
import { templateByName } from './templates.ts';

export const MAX_TRIES = 400;

export interface DealOptions {
  readonly template?: string | null;
  readonly difficulty?: Difficulty | null;
  readonly sloppy?: boolean;
}

export interface Dealt extends GeneratedBoard {
  /** The grade, when a difficulty was asked for (grading costs a few milliseconds). */
  readonly grade: Grade | null;
  readonly matched: boolean;
}

/** Deal one board. The template name must be valid (see checkTemplate). */
export function generateGraded(seed: number, options: DealOptions): Dealt {
  const rng = createRng(seed);
  const template = options.template ? templateByName(options.template) : undefined;
  if (options.template && !template) throw new Error(`unknown template ${options.template}`);
  const sloppy = options.sloppy === true;
  const wanted = options.difficulty ?? null;
  if (wanted === null) return { ...generateWith(rng, template, sloppy), grade: null, matched: true };
  let best: Dealt | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < MAX_TRIES; i++) {
    const board = generateWith(rng, template, sloppy);
    const grade = gradeBoard(board.board);
    if (grade.difficulty === wanted) return { ...board, grade, matched: true };
    const distance = distanceTo(wanted, grade.clearRate);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = { ...board, grade, matched: false };
    }
  }
  return best as Dealt;
}

function distanceTo(wanted: Difficulty, rate: number): number {
  if (wanted === 'easy') return EASY_FROM - rate;
  if (wanted === 'hard') return rate - HARD_BELOW;
  return Math.min(Math.abs(rate - HARD_BELOW), Math.abs(rate - EASY_FROM));
}
