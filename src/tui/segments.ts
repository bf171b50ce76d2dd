import { Text } from 'ink';
import { createElement as h, type ReactNode } from 'react';
import type { Theme } from './theme.ts';

/** A run of characters with one style; a line of the screen is a list of them. */
export interface Segment {
  readonly text: string;
  readonly colour?: string;
  readonly bold?: boolean;
  readonly inverse?: boolean;
  readonly dim?: boolean;
}

/** Merge neighbouring segments of the same style so Ink renders few nodes. */
export function compact(line: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of line) {
    const last = out[out.length - 1];
    if (
      last &&
      last.colour === s.colour &&
      last.bold === s.bold &&
      last.inverse === s.inverse &&
      last.dim === s.dim
    ) {
      out[out.length - 1] = { ...last, text: last.text + s.text };
    } else out.push(s);
  }
  return out;
}

/** One line of styled text; styles are dropped when the theme has no colour. */
export function renderLine(line: readonly Segment[], theme: Theme, key: string | number): ReactNode {
  return h(
    Text,
    { key, wrap: 'truncate' },
    ...compact(line).map((s, i) =>
      theme.colour
        ? h(Text, { key: i, color: s.colour, bold: s.bold, inverse: s.inverse, dimColor: s.dim }, s.text)
        : s.text,
    ),
  );
}
