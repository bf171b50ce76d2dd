/** The full-screen terminal client: `tessera play`. */
import { render } from 'ink';
import { createElement as h } from 'react';
import type { Atom4State } from '../games/atom4/index.ts';
import { App } from './app.ts';
import { Atom4Screen, type Atom4Setup } from './atom4-screen.ts';
import { TUI_GAMES, withGames } from './games.ts';
import { KeyRoot } from './key-queue.ts';
import { detectTheme } from './theme.ts';
import type { TuiGame } from './tui-game.ts';

const FULL_SCREEN = () => ({
  interactive: process.stdout.isTTY === true,
  alternateScreen: process.stdout.isTTY === true,
  exitOnCtrlC: true,
});

/** `extra`: games to offer beside Tessera's own, as a test adds a test-only game. */
export async function runTui(extra: readonly TuiGame[] = []): Promise<void> {
  const instance = render(
    h(KeyRoot, null, h(App, { theme: detectTheme(), games: withGames(TUI_GAMES, extra) })),
    FULL_SCREEN(),
  );
  await instance.waitUntilExit();
}

/** `tessera atom4 play` in a terminal: the menu's Atom-4 screen alone; the last position it showed. */
export async function runAtom4(setup: Atom4Setup): Promise<Atom4State | null> {
  let last: Atom4State | null = null;
  const instance = render(
    h(
      KeyRoot,
      null,
      h(Atom4Screen, {
        setup,
        theme: detectTheme(),
        onExit: () => instance.unmount(),
        onState: (state: Atom4State) => {
          last = state;
        },
      }),
    ),
    FULL_SCREEN(),
  );
  await instance.waitUntilExit();
  return last;
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
