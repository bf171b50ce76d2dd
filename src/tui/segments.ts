import { styleText } from 'node:util';
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
  readonly underline?: boolean;
}

/** Merge neighbouring segments of the same style (an absent flag is a false one). */
export function compact(line: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of line) {
    const last = out[out.length - 1];
    if (
      last &&
      last.colour === s.colour &&
      !last.bold === !s.bold &&
      !last.inverse === !s.inverse &&
      !last.dim === !s.dim &&
      !last.underline === !s.underline
    ) {
      out[out.length - 1] = { ...last, text: last.text + s.text };
    } else out.push(s);
  }
  return out;
}

type Style = Parameters<typeof styleText>[0];

/** A segment's text with its style's escape codes, whatever the output stream is. */
function styled(s: Segment): string {
  const formats = [
    s.colour,
    s.bold && 'bold',
    s.dim && 'dim',
    s.inverse && 'inverse',
    s.underline && 'underline',
  ].filter(Boolean);
  return formats.length === 0 ? s.text : styleText(formats as Style, s.text, { validateStream: false });
}

/**
 * One line of styled text; styles are dropped when the theme has no colour. The line is one Ink
 * node whatever its segments: a node costs Ink's layout a fraction of a millisecond, so a board of
 * a thousand styled cells as nodes would take a tenth of a second to draw at each key.
 */
export function renderLine(line: readonly Segment[], theme: Theme, key: string | number): ReactNode {
  const text = theme.colour ? compact(line).map(styled).join('') : line.map((s) => s.text).join('');
  return h(Text, { key, wrap: 'truncate' }, text);
}
