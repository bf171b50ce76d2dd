/**
 * The history of picking one lock: every state reached, the moves between them, the turn on
 * screen (undo/redo move along it), named marks to jump back to (vi-style: `m a` sets mark a,
 * `' a` returns to it), and the adjacent-differ colourings
 * (each derived from the one before, so colours do not flicker from turn to turn).
 */

import {
  colourAdjacentDiffer,
  type IntricacyState,
  intricacy,
  type Lock,
  type ToolMove,
} from '../../games/intricacy/index.ts';
import { marksUpTo } from '../../games/intricacy/marks.ts';

export interface Picking {
  readonly states: readonly IntricacyState[];
  readonly moves: readonly ToolMove[];
  readonly colourings: readonly (readonly number[])[];
  readonly at: number;
  /** Named marks: the turn each one saved. */
  readonly marks: Readonly<Record<string, number>>;
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
export function playMove(
  p: Picking,
  move: ToolMove,
): { ok: true; value: Picking } | { ok: false; error: string } {
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

export const goTo = (p: Picking, at: number): Picking => (at < 0 || at >= p.states.length ? p : { ...p, at });

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
export function toMark(
  p: Picking,
  name: string,
): { ok: true; value: Picking } | { ok: false; error: string } {
  const turn = p.marks[name];
  if (turn === undefined) return { ok: false, error: `no mark ${name}` };
  return { ok: true, value: goTo(p, turn) };
}
