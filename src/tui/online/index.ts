/** `tessera play --server URL`: the terminal client against a Tessera server. */
import { render } from 'ink';
import { createElement as h } from 'react';
import { detectTheme } from '../theme.ts';
import { ApiError, createClient, type Session } from './api.ts';
import { OnlineApp } from './online-app.ts';
import { savedSession, saveSession } from './saved-session.ts';

export async function runOnline(server: string): Promise<void> {
  // A login kept from an earlier run is used while the server still knows its token.
  let client = createClient(server);
  const saved = savedSession(client.baseUrl);
  if (saved) {
    const resumed = createClient(server, saved);
    // A token the server no longer knows is forgotten; an unreachable server keeps it for later.
    const me = await resumed
      .request<{ user: string | null }>('GET', '/api/me')
      .catch((e: unknown) => (e instanceof ApiError && e.status === 401 ? { user: null } : null));
    if (me?.user === saved.user) client = resumed;
    else if (me) saveSession(client.baseUrl, null);
  }
  const remember = (session: Session | null) => saveSession(client.baseUrl, session);
  const instance = render(h(OnlineApp, { client, theme: detectTheme(), remember }), {
    interactive: process.stdout.isTTY === true,
    alternateScreen: process.stdout.isTTY === true,
    exitOnCtrlC: true,
  });
  await instance.waitUntilExit();
}
