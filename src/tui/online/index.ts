/** `tessera play --server URL`: the terminal client against a Tessera server. */
import { render } from 'ink';
import { createElement as h } from 'react';
import { detectTheme } from '../theme.ts';
import { createClient } from './api.ts';
import { OnlineApp } from './online-app.ts';

export async function runOnline(server: string): Promise<void> {
  const client = createClient(server);
  const instance = render(h(OnlineApp, { client, theme: detectTheme() }), {
    interactive: process.stdout.isTTY === true,
    alternateScreen: process.stdout.isTTY === true,
    exitOnCtrlC: true,
  });
  await instance.waitUntilExit();
}
