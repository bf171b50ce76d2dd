import { randomInt } from 'node:crypto';
import { useApp } from 'ink';
import { createElement as h, useState } from 'react';
import { dailySeed } from '../games/sigmar/index.ts';
import { Atom4Screen, type Atom4Setup } from './atom4-screen.ts';
import {
  EXAMPLE_LOCKS,
  INTRICACY_MODES,
  type IntricacyMode,
  IntricacyScreen,
  type IntricacySetup,
} from './intricacy-screen.ts';
import { type GameEntry, INITIAL_MENU, Menu, type MenuState } from './menu.ts';
import { SigmarScreen, type SigmarSetup } from './sigmar-screen.ts';
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
  {
    id: 'sigmar',
    title: "Sigmar's Garden",
    blurb: 'Solitaire of 55 alchemical marbles: remove reacting free pairs until the board is clear.',
    choices: [{ label: 'Board', values: ['random', 'daily'] }],
  },
  {
    id: 'intricacy',
    title: 'Intricacy',
    blurb: 'Pick locks on a hex grid with the hook and the wrench; tutorial, initiation, lock editor.',
    choices: [
      { label: 'Play', values: INTRICACY_MODES },
      { label: 'Lock', values: EXAMPLE_LOCKS },
    ],
  },
  {
    id: 'atom4',
    title: 'Atom-4',
    blurb: 'Mix coloured light on a triangular lattice: four whites or four blacks in a row win a round.',
    choices: [
      { label: 'Opponent', values: ['computer', 'person here'] },
      { label: 'You play', values: ['player 1', 'player 2'] },
      { label: 'Level', values: ['2', '3', '4', '5', '0', '1'] },
    ],
  },
];

type Screen =
  | { kind: 'menu' }
  | { kind: 'warpweft'; setup: WarpWeftSetup }
  | { kind: 'sigmar'; setup: SigmarSetup }
  | { kind: 'intricacy'; setup: IntricacySetup }
  | { kind: 'atom4'; setup: Atom4Setup };

export function App({ theme }: { theme: Theme }) {
  const { exit } = useApp();
  const [screen, setScreen] = useState<Screen>({ kind: 'menu' });
  const [menu, setMenu] = useState<MenuState>(INITIAL_MENU);
  const toMenu = () => setScreen({ kind: 'menu' });
  if (screen.kind === 'warpweft') return h(WarpWeftScreen, { setup: screen.setup, theme, onExit: toMenu });
  if (screen.kind === 'sigmar') return h(SigmarScreen, { setup: screen.setup, theme, onExit: toMenu });
  if (screen.kind === 'intricacy') return h(IntricacyScreen, { setup: screen.setup, theme, onExit: toMenu });
  if (screen.kind === 'atom4') return h(Atom4Screen, { setup: screen.setup, theme, onExit: toMenu });
  return h(Menu, {
    games: GAMES,
    theme,
    state: menu,
    onChange: setMenu,
    onQuit: () => exit(),
    onStart: (game: string, picked: Record<string, string>) =>
      game === 'atom4'
        ? setScreen({
            kind: 'atom4',
            setup: {
              computer: picked.Opponent === 'computer' ? (picked['You play'] === 'player 1' ? 1 : 0) : null,
              level: Number(picked.Level),
            },
          })
        : game === 'intricacy'
          ? setScreen({
              kind: 'intricacy',
              setup: { mode: picked.Play as IntricacyMode, lock: picked.Lock ?? EXAMPLE_LOCKS[0] },
            })
          : game === 'sigmar'
            ? setScreen({
                kind: 'sigmar',
                setup: {
                  seed:
                    picked.Board === 'daily'
                      ? dailySeed(new Date().toISOString().slice(0, 10))
                      : randomInt(0, 2 ** 32 - 1),
                },
              })
            : setScreen({
                kind: 'warpweft',
                setup: {
                  size: Number(picked.Size),
                  variant: picked.Rules === 'patch-primary' ? 'patch' : 'thread',
                  botSeat:
                    picked.Opponent === 'computer' ? (picked['You play']?.startsWith('first') ? 1 : 0) : null,
                  thinkMs: Math.round(Number.parseFloat(picked['Computer thinks'] ?? '1') * 1000),
                },
              }),
  });
}
