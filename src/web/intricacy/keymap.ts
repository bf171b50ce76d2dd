/**
 * The web's keys for the lock-picking actions (src/games/intricacy/picking-actions.ts), by DOM key
 * value. The defaults are the original's (vi-like hex keys for the hook, the same letters in
 * capitals for the wrench, keypad 5 to wait); every action can be rebound, and the bindings are
 * saved in localStorage. The letter or digit naming a mark after the mark keys is not an action:
 * any of them names a mark.
 */
import {
  KEYPAD_KEYS,
  ORIGINAL_KEYS,
  PICK_ACTION_IDS,
  type PickAction,
  type PickKeys,
  pickKeys,
} from '../../games/intricacy/index.ts';

export type Action = PickAction;

/** Bindings by DOM key value (KeyboardEvent.key). */
export type KeyMap = PickKeys;

// The shared key names that differ from DOM key values.
const DOM_KEYS: Readonly<Record<string, string>> = { space: ' ', backspace: 'Backspace' };
const domKeys = (keys: readonly string[]): string[] => keys.map((k) => DOM_KEYS[k] ?? k);

// The original's keys (src/games/intricacy/picking-actions.ts), and keypad 5 to wait (the other
// keypad digits stay free); Space first among the wait keys, so the Wait button's title names it.
const WAIT_KEYS = [...ORIGINAL_KEYS.wait, ...(KEYPAD_KEYS.wait ?? [])];
export const DEFAULT_KEYS: KeyMap = pickKeys((a) =>
  domKeys(a === 'wait' ? ['space', ...WAIT_KEYS.filter((k) => k !== 'space')] : ORIGINAL_KEYS[a]),
);

/** A stored key map, filled in from the defaults for actions it does not name. */
export function readKeyMap(stored: unknown): KeyMap {
  const out: Record<string, readonly string[]> = { ...DEFAULT_KEYS };
  if (typeof stored === 'object' && stored !== null) {
    for (const id of PICK_ACTION_IDS) {
      const keys = (stored as Record<string, unknown>)[id];
      if (Array.isArray(keys) && keys.every((k) => typeof k === 'string')) out[id] = keys;
    }
  }
  return out as KeyMap;
}

export function actionOfKey(map: KeyMap, key: string): Action | undefined {
  return PICK_ACTION_IDS.find((id) => map[id].includes(key));
}

/** Bind `key` to `action`, taking it away from any other action. */
export function bindKey(map: KeyMap, action: Action, key: string): KeyMap {
  const out: Record<string, readonly string[]> = {};
  for (const id of PICK_ACTION_IDS) out[id] = map[id].filter((k) => k !== key);
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
