import { randomInt } from 'node:crypto';
import { Box, Text } from 'ink';
import { createElement as h, useEffect, useMemo, useRef, useState } from 'react';
import {
  cellName,
  cellsOf,
  GOLD,
  isFree,
  KIND_LETTERS,
  KIND_NAMES,
  ROW_LENGTHS,
  type SigmarMove,
  type SigmarState,
  sigmar,
} from '../games/sigmar/index.ts';
import { useKeys } from './key-queue.ts';
import { renderLine, type Segment } from './segments.ts';
import { hintInWorker } from './sigmar-hint.ts';
import type { Theme } from './theme.ts';

export interface SigmarSetup {
  readonly seed: number;
}

/** A board raced on a server (./online/daily-screen.ts): told of each move, asked before a hint. */
export interface SigmarRace {
  /** Every move since the deal, in the game's notation, and the position they lead to. */
  readonly moved: (moves: readonly string[], state: SigmarState) => void;
  /** Null when a hint may be shown (the server counted it), else why not. */
  readonly beforeHint: () => Promise<string | null>;
  /** Where the race stands, under the board. */
  readonly line: string;
}

const CELL_WIDTH = 4;
const ROW_STARTS = ROW_LENGTHS.map((_, r) => ROW_LENGTHS.slice(0, r).reduce((a, b) => a + b, 0));
const indent = (row: number) => ((11 - (ROW_LENGTHS[row] as number)) * CELL_WIDTH) / 2;
const cellAt = (row: number, pos: number) => (ROW_STARTS[row] as number) + pos;

// Letters as in the board format; metals and mercury as their alchemical signs where the terminal has Unicode.
const SIGNS: Readonly<Record<number, string>> = {
  8: '☿',
  9: '♄',
  10: '♃',
  11: '♂',
  12: '♀',
  13: '☽',
  14: '☉',
};
const COLOURS: readonly (string | undefined)[] = [
  undefined,
  'cyanBright',
  'blueBright',
  'redBright',
  'green',
  'white',
  'yellowBright',
  'magenta',
  'gray',
  'gray',
  'white',
  'red',
  'yellow',
  'whiteBright',
  'yellowBright',
];

const KEYS = 'arrows move  Enter select  h hint  u undo  r retry  n new board  d dim  q menu';
const RACE_KEYS = 'arrows move  Enter select  h hint (counted)  u undo  r retry  d dim  q back';
/** How long the solver may look for a hint before it gives up. */
const HINT_MS = 3000;

export function SigmarScreen({
  setup,
  theme,
  onExit,
  race,
}: {
  setup: SigmarSetup;
  theme: Theme;
  onExit: () => void;
  race?: SigmarRace;
}) {
  const [game, setGame] = useState<SigmarState>(() => deal(setup.seed));
  const played = useRef<readonly string[]>([]);
  const [cursor, setCursor] = useState({ row: 5, pos: 5 });
  const [selected, setSelected] = useState<number | null>(null);
  const [dim, setDim] = useState(true);
  const [message, setMessage] = useState('');
  const cells = useMemo(() => cellsOf(game), [game]);
  const outcome = sigmar.outcome(game);
  // The hint's cells, marked on the board until the board changes; a running search is dropped then.
  const [hinted, setHinted] = useState<{ for: SigmarState; cells: readonly number[] } | null>(null);
  const hint = hinted?.for === game ? hinted.cells : [];
  const search = useRef<(() => void) | null>(null);
  const current = useRef(game);
  current.current = game;
  useEffect(() => () => search.current?.(), []);

  const askHint = async () => {
    if (search.current) return;
    const asked = game;
    if (race) {
      search.current = () => undefined;
      setMessage('Asking the server to count the hint...');
      const refusal = await race.beforeHint();
      search.current = null;
      if (refusal) return setMessage(refusal);
      if (current.current !== asked) return;
    }
    setMessage('Looking for a move that keeps the board solvable...');
    const job = hintInWorker(cells, HINT_MS);
    search.current = job.cancel;
    job.answer.then(
      (s) => {
        search.current = null;
        if (current.current !== asked) return; // the board changed meanwhile: the answer is stale
        if (s.kind === 'move') setHinted({ for: asked, cells: s.cells });
        setMessage(
          s.kind === 'move'
            ? `Hint: remove ${s.cells.map(cellName).join(' + ')}.`
            : s.kind === 'lost'
              ? 'Hint: this board can no longer be cleared: u to undo, r to try again.'
              : s.kind === 'clear'
                ? 'The board is clear.'
                : 'Hint: no answer within the time allowed.',
        );
      },
      (error: unknown) => {
        search.current = null;
        setMessage(`The hint failed: ${String(error)}`);
      },
    );
  };

  const apply = (move: SigmarMove): boolean => {
    const next = sigmar.play(game, move);
    if (!next.ok) {
      setMessage(next.error);
      return false;
    }
    played.current = [...played.current, sigmar.formatMove(move, game)];
    setGame(next.value);
    setSelected(null);
    setMessage('');
    race?.moved(played.current, next.value);
    return true;
  };

  const choose = () => {
    const cell = cellAt(cursor.row, cursor.pos);
    if (cells[cell] === 0) return setMessage(`${cellName(cell)} is empty.`);
    if (!isFree(cells, cell))
      return setMessage(`${cellName(cell)} is blocked: it needs three open sides in a row.`);
    // Gold pairs with nothing: it goes alone, or the rules say why not yet.
    if (cells[cell] === GOLD) return void apply({ kind: 'remove', cells: [cell] });
    if (selected === null) {
      setSelected(cell);
      setMessage('');
    } else if (selected === cell) setSelected(null);
    else if (!apply({ kind: 'remove', cells: [selected, cell] })) setSelected(cell);
  };

  const moveCursor = (dRow: number, dPos: number) => {
    setMessage('');
    setCursor((c) => {
      if (dRow === 0)
        return { ...c, pos: Math.max(0, Math.min((ROW_LENGTHS[c.row] as number) - 1, c.pos + dPos)) };
      const row = Math.max(0, Math.min(10, c.row + dRow));
      // Keep the cursor's column: hex rows are offset by half a cell.
      const x = indent(c.row) + c.pos * CELL_WIDTH;
      // Half a cell off either way: up rounds down and down rounds up, so Up Down comes back.
      const exact = (x - indent(row)) / CELL_WIDTH + (dPos || 0);
      const pos = dRow < 0 ? Math.floor(exact) : Math.ceil(exact);
      return { row, pos: Math.max(0, Math.min((ROW_LENGTHS[row] as number) - 1, pos)) };
    });
  };

  useKeys((input, key) => {
    if (input === 'q' || key.escape) return onExit();
    if (key.leftArrow) return moveCursor(0, -1);
    if (key.rightArrow) return moveCursor(0, 1);
    if (key.upArrow) return moveCursor(-1, 0);
    if (key.downArrow) return moveCursor(1, 0);
    if (key.return || input === ' ') return choose();
    if (input === 'u') return apply({ kind: 'undo' });
    if (input === 'r') return apply({ kind: 'retry' });
    if (input === 'd') return setDim(!dim);
    if (input === 'h') return void askHint();
    if (input === 'n') {
      if (race) return setMessage('The daily race stays on its board: q goes back.');
      played.current = [];
      setGame(deal(randomInt(0, 2 ** 32 - 1)));
      setSelected(null);
      setMessage('');
    }
  });

  const lines: Segment[][] = [];
  for (let row = 0; row < 11; row++) {
    const line: Segment[] = [{ text: `${'ABCDEFGHIJK'[row]}  ${' '.repeat(indent(row))}` }];
    for (let pos = 0; pos < (ROW_LENGTHS[row] as number); pos++) {
      const cell = cellAt(row, pos);
      const kind = cells[cell] as number;
      const free = kind !== 0 && isFree(cells, cell);
      const here = cursor.row === row && cursor.pos === pos;
      const glyph =
        kind === 0
          ? '.'
          : theme.ascii
            ? (KIND_LETTERS[kind] as string)
            : (SIGNS[kind] ?? KIND_LETTERS[kind] ?? '?');
      // Without colour a free marble is in parentheses, as bold is lost.
      const mark =
        selected === cell
          ? ['<', '>']
          : here
            ? ['[', ']']
            : hint.includes(cell)
              ? ['{', '}']
              : free && theme.ascii
                ? ['(', ')']
                : [' ', ' '];
      line.push(
        { text: mark[0] as string, bold: true },
        {
          text: glyph,
          colour: kind === 0 ? undefined : COLOURS[kind],
          bold: free,
          dim: kind === 0 || (dim && !free),
          inverse: here || selected === cell,
        },
        { text: `${mark[1]} `, bold: true },
      );
    }
    lines.push(line);
  }
  const left = cells.slice(0, 91).filter((k) => k !== 0).length;
  const under = cells[cellAt(cursor.row, cursor.pos)] as number;
  const status = outcome
    ? outcome.kind === 'win'
      ? 'The garden is clear. Well done!  (n for a new board)'
      : 'No moves left: u to undo, r to try again.'
    : `${left} marbles left. ${cellName(cellAt(cursor.row, cursor.pos))}: ${under === 0 ? 'empty' : `${KIND_NAMES[under]} (${isFree(cells, cellAt(cursor.row, cursor.pos)) ? 'free' : 'blocked'})`}.`;
  return h(
    Box,
    { flexDirection: 'column' },
    h(
      Text,
      { bold: true },
      `Sigmar's Garden  board ${game.seed}, ${game.template}${game.mirrored ? ' (mirrored)' : ''}`,
    ),
    h(Text, null, ' '),
    ...lines.map((line, i) => renderLine(line, theme, i)),
    h(Text, null, ' '),
    h(Text, { bold: true, wrap: 'truncate' }, status),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, message || ' '),
    ...(race ? [h(Text, { wrap: 'wrap' }, race.line)] : []),
    h(Text, { dimColor: theme.colour, wrap: 'truncate' }, race ? RACE_KEYS : KEYS),
  );
}

function deal(seed: number): SigmarState {
  const options = sigmar.parseOptions({});
  if (!options.ok) throw new Error(options.error);
  return sigmar.setup(options.value, seed);
}
