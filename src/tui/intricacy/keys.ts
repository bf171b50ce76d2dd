/**
 * Key bindings of the Intricacy screens. Two schemes: the original's default keys (vi-like hex
 * directions, shared/intricacy.md) and the later WASD-like one (the six keys around "s" are
 * the six hex directions); both also take the numeric keypad (5 waits). Any action can be
 * rebound in keys.json under the user's config directory:
 *
 *   { "intricacy": { "scheme": "wasd", "bind": { "undo": "backspace", "wait": ["s", "space"] } } }
 *
 * A bound action gets exactly the keys given, and those keys leave whatever action had them.
 */
import type { Key } from 'ink';
import type { ToolMove } from '../../games/intricacy/index.ts';
import { readConfigJson } from '../config.ts';

export const KEYS_FILE = 'keys.json';

const DIRS = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;

/** Every action a key can do, with what the help line calls it. */
export const ACTIONS = {
  hookE: 'hook east',
  hookNE: 'hook north-east',
  hookNW: 'hook north-west',
  hookW: 'hook west',
  hookSW: 'hook south-west',
  hookSE: 'hook south-east',
  hookCCW: 'turn the hook anticlockwise',
  hookCW: 'turn the hook clockwise',
  wrenchE: 'wrench east',
  wrenchNE: 'wrench north-east',
  wrenchNW: 'wrench north-west',
  wrenchW: 'wrench west',
  wrenchSW: 'wrench south-west',
  wrenchSE: 'wrench south-east',
  wait: 'wait a turn',
  undo: 'undo',
  redo: 'redo',
  reset: 'back to the start',
  mark: 'set mark + letter/digit',
  toMark: 'back to mark + its letter',
  replay: 'replay from the start',
  colours: 'colouring mode',
  annotations: 'blockage annotations',
  help: 'show all keys',
  quit: 'leave',
} as const;
export type Action = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

export type Scheme = 'original' | 'wasd';
export const SCHEMES: readonly Scheme[] = ['original', 'wasd'];

/** The keys of each action; a key is a printable character or a name such as "space", "ctrl+r". */
export type Bindings = Readonly<Record<Action, readonly string[]>>;

const KEYPAD = { E: '6', NE: '9', NW: '7', W: '4', SW: '1', SE: '3', CCW: '8', CW: '2' } as const;

function scheme(dirKeys: Record<(typeof DIRS)[number], string>, turns: [string, string]) {
  const out: Partial<Record<Action, string[]>> = {};
  for (const d of DIRS) {
    out[`hook${d}`] = [dirKeys[d], KEYPAD[d]];
    out[`wrench${d}`] = [dirKeys[d].toUpperCase()];
  }
  out.hookCCW = [turns[0], KEYPAD.CCW];
  out.hookCW = [turns[1], KEYPAD.CW];
  return out as Record<Action, string[]>;
}

export const DEFAULT_BINDINGS: Readonly<Record<Scheme, Bindings>> = {
  original: {
    ...scheme({ E: 'l', NE: 'u', NW: 'y', W: 'h', SW: 'b', SE: 'n' }, ['k', 'j']),
    wait: ['.', 'space', '5'],
    undo: ['z', 'backspace'],
    redo: ['x'],
    reset: ['r', 'R'],
    mark: ['m'],
    toMark: ["'"],
    replay: ['p'],
    colours: ['c'],
    annotations: ['v'],
    help: ['?'],
    quit: ['q', 'escape'],
  },
  wasd: {
    ...scheme({ E: 'd', NE: 'e', NW: 'w', W: 'a', SW: 'z', SE: 'x' }, ['q', 'r']),
    wait: ['s', '.', 'space', '5'],
    undo: ['u', 'backspace'],
    redo: ['i'],
    reset: ['R'],
    mark: ['m'],
    toMark: ["'"],
    replay: ['p'],
    colours: ['c'],
    annotations: ['v'],
    help: ['?'],
    quit: ['Q', 'escape'],
  },
};

const NAMED = [
  'space',
  'enter',
  'escape',
  'tab',
  'backspace',
  'delete',
  'up',
  'down',
  'left',
  'right',
  'pageup',
  'pagedown',
  'home',
  'end',
];

/** Whether a string names a key the screens can tell apart. */
export function isKeyName(name: string): boolean {
  if (NAMED.includes(name)) return true;
  if (/^ctrl\+[a-z]$/.test(name)) return name !== 'ctrl+c'; // ctrl+c always quits the program
  return [...name].length === 1 && name > ' ' && name !== '\u007f';
}

/** The name of the key Ink reported, in the same names as the bindings. */
export function keyName(input: string, key: Key): string | null {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return 'tab';
  if (key.backspace) return 'backspace';
  if (key.delete) return 'delete';
  if (input === ' ') return 'space';
  if (key.ctrl && /^[a-z]$/.test(input)) return `ctrl+${input}`;
  return [...input].length === 1 ? input : null;
}

/**
 * The keys in one chunk of input: usually one, but several printable characters arrive together
 * when typed fast or pasted, and each is its own key press.
 */
export function keyNames(input: string, key: Key): string[] {
  const one = keyName(input, key);
  if (one !== null) return [one];
  if (key.ctrl || key.meta) return [];
  return [...input].filter((c) => c >= ' ' && c !== '\u007f').map((c) => (c === ' ' ? 'space' : c));
}

export interface KeyConfig {
  readonly scheme: Scheme;
  readonly bindings: Bindings;
}

/**
 * The bindings a keys.json value asks for. Errors name the bad entry, e.g.
 * `intricacy.bind.hookEast: unknown action (known: hookE, …)`.
 */
export function parseKeyConfig(
  value: unknown,
): { ok: true; value: KeyConfig } | { ok: false; error: string } {
  const bad = (error: string) => ({ ok: false as const, error });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return bad('the file must hold a JSON object such as {"intricacy": {"scheme": "wasd"}}');
  for (const section of Object.keys(value)) {
    if (section !== 'intricacy') return bad(`"${section}": unknown section (known: intricacy)`);
  }
  const mine = (value as Record<string, unknown>).intricacy;
  if (mine === undefined)
    return { ok: true, value: { scheme: 'original', bindings: DEFAULT_BINDINGS.original } };
  if (typeof mine !== 'object' || mine === null || Array.isArray(mine))
    return bad('intricacy: must be an object with "scheme" and/or "bind"');
  const o = mine as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (k !== 'scheme' && k !== 'bind') return bad(`intricacy.${k}: unknown setting (known: scheme, bind)`);
  }
  const schemeName = o.scheme ?? 'original';
  if (typeof schemeName !== 'string' || !SCHEMES.includes(schemeName as Scheme))
    return bad(
      `intricacy.scheme: ${JSON.stringify(schemeName)} is not a scheme (known: ${SCHEMES.join(', ')})`,
    );
  const chosen = schemeName as Scheme;
  const bind = o.bind ?? {};
  if (typeof bind !== 'object' || bind === null || Array.isArray(bind))
    return bad('intricacy.bind: must be an object from action to key (or list of keys)');
  const wanted = new Map<Action, string[]>();
  const takenBy = new Map<string, Action>();
  for (const [action, keys] of Object.entries(bind)) {
    const at = `intricacy.bind.${action}`;
    if (!ACTION_NAMES.includes(action as Action))
      return bad(`${at}: unknown action (known: ${ACTION_NAMES.join(', ')})`);
    const list = typeof keys === 'string' ? [keys] : keys;
    if (!Array.isArray(list) || list.some((k) => typeof k !== 'string'))
      return bad(`${at}: must be a key name or a list of key names`);
    for (const k of list as string[]) {
      if (!isKeyName(k))
        return bad(
          `${at}: ${JSON.stringify(k)} is not a key (one character, ${NAMED.join(', ')} or ctrl+a … ctrl+z)`,
        );
      const other = takenBy.get(k);
      if (other) return bad(`${at}: key ${JSON.stringify(k)} is also bound to ${other}`);
      takenBy.set(k, action as Action);
    }
    wanted.set(action as Action, list as string[]);
  }
  const bindings = {} as Record<Action, readonly string[]>;
  for (const action of ACTION_NAMES) {
    bindings[action] = wanted.get(action) ?? DEFAULT_BINDINGS[chosen][action].filter((k) => !takenBy.has(k));
  }
  return { ok: true, value: { scheme: chosen, bindings } };
}

/** The user's key config, or the defaults with a message saying why the file was not used. */
export function loadKeyConfig(env: NodeJS.ProcessEnv = process.env): KeyConfig & { warning?: string } {
  const fallback = { scheme: 'original' as const, bindings: DEFAULT_BINDINGS.original };
  const read = readConfigJson(KEYS_FILE, env);
  if (read === undefined) return fallback;
  if ('error' in read) return { ...fallback, warning: `${read.error}; using the default keys` };
  const parsed = parseKeyConfig(read.value);
  if (!parsed.ok) return { ...fallback, warning: `keys.json: ${parsed.error}; using the default keys` };
  return parsed.value;
}

/** The action a key does, or undefined. */
export function actionOf(bindings: Bindings, name: string | null): Action | undefined {
  if (name === null) return undefined;
  return ACTION_NAMES.find((a) => bindings[a].includes(name));
}

/** The player move an action makes, or null for the screen's own commands. */
export function moveOf(action: Action): ToolMove | null {
  if (action === 'wait') return { tool: 'wait' };
  if (action === 'hookCCW') return { tool: 'hook', turn: 1 };
  if (action === 'hookCW') return { tool: 'hook', turn: -1 };
  const m = /^(hook|wrench)(E|NE|NW|W|SW|SE)$/.exec(action);
  if (!m) return null;
  const dir = DIRS.indexOf(m[2] as 'E');
  return m[1] === 'hook' ? { tool: 'hook', dir } : { tool: 'wrench', dir };
}

/** The hex direction an action's key stands for (hook and wrench keys alike), for cursors. */
export function directionOf(action: Action): number | null {
  const m = /^(?:hook|wrench)(E|NE|NW|W|SW|SE)$/.exec(action);
  return m ? DIRS.indexOf(m[1] as 'E') : null;
}

/** "l/6" — the keys of an action, for help lines. */
export const keysOf = (bindings: Bindings, action: Action): string =>
  bindings[action].join('/') || '(unbound)';
