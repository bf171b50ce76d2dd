/**
 * What a player can do while picking a lock, shared by the web and terminal clients: the action
 * ids, what each is called, the tool move each makes, and the default keys as data (the
 * original's vi-like scheme, the later WASD-like one and the numeric keypad). Keys are named in
 * one neutral way (a printable character, or "space", "backspace"); each client turns these
 * names into its own (DOM key values, Ink's key reports) and keeps its own rebinding.
 */
import { HEX_DIRECTION_NAMES } from '../../grid/index.ts';
import type { ToolMove } from './physics.ts';

type Dir = (typeof HEX_DIRECTION_NAMES)[number];

export type PickAction =
  | `hook${Dir}`
  | `wrench${Dir}`
  | 'hookCCW'
  | 'hookCW'
  | 'wait'
  | 'undo'
  | 'redo'
  | 'reset'
  | 'mark'
  | 'toMark'
  | 'replay';

export interface PickActionInfo {
  readonly id: PickAction;
  /** Its name in a list of settings ("Hook east"). */
  readonly label: string;
  /** Its name in a one-line key help ("hook east"). */
  readonly short: string;
  /** The tool move it makes; none for the screen's own commands (undo, marks, …). */
  readonly move?: ToolMove;
}

const DIR_WORDS = ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east'];

const toolActions = (tool: 'hook' | 'wrench', name: string): PickActionInfo[] =>
  HEX_DIRECTION_NAMES.map((d, dir) => ({
    id: `${tool}${d}`,
    label: `${name} ${DIR_WORDS[dir]}`,
    short: `${tool} ${DIR_WORDS[dir]}`,
    move: tool === 'hook' ? { tool: 'hook', dir } : { tool: 'wrench', dir },
  }));

/** Every picking action, in the order help lists and settings tables show them. */
export const PICK_ACTIONS: readonly PickActionInfo[] = [
  ...toolActions('hook', 'Hook'),
  {
    id: 'hookCCW',
    label: 'Hook turn anticlockwise',
    short: 'turn the hook anticlockwise',
    move: { tool: 'hook', turn: 1 },
  },
  {
    id: 'hookCW',
    label: 'Hook turn clockwise',
    short: 'turn the hook clockwise',
    move: { tool: 'hook', turn: -1 },
  },
  ...toolActions('wrench', 'Wrench'),
  { id: 'wait', label: 'Wait', short: 'wait a turn', move: { tool: 'wait' } },
  { id: 'undo', label: 'Undo', short: 'undo' },
  { id: 'redo', label: 'Redo', short: 'redo' },
  { id: 'reset', label: 'Reset', short: 'back to the start' },
  // Each is followed by the mark's name, a letter or digit (not a binding), as in vi.
  { id: 'mark', label: 'Set mark (then its name)', short: 'set mark + letter/digit' },
  { id: 'toMark', label: 'Back to mark (then its name)', short: 'back to mark + its letter' },
  { id: 'replay', label: 'Replay', short: 'replay from the start' },
];

export const PICK_ACTION_IDS: readonly PickAction[] = PICK_ACTIONS.map((a) => a.id);

export const isPickAction = (name: string): name is PickAction =>
  (PICK_ACTION_IDS as readonly string[]).includes(name);

/** The tool move an action makes, or null for any other action (a client's own commands too). */
export const moveOf = (action: string): ToolMove | null =>
  PICK_ACTIONS.find((a) => a.id === action)?.move ?? null;

/** The hex direction an action stands for (hook and wrench moves alike), e.g. for cursors. */
export function directionOf(action: string): number | null {
  const move = moveOf(action);
  return move && 'dir' in move ? move.dir : null;
}

/** The keys of each picking action, in the neutral names above. */
export type PickKeys = Readonly<Record<PickAction, readonly string[]>>;

type ToolDirAction = `hook${Dir}` | `wrench${Dir}`;

/** Six keys for the hook's six directions, E NE NW W SW SE; the wrench takes their capitals. */
function dirKeys(keys: readonly string[]): Record<ToolDirAction, readonly string[]> {
  const out = {} as Record<ToolDirAction, readonly string[]>;
  for (const [i, d] of HEX_DIRECTION_NAMES.entries()) {
    const k = keys[i] as string;
    out[`hook${d}`] = [k];
    out[`wrench${d}`] = [k.toUpperCase()];
  }
  return out;
}

/**
 * The original Intricacy program's default keys: hook l/h ±hu, u/b ±hw, y/n ±hv, k/j turn;
 * capitals move the wrench; . or space waits.
 */
export const ORIGINAL_KEYS: PickKeys = {
  ...dirKeys(['l', 'u', 'y', 'h', 'b', 'n']),
  hookCCW: ['k'],
  hookCW: ['j'],
  wait: ['.', 'space'],
  undo: ['z', 'backspace'],
  redo: ['x'],
  reset: ['r'],
  mark: ['m'],
  toMark: ["'"],
  replay: ['p'],
};

/** The later WASD-like scheme: the six keys around s are the six directions, s waits. */
export const WASD_KEYS: PickKeys = {
  ...dirKeys(['d', 'e', 'w', 'a', 'z', 'x']),
  hookCCW: ['q'],
  hookCW: ['r'],
  wait: ['s', '.', 'space'],
  undo: ['u', 'backspace'],
  redo: ['i'],
  reset: ['R'],
  mark: ['m'],
  toMark: ["'"],
  replay: ['p'],
};

/** The numeric keypad: the six keys around 5 move the hook, 8 and 2 turn it, 5 waits. */
export const KEYPAD_KEYS: Partial<PickKeys> = {
  hookE: ['6'],
  hookNE: ['9'],
  hookNW: ['7'],
  hookW: ['4'],
  hookSW: ['1'],
  hookSE: ['3'],
  hookCCW: ['8'],
  hookCW: ['2'],
  wait: ['5'],
};

/** A key map with each action's keys made by `keysOf`. */
export function pickKeys(keysOf: (action: PickAction) => readonly string[]): PickKeys {
  const out = {} as Record<PickAction, readonly string[]>;
  for (const a of PICK_ACTION_IDS) out[a] = keysOf(a);
  return out;
}

/** A scheme with the keypad's keys added after its own. */
export const withKeypad = (keys: PickKeys): PickKeys =>
  pickKeys((a) => [...keys[a], ...(KEYPAD_KEYS[a] ?? []).filter((k) => !keys[a].includes(k))]);
