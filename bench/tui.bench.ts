/**
 * The terminal client's drawing time for one key: Ink lays out and writes a board after a cursor
 * move, for Warp and Weft size 6 (23 × 23 cells, the largest board) and Atom-4, in colour and in
 * plain mode. `npm run bench -- tui`.
 */
import { Writable } from 'node:stream';
import { Box, render } from 'ink';
import { createElement as h } from 'react';
import { atom4 } from '../src/games/atom4/index.ts';
import { legalMoves, warpweft } from '../src/games/warpweft/index.ts';
import { atom4BoardLines } from '../src/tui/atom4-board.ts';
import { renderLine, type Segment } from '../src/tui/segments.ts';
import type { Theme } from '../src/tui/theme.ts';
import { weaveLines } from '../src/tui/warpweft-board.ts';
import { report } from './report.ts';

const BENCH = 'tui';
const KEYS = 200;

function parsed<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const weave = warpweft.setup(parsed(warpweft.parseOptions({ size: 6 })), 1);
const claimable = new Set(legalMoves(weave).flatMap((m) => (m.kind === 'place' ? [m.piece] : [])));
const atom = atom4.setup(parsed(atom4.parseOptions({})), 1);
const boards: Record<string, (col: number, theme: Theme) => Segment[][]> = {
  warpweft6: (col, theme) => weaveLines(weave, { col, row: 12 }, claimable, theme, true),
  atom4: (col, theme) => atom4BoardLines(atom, { x: col, y: 8 }, theme),
};

const screen = Object.assign(new Writable({ write: (_chunk, _encoding, done) => done() }), {
  columns: 80,
  rows: 30,
});

for (const [name, lines] of Object.entries(boards)) {
  for (const theme of [
    { colour: true, ascii: false },
    { colour: false, ascii: true },
  ]) {
    const Board = ({ col }: { col: number }) =>
      h(Box, { flexDirection: 'column' }, ...lines(col, theme).map((l, i) => renderLine(l, theme, i)));
    const ink = render(h(Board, { col: 0 }), {
      stdout: screen as unknown as NodeJS.WriteStream,
      debug: true,
      patchConsole: false,
    });
    const times: number[] = [];
    for (let i = 1; i <= KEYS; i++) {
      const started = performance.now();
      ink.rerender(h(Board, { col: i % 16 }));
      times.push(performance.now() - started);
    }
    ink.unmount();
    times.sort((a, b) => a - b);
    const mode = theme.colour ? 'colour' : 'plain';
    report(BENCH, `${name} ${mode} draw per key, median`, times[KEYS / 2] as number, 'ms');
    report(BENCH, `${name} ${mode} draw per key, p90`, times[Math.floor(KEYS * 0.9)] as number, 'ms');
  }
}
