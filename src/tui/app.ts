/** The local terminal client: the menu of games, then the chosen game's screen until it exits. */
import { useApp } from 'ink';
import { createElement as h, useState } from 'react';
import { menuEntries, TUI_GAMES, type TuiGames } from './games.ts';
import { INITIAL_MENU, Menu, type MenuState } from './menu.ts';
import type { Theme } from './theme.ts';
import type { Picked } from './tui-game.ts';

/** The menu, or a game with the setup it started with (made once, so a random deal stays put). */
type Screen =
  | { readonly kind: 'menu' }
  | { readonly kind: 'game'; readonly id: string; readonly setup: unknown };

export function App({ theme, games = TUI_GAMES }: { theme: Theme; games?: TuiGames }) {
  const { exit } = useApp();
  const [screen, setScreen] = useState<Screen>({ kind: 'menu' });
  const [menu, setMenu] = useState<MenuState>(INITIAL_MENU);
  const toMenu = () => setScreen({ kind: 'menu' });
  const local = screen.kind === 'game' ? games[screen.id]?.local : undefined;
  if (screen.kind === 'game' && local) return local.screen(screen.setup, { theme, onExit: toMenu });
  return h(Menu, {
    games: menuEntries(games),
    theme,
    state: menu,
    onChange: setMenu,
    onQuit: () => exit(),
    onStart: (id: string, picked: Picked) => {
      const start = games[id]?.local;
      if (start) setScreen({ kind: 'game', id, setup: start.setup(picked) });
    },
  });
}
