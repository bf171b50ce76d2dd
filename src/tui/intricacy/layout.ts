import { Box, useStdout } from 'ink';
import { createElement as h, type ReactNode, useEffect, useState } from 'react';
import { renderLine, type Segment } from '../segments.ts';
import type { Theme } from '../theme.ts';

/** The first of `shown` lines on screen, keeping the chosen row near the middle of a longer list. */
export const firstShown = (row: number, lines: number, shown: number): number =>
  Math.max(0, Math.min(row - Math.floor(shown / 2), lines - shown));

/** The terminal's size, kept current as it is resized (so screens re-lay themselves out). */
export function useTerminalSize(): { columns: number; rows: number } {
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  });
  return size;
}

/** Columns left for the side panel beside a board, or 0 when it must go below. */
export function panelWidth(columns: number, board: number): number {
  const left = columns - board - 3;
  return left >= 26 ? left : 0;
}

/** The board with its panel beside it (`width` from panelWidth), or below it when `width` is 0. */
export function boardAndPanel(
  board: readonly (readonly Segment[])[],
  panel: readonly ReactNode[],
  width: number,
  theme: Theme,
): ReactNode {
  return h(
    Box,
    { flexDirection: width > 0 ? 'row' : 'column' },
    h(Box, { flexDirection: 'column', flexShrink: 0 }, ...board.map((line, i) => renderLine(line, theme, i))),
    h(
      Box,
      { flexDirection: 'column', marginLeft: width > 0 ? 2 : 0, width: width > 0 ? width : undefined },
      ...panel,
    ),
  );
}
