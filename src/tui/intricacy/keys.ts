/**
 * Key bindings of the Intricacy screens. Two schemes: the original Intricacy program's default
 * keys (vi-like hex directions) and the later WASD-like one (the six keys around "s" are
 * the six hex directions); both also take the numeric keypad (5 waits). The picking actions,
 * their moves and the schemes' keys are shared with the web (src/games/intricacy/picking-actions.ts);
 * this file adds the screen's own commands, Ink's key names and keys.json. Any action can be
 * rebound in keys.json under the user's config directory:
 *
 *   { "intricacy": { "scheme": "wasd", "bind": { "undo": "backspace", "wait": ["s", "space"] } } }
 *
 * A bound action gets exactly the keys given, and those keys leave whatever action had them.
 */
import type { Key } from 'ink';
import {
  ORIGINAL_KEYS,
  PICK_ACTION_IDS,
  PICK_ACTIONS,
  type PickAction,
  type PickKeys,
  WASD_KEYS,
  withKeypad,
} from '../../games/intricacy/index.ts';
import { readConfigJson } from '../config.ts';

// The move an action makes and the direction it stands for are the same in every client.
export { directionOf, moveOf } from '../../games/intricacy/index.ts';

export const KEYS_FILE = 'keys.json';

/** The terminal's own commands, beside the picking actions, with what the help line calls them. */
const SCREEN_ACTIONS = {
  colours: 'colouring mode',
  annotations: 'blockage annotations',
  help: 'show all keys',
  quit: 'leave',
} as const;

export type Action = PickAction | keyof typeof SCREEN_ACTIONS;

/** Every action a key can do, with what the help line calls it. */
export const ACTIONS: Readonly<Record<Action, string>> = {
  ...(Object.fromEntries(PICK_ACTIONS.map((a) => [a.id, a.short])) as Record<PickAction, string>),
  ...SCREEN_ACTIONS,
};
export const ACTION_NAMES: readonly Action[] = [
  ...PICK_ACTION_IDS,
  ...(Object.keys(SCREEN_ACTIONS) as (keyof typeof SCREEN_ACTIONS)[]),
];

export type Scheme = 'original' | 'wasd';
export const SCHEMES: readonly Scheme[] = ['original', 'wasd'];

/** The keys of each action; a key is a printable character or a name such as "space", "ctrl+r". */
export type Bindings = Readonly<Record<Action, readonly string[]>>;

/** A shared scheme (whose key names are already the terminal's) with the keypad and the screen's keys. */
const bindings = (
  keys: PickKeys,
  screen: Record<keyof typeof SCREEN_ACTIONS, readonly string[]>,
): Bindings => ({
  ...withKeypad(keys),
  ...screen,
});

export const DEFAULT_BINDINGS: Readonly<Record<Scheme, Bindings>> = {
  original: {
    ...bindings(ORIGINAL_KEYS, { colours: ['c'], annotations: ['v'], help: ['?'], quit: ['q', 'escape'] }),
    // R resets too, as in the WASD scheme.
    reset: [...ORIGINAL_KEYS.reset, 'R'],
  },
  wasd: bindings(WASD_KEYS, { colours: ['c'], annotations: ['v'], help: ['?'], quit: ['Q', 'escape'] }),
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

/** "l/6" — the keys of an action, for help lines. */
export const keysOf = (bindings: Bindings, action: Action): string =>
  bindings[action].join('/') || '(unbound)';
