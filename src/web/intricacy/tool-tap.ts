/**
 * What a tap on the board means while picking, so every move has a tap:
 * - a tap on a tool chooses it (the hook by its centre or its arm's end, the wrench by its cell);
 * - with a tool chosen, a tap on a cell next to it moves it one step there; for the hook that
 *   includes its own arm's end, which pushes it along its arm;
 * - with the hook chosen, a tap on one of the two cells just beyond its arm's end, to either
 *   side (drawn with a curved arrow), turns it: the arm swings towards the cell tapped.
 */
import type { Hook, Lock, ToolMove } from '../../games/intricacy/index.ts';
import { HEX_DIRECTIONS, type Hex, hexAdd, hexDirectionOf, hexEquals, hexSub } from '../../grid/index.ts';

export type Tool = 'hook' | 'wrench';

export type ToolTap =
  | { readonly kind: 'choose'; readonly tool: Tool }
  | { readonly kind: 'move'; readonly move: ToolMove }
  /** A cell that means nothing with this tool chosen, and what to tap instead. */
  | { readonly kind: 'far'; readonly message: string };

/** A cell that turns the hook when tapped, and the way it turns (1 anticlockwise, −1 clockwise). */
export interface TurnTarget {
  readonly cell: Hex;
  readonly turn: 1 | -1;
}

const step = (from: Hex, dir: number): Hex => hexAdd(from, HEX_DIRECTIONS[((dir % 6) + 6) % 6] as Hex);

/** The hook's two turning cells: beyond its arm's end, on the side the arm swings to. */
export function turnTargets(hook: Hook): readonly TurnTarget[] {
  const end = step(hook.centre, hook.arm);
  return [
    { cell: step(end, hook.arm + 1), turn: 1 },
    { cell: step(end, hook.arm - 1), turn: -1 },
  ];
}

const HOOK_HELP =
  'Tap a cell next to the hook to move it (its arm’s end pushes along the arm), a curved arrow beside its arm to turn it, or the wrench to choose it.';
const WRENCH_HELP = 'Tap a cell next to the wrench to move it, or the hook to choose it.';

/** What a tap on `cell` does with `tool` chosen; null when the lock has no hook or wrench. */
export function toolTap(lock: Lock, tool: Tool, cell: Hex): ToolTap | null {
  const hook = lock.pieces[2];
  const wrench = lock.pieces[3];
  if (hook?.kind !== 'hook' || wrench?.kind !== 'wrench') return null;
  const armEnd = step(hook.centre, hook.arm);
  if (hexEquals(cell, wrench.at)) return tool === 'wrench' ? far(WRENCH_HELP) : choose('wrench');
  if (hexEquals(cell, hook.centre)) return tool === 'hook' ? far(HOOK_HELP) : choose('hook');
  if (tool === 'wrench') {
    if (hexEquals(cell, armEnd)) return choose('hook');
    const dir = hexDirectionOf(hexSub(cell, wrench.at));
    return dir < 0 ? far(WRENCH_HELP) : { kind: 'move', move: { tool: 'wrench', dir } };
  }
  const dir = hexDirectionOf(hexSub(cell, hook.centre));
  if (dir >= 0) return { kind: 'move', move: { tool: 'hook', dir } };
  const turn = turnTargets(hook).find((t) => hexEquals(t.cell, cell));
  return turn ? { kind: 'move', move: { tool: 'hook', turn: turn.turn } } : far(HOOK_HELP);
}

const choose = (tool: Tool): ToolTap => ({ kind: 'choose', tool });
const far = (message: string): ToolTap => ({ kind: 'far', message });
