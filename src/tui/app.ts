import { useApp } from 'ink';
import { createElement as h, useState } from 'react';
import { type GameEntry, Menu } from './menu.ts';
import type { Theme } from './theme.ts';
import { WarpWeftScreen, type WarpWeftSetup } from './warpweft-screen.ts';

const GAMES: readonly GameEntry[] = [
  {
    id: 'warpweft',
    title: 'Warp and Weft',
    blurb: 'Connection game on a woven board: claim threads and patches, join your sides.',
    choices: [
      { label: 'Opponent', values: ['computer', 'person here'] },
      { label: 'You play', values: ['first (Warp)', 'second (Weft)'] },
      { label: 'Size', values: ['4', '5', '6', '2', '3'] },
      { label: 'Rules', values: ['thread-primary', 'patch-primary'] },
      { label: 'Computer thinks', values: ['1 s', '3 s', '0.2 s'] },
    ],
  },
];

type Screen = { kind: 'menu' } | { kind: 'warpweft'; setup: WarpWeftSetup };

export function App({ theme }: { theme: Theme }) {
  const { exit } = useApp();
  const [screen, setScreen] = useState<Screen>({ kind: 'menu' });
  const toMenu = () => setScreen({ kind: 'menu' });
  if (screen.kind === 'warpweft') return h(WarpWeftScreen, { setup: screen.setup, theme, onExit: toMenu });
  return h(Menu, {
    games: GAMES,
    theme,
    onQuit: () => exit(),
    onStart: (_game: string, picked: Record<string, string>) =>
      setScreen({
        kind: 'warpweft',
        setup: {
          size: Number(picked.Size),
          variant: picked.Rules === 'patch-primary' ? 'patch' : 'thread',
          botSeat: picked.Opponent === 'computer' ? (picked['You play']?.startsWith('first') ? 1 : 0) : null,
          thinkMs: Math.round(Number.parseFloat(picked['Computer thinks'] ?? '1') * 1000),
        },
      }),
  });
}
