/** The full-screen terminal client: `tessera play`. */
import { render } from 'ink';
import { createElement as h } from 'react';
import { App } from './app.ts';
import { TUI_GAMES, withGames } from './games.ts';
import { KeyRoot } from './key-queue.ts';
import { detectTheme } from './theme.ts';
import type { TuiGame } from './tui-game.ts';

/** `extra`: games to offer beside Tessera's own, as a test adds a test-only game. */
export async function runTui(extra: readonly TuiGame[] = []): Promise<void> {
  const instance = render(
    h(KeyRoot, null, h(App, { theme: detectTheme(), games: withGames(TUI_GAMES, extra) })),
    {
      interactive: process.stdout.isTTY === true,
      alternateScreen: process.stdout.isTTY === true,
      exitOnCtrlC: true,
    },
  );
  await instance.waitUntilExit();
}

export type { Cursor, KeyResult, Pad } from './pad.ts';
export type { Segment } from './segments.ts';
export type { Theme } from './theme.ts';
export {
  type Choice,
  type LocalPlay,
  localPlay,
  type OnlinePlay,
  type Picked,
  type TuiGame,
} from './tui-game.ts';
