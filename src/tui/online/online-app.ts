/** The online client's screens: log in, then your games and challenges, then a game or the Intricacy metagame. */
import { createElement as h, useState } from 'react';
import type { TuiGames } from '../games.ts';
import { IntricacyMetaScreen } from '../intricacy/meta-screen.ts';
import type { Theme } from '../theme.ts';
import type { Client, Session } from './api.ts';
import { ArchiveScreen } from './archive-screen.ts';
import { DailyRaceScreen } from './daily-screen.ts';
import { OnlineGameScreen } from './game-screen.ts';
import { LobbyScreen } from './lobby-screen.ts';
import { LoginScreen } from './login-screen.ts';
import { ReplayScreen } from './replay-screen.ts';
import { TournamentScreen } from './tournament-screen.ts';

type Screen =
  | { kind: 'login' }
  | { kind: 'lobby' }
  | { kind: 'game'; id: number }
  | { kind: 'intricacy' }
  | { kind: 'archive' }
  | { kind: 'tournaments' }
  | { kind: 'replay'; id: number }
  | { kind: 'daily' };

export function OnlineApp({
  client,
  games,
  theme,
  remember,
}: {
  client: Client;
  /** The games the lobby, the challenge form and the game screen know. */
  games: TuiGames;
  theme: Theme;
  /** Keep the login for the next run (null: forget it). */
  remember: (session: Session | null) => void;
}) {
  const [screen, setScreen] = useState<Screen>(client.session ? { kind: 'lobby' } : { kind: 'login' });
  if (screen.kind === 'login')
    return h(LoginScreen, {
      client,
      theme,
      onLoggedIn: (session: Session) => {
        remember(session);
        setScreen({ kind: 'lobby' });
      },
    });
  if (screen.kind === 'game')
    return h(OnlineGameScreen, {
      key: screen.id,
      client,
      games,
      id: screen.id,
      theme,
      onExit: () => setScreen({ kind: 'lobby' }),
    });
  if (screen.kind === 'archive')
    return h(ArchiveScreen, {
      client,
      theme,
      onReplay: (id: number) => setScreen({ kind: 'replay', id }),
      onExit: () => setScreen({ kind: 'lobby' }),
    });
  if (screen.kind === 'replay')
    return h(ReplayScreen, {
      key: screen.id,
      client,
      games,
      id: screen.id,
      theme,
      onExit: () => setScreen({ kind: 'archive' }),
    });
  if (screen.kind === 'daily')
    return h(DailyRaceScreen, { client, theme, onExit: () => setScreen({ kind: 'lobby' }) });
  if (screen.kind === 'tournaments')
    return h(TournamentScreen, {
      client,
      theme,
      onOpen: (id: number) => setScreen({ kind: 'game', id }),
      onExit: () => setScreen({ kind: 'lobby' }),
    });
  if (screen.kind === 'intricacy')
    return h(IntricacyMetaScreen, { client, theme, onExit: () => setScreen({ kind: 'lobby' }) });
  return h(LobbyScreen, {
    client,
    games,
    theme,
    onOpen: (id: number) => setScreen({ kind: 'game', id }),
    onIntricacy: () => setScreen({ kind: 'intricacy' }),
    onArchive: () => setScreen({ kind: 'archive' }),
    onDaily: () => setScreen({ kind: 'daily' }),
    onTournaments: () => setScreen({ kind: 'tournaments' }),
    onLogOut: () => {
      void client.logout();
      remember(null);
      setScreen({ kind: 'login' });
    },
  });
}
