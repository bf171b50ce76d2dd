/** `tessera play --server URL`: the terminal client against a Tessera server. */
import { render } from 'ink';
import { createElement as h } from 'react';
import type { Me } from '../../api/index.ts';
import { TUI_GAMES, withGames } from '../games.ts';
import { KeyRoot } from '../key-queue.ts';
import { detectTheme } from '../theme.ts';
import type { TuiGame } from '../tui-game.ts';
import { ApiError, createClient, type Session } from './api.ts';
import { OnlineApp } from './online-app.ts';
import { savedSession, saveSession } from './saved-session.ts';

/** `extra`: games to offer beside Tessera's own, as a test adds a test-only game. */
export async function runOnline(server: string, extra: readonly TuiGame[] = []): Promise<void> {
  // A login kept from an earlier run is used while the server still knows its token.
  let client = createClient(server);
  const saved = savedSession(client.baseUrl);
  if (saved) {
    const resumed = createClient(server, saved);
    // A token the server no longer knows is forgotten; an unreachable server keeps it for later.
    const me = await resumed
      .request<Me>('GET', '/api/me')
      .catch((e: unknown) => (e instanceof ApiError && e.code === 'unauthorized' ? { user: null } : null));
    if (me?.user === saved.user) client = resumed;
    else if (me) saveSession(client.baseUrl, null);
  }
  const remember = (session: Session | null) => saveSession(client.baseUrl, session);
  const instance = render(
    h(
      KeyRoot,
      null,
      h(OnlineApp, { client, games: withGames(TUI_GAMES, extra), theme: detectTheme(), remember }),
    ),
    {
      interactive: process.stdout.isTTY === true,
      alternateScreen: process.stdout.isTTY === true,
      exitOnCtrlC: true,
    },
  );
  await instance.waitUntilExit();
}
