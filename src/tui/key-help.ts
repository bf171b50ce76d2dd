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
