/** The full-screen terminal client: `tessera play`. */
import { render } from 'ink';
import { createElement as h } from 'react';
import { App } from './app.ts';
import { detectTheme } from './theme.ts';

export async function runTui(): Promise<void> {
  const instance = render(h(App, { theme: detectTheme() }), {
    interactive: process.stdout.isTTY === true,
    alternateScreen: process.stdout.isTTY === true,
    exitOnCtrlC: true,
  });
  await instance.waitUntilExit();
}

export type { Cursor, KeyResult, Pad } from './pad.ts';
export type { Segment } from './segments.ts';
export type { Theme } from './theme.ts';
export type { Choice, OnlinePlay, Picked, TuiGame } from './tui-game.ts';
