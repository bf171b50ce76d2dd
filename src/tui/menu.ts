import { Box, Text, useInput } from 'ink';
import { createElement as h } from 'react';
import type { Theme } from './theme.ts';
import { type Choice, pickedValues } from './tui-game.ts';

export interface GameEntry {
  readonly id: string;
  readonly title: string;
  readonly blurb: string;
  readonly choices: readonly Choice[];
}

/** What the menu shows selected; kept by the caller so it survives a game. */
export interface MenuState {
  readonly gameIndex: number;
  readonly row: number;
  readonly picked: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export const INITIAL_MENU: MenuState = { gameIndex: 0, row: 0, picked: {} };

interface Props {
  readonly games: readonly GameEntry[];
  readonly theme: Theme;
  readonly state: MenuState;
  readonly onChange: (state: MenuState) => void;
  readonly onStart: (game: string, picked: Record<string, string>) => void;
  readonly onQuit: () => void;
}

/** The opening menu: the game and its settings, one row each (↑ ↓ choose a row, ← → change it), Enter to play. */
export function Menu({ games, theme, state, onChange, onStart, onQuit }: Props) {
  // row 0 is the game list; rows 1.. are the settings of the chosen game.
  const { gameIndex, row, picked } = state;
  const setGameIndex = (f: (i: number) => number) => onChange({ ...state, gameIndex: f(gameIndex) });
  const setRow = (f: (r: number) => number) => onChange({ ...state, row: f(row) });
  const setPicked = (next: MenuState['picked']) => onChange({ ...state, picked: next });
  const game = games[gameIndex] as GameEntry;
  const chosen = picked[game.id] ?? {};
  const shown = (c: Choice) => c.values[chosen[c.label] ?? 0] as string;

  useInput((input, key) => {
    if (input === 'q' || key.escape) return onQuit();
    if (key.return) {
      return onStart(game.id, pickedValues(game.choices, chosen));
    }
    if (key.upArrow) return setRow((r) => Math.max(0, r - 1));
    if (key.downArrow) return setRow((r) => Math.min(game.choices.length, r + 1));
    const step = key.rightArrow ? 1 : key.leftArrow ? -1 : 0;
    if (step === 0) return;
    if (row === 0) return setGameIndex((i) => (i + step + games.length) % games.length);
    const choice = game.choices[row - 1] as Choice;
    const n = choice.values.length;
    setPicked({
      ...picked,
      [game.id]: { ...chosen, [choice.label]: ((chosen[choice.label] ?? 0) + step + n) % n },
    });
  });

  const mark = (active: boolean) => (active ? '>' : ' ');
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, 'TESSERA  games on unusual tilings'),
    h(Text, null, ' '),
    // The game is a setting like the others (← → change it), so every row works the same way.
    h(
      Text,
      { bold: true, inverse: theme.colour && row === 0 },
      `${mark(row === 0)} ${'Game'.padEnd(16)} < ${game.title} >`,
    ),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'truncate' },
      `  ${games.map((g, i) => (i === gameIndex ? `[${g.title}]` : g.title)).join('  ')}`,
    ),
    h(Text, { dimColor: theme.colour, wrap: 'truncate' }, `  ${game.blurb}`),
    h(Text, null, ' '),
    ...game.choices.map((c, i) =>
      h(
        Text,
        { key: c.label, inverse: theme.colour && row === i + 1 },
        `${mark(row === i + 1)} ${c.label.padEnd(16)} < ${shown(c)} >`,
      ),
    ),
    h(Text, null, ' '),
    h(Text, { dimColor: theme.colour }, 'up/down choose  left/right change  Enter play  q quit'),
  );
}
