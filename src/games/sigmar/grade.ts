/**
 * Difficulty of a board, measured the way a newcomer meets it: how often random play (a uniformly
 * random legal removal at every step) clears the board. The reference boards clear about 13% of
 * the time. The playouts are seeded from the board itself, so a board always gets the same grade.
 */
import { createRng, hashString, type Rng } from '../../grid/index.ts';
import { CELL_COUNT, type Cells, EMPTY, formatBoard, GOLD, isFree } from './board.ts';
import { activeMetal, reacts } from './reactions.ts';

export type Difficulty = 'easy' | 'normal' | 'hard';
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'normal', 'hard'];

/** Playouts per grade: enough to tell 5% from 20% reliably, cheap enough to grade many boards. */
export const PLAYOUTS = 100;
/** Random play clears an easy board at least this often, a hard one less often than HARD_BELOW. */
export const EASY_FROM = 0.2;
export const HARD_BELOW = 0.06;

export interface Grade {
  readonly difficulty: Difficulty;
  /** Share of random playouts that cleared the board. */
  readonly clearRate: number;
  /** Marbles free at the start. */
  readonly freeAtStart: number;
  /** Legal moves at the start. */
  readonly firstMoves: number;
}

export function difficultyOf(clearRate: number): Difficulty {
  return clearRate >= EASY_FROM ? 'easy' : clearRate < HARD_BELOW ? 'hard' : 'normal';
}

export function gradeBoard(board: Cells, playouts = PLAYOUTS): Grade {
  const rng = createRng(hashString(formatBoard(board)));
  const work = new Uint8Array(CELL_COUNT + 1);
  let cleared = 0;
  for (let p = 0; p < playouts; p++) {
    work.set(board);
    if (randomPlayout(work, rng)) cleared++;
  }
  const clearRate = cleared / playouts;
  const free = freeList(board);
  return {
    difficulty: difficultyOf(clearRate),
    clearRate,
    freeAtStart: free.length,
    firstMoves: countMoves(board, free, activeMetal(board)),
  };
}

function freeList(board: Cells): number[] {
  const free: number[] = [];
  for (let i = 0; i < CELL_COUNT; i++) if (board[i] !== EMPTY && isFree(board, i)) free.push(i);
  return free;
}

function countMoves(board: Cells, free: readonly number[], active: number): number {
  let n = 0;
  for (let i = 0; i < free.length; i++) {
    const ka = board[free[i] as number] as number;
    if (ka === GOLD) {
      if (active === GOLD) n++;
      continue;
    }
    for (let j = i + 1; j < free.length; j++) if (reacts(ka, board[free[j] as number] as number, active)) n++;
  }
  return n;
}

/** Play uniformly random legal removals until the board is clear (true) or stuck (false). */
export function randomPlayout(board: Cells, rng: Rng): boolean {
  for (;;) {
    const free = freeList(board);
    if (free.length === 0) return board.indexOf(EMPTY) === -1 ? false : !board.some((k) => k !== EMPTY);
    const active = activeMetal(board);
    const n = countMoves(board, free, active);
    if (n === 0) return false;
    let pick = rng.nextInt(n);
    outer: for (let i = 0; i < free.length; i++) {
      const a = free[i] as number;
      const ka = board[a] as number;
      if (ka === GOLD) {
        if (active === GOLD && pick-- === 0) {
          board[a] = EMPTY;
          break;
        }
        continue;
      }
      for (let j = i + 1; j < free.length; j++) {
        const b = free[j] as number;
        if (reacts(ka, board[b] as number, active) && pick-- === 0) {
          board[a] = EMPTY;
          board[b] = EMPTY;
          break outer;
        }
      }
    }
  }
}
