/**
 * What a screen shows when the terminal cannot hold its board: the size it has, the size it needs,
 * and that the keys still work. The screen stays mounted, so enlarging the terminal brings it back
 * as it was; nothing is drawn cut or scrolled off.
 */
import { Box, Text } from 'ink';
import { createElement as h, type ReactNode } from 'react';
import type { Segment } from './segments.ts';

export interface Size {
  readonly columns: number;
  readonly rows: number;
}

/** The columns and rows a board of these lines takes. */
export const boardSize = (lines: readonly (readonly Segment[])[]): Size => ({
  columns: Math.max(0, ...lines.map((l) => l.reduce((n, s) => n + [...s.text].length, 0))),
  rows: lines.length,
});

/** The notice when `have` is smaller than `need` in either direction, else null. */
export function tooSmallNotice(have: Size, need: Size, back = 'q goes back'): ReactNode | null {
  if (have.columns >= need.columns && have.rows >= need.rows) return null;
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'wrap' }, 'The terminal is too small for this board.'),
    h(
      Text,
      { wrap: 'wrap' },
      `It is ${have.columns}×${have.rows}; the board needs at least ${need.columns}×${need.rows}. Make the window larger (${back}).`,
    ),
  );
}
