import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

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
