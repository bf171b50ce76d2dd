/**
 * Intricacy in the terminal: the tutorial, the initiation, preset locks and the lock editor from
 * the menu. Online, Intricacy is its metagame (the lobby's own screen), not a game between two seats.
 */
import { intricacy } from '../games/intricacy/index.ts';
import {
  EXAMPLE_LOCKS,
  INTRICACY_MODES,
  type IntricacyMode,
  IntricacyScreen,
  type IntricacySetup,
} from './intricacy-screen.ts';
import { localPlay, type TuiGame } from './tui-game.ts';

export const intricacyTui: TuiGame = {
  rules: intricacy,
  local: localPlay<IntricacySetup>({
    blurb: 'Pick locks on a hex grid with the hook and the wrench; tutorial, initiation, lock editor.',
    choices: [
      { label: 'Play', values: INTRICACY_MODES },
      { label: 'Lock', values: EXAMPLE_LOCKS },
    ],
    setup: (picked) => ({ mode: picked.Play as IntricacyMode, lock: picked.Lock ?? EXAMPLE_LOCKS[0] }),
    Screen: IntricacyScreen,
  }),
};
