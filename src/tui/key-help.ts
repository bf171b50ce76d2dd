/** A line of key help ("c challenge  d decline ...") that wraps between keys, never inside one. */
import { Box, Text } from 'ink';
import { createElement as h } from 'react';

/** `keys`: each key with what it does, as "c challenge"; shown dimmed when `dim`. */
export function KeyHelp({ keys, dim }: { readonly keys: readonly string[]; readonly dim: boolean }) {
  return h(
    Box,
    { flexWrap: 'wrap', columnGap: 2 },
    ...keys.map((key) => h(Text, { key, dimColor: dim, wrap: 'truncate' }, key)),
  );
}

/** How many lines `keys` take in `width` columns, as KeyHelp wraps them. */
export function keyHelpLines(keys: readonly string[], width: number): number {
  let lines = 1;
  let used = 0;
  for (const key of keys) {
    const need = used === 0 ? key.length : used + 2 + key.length;
    if (need > width && used > 0) {
      lines += 1;
      used = key.length;
    } else used = need;
  }
  return lines;
}
