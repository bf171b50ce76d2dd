/**
 * Which marbles react (as in Ondřej Hruška's web reimplementation of Sigmar's Garden): vitae with
 * mors; an element with the same element or with salt; salt with salt; mercury with the lowest
 * metal still on the board (lead, tin, iron, copper, silver in that order); gold alone once it is
 * the only metal left. Shared by the rules, the solver, the generator and the grader.
 */
import {
  CELL_COUNT,
  type Cells,
  EMPTY,
  GOLD,
  isBaseMetal,
  isFree,
  LEAD,
  MERCURY,
  MORS,
  SALT,
  SILVER,
  VITAE,
} from './board.ts';

/**
 * The metal that may be removed now: the lowest base metal present, GOLD when no base metal is
 * left (gold is then removed alone), or EMPTY when no metal is left at all.
 */
export function activeMetal(board: Cells): number {
  let gold = false;
  let lowest = 99;
  for (let i = 0; i < CELL_COUNT; i++) {
    const k = board[i] as number;
    if (k >= LEAD && k <= SILVER && k < lowest) lowest = k;
    else if (k === GOLD) gold = true;
  }
  return lowest !== 99 ? lowest : gold ? GOLD : EMPTY;
}

/** Whether marbles of kinds a and b react, given the active metal. */
export function reacts(a: number, b: number, active: number): boolean {
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  if (a === EMPTY) return false;
  if (b <= SALT) return a === b || b === SALT; // elements and salt
  if (a === VITAE) return b === MORS;
  if (a === MERCURY) return isBaseMetal(b) && b === active;
  return false;
}

/** A removal: two cells that react, or the gold cell alone. Cells in increasing order. */
export type Removal = readonly [number] | readonly [number, number];

/** Every marble that is free now, in cell order. */
export function freeCells(board: Cells): number[] {
  const free: number[] = [];
  for (let i = 0; i < CELL_COUNT; i++) if (board[i] !== EMPTY && isFree(board, i)) free.push(i);
  return free;
}

/** Every legal removal on a board, in cell order. */
export function legalRemovals(board: Cells): Removal[] {
  const free = freeCells(board);
  const active = activeMetal(board);
  const moves: Removal[] = [];
  for (let i = 0; i < free.length; i++) {
    const a = free[i] as number;
    const ka = board[a] as number;
    if (ka === GOLD) {
      if (active === GOLD) moves.push([a]);
      continue;
    }
    for (let j = i + 1; j < free.length; j++) {
      const b = free[j] as number;
      if (reacts(ka, board[b] as number, active)) moves.push([a, b]);
    }
  }
  return moves;
}

/** Why a removal is illegal on this board, or null when it is legal. */
export function removalError(
  board: Cells,
  cells: readonly number[],
  name: (cell: number) => string,
): string | null {
  for (const c of cells) {
    if (!Number.isInteger(c) || c < 0 || c >= CELL_COUNT) return `there is no cell ${c}`;
    if (board[c] === EMPTY) return `${name(c)} is empty`;
  }
  for (const c of cells) {
    if (!isFree(board, c)) return `${name(c)} is not free (it needs three empty neighbours in a row)`;
  }
  const active = activeMetal(board);
  if (cells.length === 1) {
    const c = cells[0] as number;
    if (board[c] !== GOLD) return `${name(c)} cannot be removed alone: only gold can`;
    if (active !== GOLD) return 'gold is removed only after every other metal is gone';
    return null;
  }
  if (cells.length !== 2) return 'a move removes two marbles, or gold alone';
  const [a, b] = cells as [number, number];
  if (a === b) return 'name two different cells';
  const ka = board[a] as number;
  const kb = board[b] as number;
  if (reacts(ka, kb, active)) return null;
  if ((ka === MERCURY && isBaseMetal(kb)) || (kb === MERCURY && isBaseMetal(ka))) {
    return `mercury takes only the lowest metal on the board now`;
  }
  if (ka === GOLD || kb === GOLD) return 'gold is removed alone, after every other metal';
  return 'those marbles do not react';
}
