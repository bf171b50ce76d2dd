/**
 * Lock-picking actions and their keys. The defaults are the original's (vi-like hex keys for the
 * hook, the same letters in capitals for the wrench, keypad 5 to wait); every action can be
 * rebound, and the bindings are saved in localStorage. The letter or digit naming a mark after
 * the mark keys is not an action: any of them names a mark.
 */
import type { ToolMove } from '../../games/intricacy/index.ts';
import { HEX_DIRECTION_NAMES } from '../../grid/hex.ts';

export type Action =
  | `hook${(typeof HEX_DIRECTION_NAMES)[number]}`
  | `wrench${(typeof HEX_DIRECTION_NAMES)[number]}`
  | 'hookCCW'
  | 'hookCW'
  | 'wait'
  | 'undo'
  | 'redo'
  | 'reset'
  | 'mark'
  | 'toMark'
  | 'replay';

export interface ActionInfo {
  readonly id: Action;
  readonly label: string;
  readonly move?: ToolMove;
}

const DIR_WORDS = ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east'];

export const ACTIONS: readonly ActionInfo[] = [
  ...HEX_DIRECTION_NAMES.map(
    (d, dir): ActionInfo => ({
      id: `hook${d}`,
      label: `Hook ${DIR_WORDS[dir]}`,
      move: { tool: 'hook', dir },
    }),
  ),
  { id: 'hookCCW', label: 'Hook turn anticlockwise', move: { tool: 'hook', turn: 1 } },
  { id: 'hookCW', label: 'Hook turn clockwise', move: { tool: 'hook', turn: -1 } },
  ...HEX_DIRECTION_NAMES.map(
    (d, dir): ActionInfo => ({
      id: `wrench${d}`,
      label: `Wrench ${DIR_WORDS[dir]}`,
      move: { tool: 'wrench', dir },
    }),
  ),
  { id: 'wait', label: 'Wait', move: { tool: 'wait' } },
  { id: 'undo', label: 'Undo' },
  { id: 'redo', label: 'Redo' },
  { id: 'reset', label: 'Reset' },
  // Each is followed by the mark's name, a letter or digit (not a binding), as in vi.
  { id: 'mark', label: 'Set mark (then its name)' },
  { id: 'toMark', label: 'Back to mark (then its name)' },
  { id: 'replay', label: 'Replay' },
];

export type KeyMap = Readonly<Record<Action, readonly string[]>>;

// shared/intricacy.md: hook l/h ±hu, u/b ±hw, y/n ±hv, k/j turn; capitals move the wrench.
export const DEFAULT_KEYS: KeyMap = {
  hookE: ['l'],
  hookNE: ['u'],
  hookNW: ['y'],
  hookW: ['h'],
  hookSW: ['b'],
  hookSE: ['n'],
  hookCCW: ['k'],
  hookCW: ['j'],
  wrenchE: ['L'],
  wrenchNE: ['U'],
  wrenchNW: ['Y'],
  wrenchW: ['H'],
  wrenchSW: ['B'],
  wrenchSE: ['N'],
  wait: [' ', '.', '5'],
  undo: ['z', 'Backspace'],
  redo: ['x'],
  reset: ['r'],
  mark: ['m'],
  toMark: ["'"],
  replay: ['p'],
};

/** A stored key map, filled in from the defaults for actions it does not name. */
export function readKeyMap(stored: unknown): KeyMap {
  const out: Record<string, readonly string[]> = { ...DEFAULT_KEYS };
  if (typeof stored === 'object' && stored !== null) {
    for (const { id } of ACTIONS) {
      const keys = (stored as Record<string, unknown>)[id];
      if (Array.isArray(keys) && keys.every((k) => typeof k === 'string')) out[id] = keys;
    }
  }
  return out as KeyMap;
}

export function actionOfKey(map: KeyMap, key: string): Action | undefined {
  return ACTIONS.find(({ id }) => map[id].includes(key))?.id;
}

/** Bind `key` to `action`, taking it away from any other action. */
export function bindKey(map: KeyMap, action: Action, key: string): KeyMap {
  const out: Record<string, readonly string[]> = {};
  for (const { id } of ACTIONS) out[id] = map[id].filter((k) => k !== key);
  out[action] = [...(out[action] ?? []), key];
  return out as KeyMap;
}

export function unbindKey(map: KeyMap, action: Action, key: string): KeyMap {
  return { ...map, [action]: map[action].filter((k) => k !== key) };
}

export const keyName = (key: string): string => (key === ' ' ? 'Space' : key);

/** The first key of an action, for button titles ("key l"). */
export function keyHint(map: KeyMap, action: Action): string {
  const k = map[action][0];
  return k === undefined ? 'no key' : `key ${keyName(k)}`;
}
