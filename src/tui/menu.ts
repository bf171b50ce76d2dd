import { Box, Text } from 'ink';
import { createElement as h } from 'react';
import { useKeys } from './key-queue.ts';
import { type GameEntry, type MenuState, menuKey } from './menu-state.ts';
import type { Theme } from './theme.ts';
import type { Choice, Picked } from './tui-game.ts';

export { type GameEntry, INITIAL_MENU, type MenuState } from './menu-state.ts';

interface Props {
  readonly games: readonly GameEntry[];
  readonly theme: Theme;
  readonly state: MenuState;
  readonly onChange: (state: MenuState) => void;
  readonly onStart: (game: string, picked: Picked) => void;
  readonly onQuit: () => void;
}

/** The opening menu: the game and its settings, one row each (↑ ↓ choose a row, ← → change it), Enter to play. */
export function Menu({ games, theme, state, onChange, onStart, onQuit }: Props) {
  // row 0 is the game list; rows 1.. are the settings of the chosen game.
  const { gameIndex, row, picked } = state;
  const game = games[gameIndex] as GameEntry;
  const chosen = picked[game.id] ?? {};
  const shown = (c: Choice) => c.values[chosen[c.label] ?? 0] as string;

  useKeys((input, key) => {
    const step = menuKey(state, input, key, games);
    if (step === 'quit') onQuit();
    else if (step && 'start' in step) onStart(step.start, step.picked);
    else if (step) onChange(step.state);
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
