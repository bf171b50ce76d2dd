/**
 * The history of picking one lock, shared by the web and terminal clients: every state reached,
 * the moves between them, the turn on screen (undo/redo move along it), named marks to jump back
 * to (vi-style: `m a` sets mark a, `' a` returns to it), and the adjacent-differ colourings
 * (each derived from the one before, so colours do not flicker from turn to turn).
 */

import type { Result } from '../game.ts';
import { colourAdjacentDiffer } from './colouring.ts';
import { type IntricacyState, intricacy } from './game.ts';
import type { Lock } from './lock.ts';
import { type Marks, marksUpTo } from './marks.ts';
import type { ToolMove } from './physics.ts';

export interface Picking {
  readonly states: readonly IntricacyState[];
  readonly moves: readonly ToolMove[];
  readonly colourings: readonly (readonly number[])[];
  readonly at: number;
  /** Named marks: the turn each one saved. */
  readonly marks: Marks;
}

export const startPicking = (lock: Lock): Picking => ({
  states: [intricacy.setup(lock, 0)],
  moves: [],
  colourings: [colourAdjacentDiffer(lock)],
  at: 0,
  marks: {},
});

export const current = (p: Picking): IntricacyState => p.states[p.at] as IntricacyState;

/** Play a move at the turn on screen, dropping any redo history after it. */
export function playMove(p: Picking, move: ToolMove): Result<Picking> {
  const next = intricacy.play(current(p), move);
  if (!next.ok) return next;
  return {
    ok: true,
    value: {
      ...p,
      states: [...p.states.slice(0, p.at + 1), next.value],
      moves: [...p.moves.slice(0, p.at), move],
      colourings: [
        ...p.colourings.slice(0, p.at + 1),
        colourAdjacentDiffer(next.value.lock, p.colourings[p.at]),
      ],
      at: p.at + 1,
      // The states after the turn on screen are replaced, so marks on them no longer mean anything.
      marks: marksUpTo(p.marks, p.at),
    },
  };
}

/** Play a list of moves from the turn on screen; stops at the first refused one. */
export function playMoves(p: Picking, moves: readonly ToolMove[]): { picking: Picking; error?: string } {
  let out = p;
  for (const [i, m] of moves.entries()) {
    const next = playMove(out, m);
    if (!next.ok) return { picking: out, error: `move ${i + 1}: ${next.error}` };
    out = next.value;
  }
  return { picking: out };
}

/** Whether the history holds a turn `at` (undo at the start or redo at the end do not). */
export const hasTurn = (p: Picking, at: number): boolean => at >= 0 && at < p.states.length;

/** Show turn `at` (unchanged when the history has no such turn). */
export const goTo = (p: Picking, at: number): Picking => (hasTurn(p, at) ? { ...p, at } : p);

/** The moves that opened the lock, when the lock is open at the turn on screen. */
export function solution(p: Picking): readonly ToolMove[] | null {
  const first = p.states.findIndex((s) => s.opened);
  return first >= 0 && first <= p.at ? p.moves.slice(0, first) : null;
}

/** Save the turn on screen under `name` (replacing a mark of that name). */
export const setMark = (p: Picking, name: string): Picking => ({ ...p, marks: { ...p.marks, [name]: p.at } });

/**
 * Go back (or on) to a named mark. The history still passes through the marked state (marks on
 * replaced states are dropped), so the redo list is kept.
 */
export function toMark(p: Picking, name: string): Result<Picking> {
  const turn = p.marks[name];
  if (turn === undefined) return { ok: false, error: `no mark ${name}` };
  return { ok: true, value: goTo(p, turn) };
}
