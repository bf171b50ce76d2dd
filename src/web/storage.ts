/**
 * The browser's localStorage, in one place: values are stored as JSON, and a browser that
 * refuses (private browsing, a full quota, storage switched off) costs only persistence: the
 * value lasts for this visit.
 */
import { useState } from 'react';

/** The value stored under `key`, or undefined when there is none or it cannot be read. */
export function readStored(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Store `value` under `key`; false when the browser refuses. */
export function writeStored(key: string, value: unknown): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** State saved under `key`; `read` makes the state from what is stored (undefined when nothing). */
export function useStored<T>(key: string, read: (stored: unknown) => T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => read(readStored(key)));
  const set = (v: T) => {
    setValue(v);
    writeStored(key, v);
  };
  return [value, set];
}

/** State saved in localStorage under `key`; a stored value that fails `valid` is ignored. */
export function useStoredState<T>(
  key: string,
  initial: T,
  valid: (v: unknown) => v is T,
): [T, (v: T) => void] {
  return useStored(key, (stored) => (valid(stored) ? stored : initial));
}
