import { readFileSync } from 'node:fs';
import { Box, Text, useInput } from 'ink';
import { createElement as h, useMemo, useState } from 'react';
import {
  colourAdjacentDiffer,
  colourByNature,
  describeBlockage,
  formatToolMove,
  type IntricacyState,
  intricacy,
  lockToText,
  parseLock,
  parseToolMove,
  type ToolMove,
} from '../games/intricacy/index.ts';
import { renderLine, type Segment } from './segments.ts';
import type { Theme } from './theme.ts';

export interface IntricacySetup {
  /** A lock name under locks/ (e.g. tutorial/pull). */
  readonly lock: string;
}

export const EXAMPLE_LOCKS = ['tutorial/pull', 'tutorial/balls', 'tutorial/maze', 'tutorial/pivot'] as const;

// Colour indices of src/games/intricacy/colouring.ts: 0 the lock body, 1–5 colours, 6 pivots,
// 7 balls, 8 the hook, 9 the wrench.
const COLOURS = [
  'gray',
  'red',
  'blue',
  'green',
  'magenta',
  'yellow',
  'cyan',
  'magentaBright',
  'whiteBright',
  'yellowBright',
];
const MARK = '\u0000';
const KEYS = 'hook l h u b y n, turn k j; WRENCH in capitals; . wait; z undo x redo r reset c colours q menu';

function loadLock(name: string): IntricacyState {
  const text = readFileSync(new URL(`../../locks/${name}.lock`, import.meta.url), 'utf8');
  const lock = parseLock(text);
  if (!lock.ok) throw new Error(`locks/${name}.lock: ${lock.error}`);
  return intricacy.setup(lock.value, 0);
}

/** Pick a lock in the terminal, drawn as the original's curses client drew it. */
export function IntricacyScreen({
  setup,
  theme,
  onExit,
}: {
  setup: IntricacySetup;
  theme: Theme;
  onExit: () => void;
}) {
  const [history, setHistory] = useState(() => ({
    states: [loadLock(setup.lock)],
    moves: [] as ToolMove[],
    at: 0,
  }));
  const [byNature, setByNature] = useState(false);
  const [message, setMessage] = useState('');
  const state = history.states[history.at] as IntricacyState;
  const colours = useMemo(
    () => (byNature ? colourByNature(state.lock) : colourAdjacentDiffer(state.lock)),
    [state, byNature],
  );

  const move = (m: ToolMove) => {
    const next = intricacy.play(state, m);
    if (!next.ok) return setMessage(next.error);
    setMessage('');
    setHistory({
      states: [...history.states.slice(0, history.at + 1), next.value],
      moves: [...history.moves.slice(0, history.at), m],
      at: history.at + 1,
    });
  };
  const goTo = (at: number) => {
    if (at >= 0 && at < history.states.length) setHistory({ ...history, at });
  };

  useInput((input, key) => {
    if (input === 'q' || key.escape) return onExit();
    if (input === 'z') return goTo(history.at - 1);
    if (input === 'x') return goTo(history.at + 1);
    if (input === 'r') return goTo(0);
    if (input === 'c') return setByNature(!byNature);
    if (input === ' ' || input === '.' || input === '5') return move({ tool: 'wait' });
    const parsed = parseToolMove(input);
    if (parsed.ok) move(parsed.value);
  });

  // The lock file's picture, each piece's glyph marked with its index so it can be coloured.
  const picture = lockToText(
    state.lock,
    (piece, glyph) => `${MARK}${String.fromCharCode(48 + piece)}${glyph}`,
  )
    .split('\n')
    .slice(1)
    .filter((line) => !/^(spring|wrench|arm) /.test(line) && line !== '');
  const lines: Segment[][] = picture.map((line) => {
    const out: Segment[] = [];
    for (let i = 0; i < line.length; i++) {
      if (line[i] === MARK) {
        const piece = (line.charCodeAt(i + 1) as number) - 48;
        const glyph = line[i + 2] as string;
        out.push({
          text: glyph,
          colour: piece === 1 ? 'yellow' : COLOURS[colours[piece] ?? 0],
          bold: piece > 0,
        });
        i += 2;
      } else out.push({ text: line[i] as string, dim: true });
    }
    return out;
  });
  const last = history.moves[history.at - 1];
  const status = state.opened
    ? `OPEN after ${state.turns} turns!  (z undo, r reset, q menu)`
    : `Lock ${setup.lock}, turn ${history.at}${last ? `, last ${formatToolMove(last)}` : ''}. Colours: ${byNature ? 'by nature' : 'adjacent differ'}.`;
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, 'Intricacy'),
    ...lines.map((line, i) => renderLine(line, theme, i)),
    h(Text, { bold: true, wrap: 'truncate' }, status),
    ...state.blockages.slice(0, 2).map((b) =>
      h(
        Text,
        {
          key: describeBlockage(state.lock, b),
          color: theme.colour ? 'yellow' : undefined,
          wrap: 'truncate',
        },
        describeBlockage(state.lock, b),
      ),
    ),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, message || ' '),
    h(Text, { dimColor: theme.colour, wrap: 'truncate' }, KEYS),
  );
}
