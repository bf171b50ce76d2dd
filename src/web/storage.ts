import { useState } from 'react';

/** State saved in localStorage under `key`; a stored value that fails `valid` is ignored. */
export function useStoredState<T>(
  key: string,
  initial: T,
  valid: (v: unknown) => v is T,
): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = window.localStorage.getItem(key);
      const parsed: unknown = raw === null ? undefined : JSON.parse(raw);
      return valid(parsed) ? parsed : initial;
    } catch {
      return initial;
    }
  });
  const set = (v: T) => {
    setValue(v);
    try {
      window.localStorage.setItem(key, JSON.stringify(v));
    } catch {
      // Private browsing or a full quota: the setting lasts for this visit only.
    }
  };
  return [value, set];
}
