/**
 * What a tap on the board means while picking: a tap on a tool chooses it, a tap on a cell next
 * to the chosen tool moves it there.
 */
import type { Lock, ToolMove } from '../../games/intricacy/index.ts';
import { HEX_DIRECTIONS, type Hex, hexAdd, hexDirectionOf, hexEquals, hexSub } from '../../grid/index.ts';

export type Tool = 'hook' | 'wrench';

export type ToolTap =
  | { readonly kind: 'choose'; readonly tool: Tool }
  | { readonly kind: 'move'; readonly move: ToolMove }
  /** A cell that is neither a tool nor next to the chosen one. */
  | { readonly kind: 'far'; readonly message: string };

/** What a tap on `cell` does with `tool` chosen; null when the lock has no hook or wrench. */
export function toolTap(lock: Lock, tool: Tool, cell: Hex): ToolTap | null {
  const hook = lock.pieces[2];
  const wrench = lock.pieces[3];
  if (hook?.kind !== 'hook' || wrench?.kind !== 'wrench') return null;
  const armEnd = hexAdd(hook.centre, HEX_DIRECTIONS[hook.arm] as Hex);
  if (hexEquals(cell, hook.centre) || hexEquals(cell, armEnd)) return { kind: 'choose', tool: 'hook' };
  if (hexEquals(cell, wrench.at)) return { kind: 'choose', tool: 'wrench' };
  const dir = hexDirectionOf(hexSub(cell, tool === 'hook' ? hook.centre : wrench.at));
  if (dir < 0)
    return {
      kind: 'far',
      message: `Tap a cell next to the ${tool} to move it, or tap the other tool to choose it.`,
    };
  return { kind: 'move', move: tool === 'hook' ? { tool: 'hook', dir } : { tool: 'wrench', dir } };
}
