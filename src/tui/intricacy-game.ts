/**
 * Intricacy in the terminal: the tutorial, the initiation, preset locks and the lock editor from
 * the menu. Online, Intricacy is its metagame (the lobby's own screen), not a game between two seats.
 */
import { intricacy } from '../games/intricacy/index.ts';
import { pickableLockNames } from './intricacy/lock-files.ts';
import {
  EXAMPLE_LOCKS,
  INTRICACY_MODES,
  type IntricacyMode,
  IntricacyScreen,
  type IntricacySetup,
} from './intricacy-screen.ts';
import { localPlay, type TuiGame } from './tui-game.ts';

const local = localPlay<IntricacySetup>({
  blurb: 'Pick locks on a hex grid with the hook and the wrench; tutorial, initiation, lock editor.',
  choices: [],
  setup: (picked) => ({ mode: picked.Play as IntricacyMode, lock: picked.Lock ?? EXAMPLE_LOCKS[0] }),
  Screen: IntricacyScreen,
});

export const intricacyTui: TuiGame = {
  rules: intricacy,
  local: {
    ...local,
    // Read at each drawing of the menu, so a lock saved in the editor is in the list at once.
    get choices() {
      const locks = pickableLockNames();
      return [
        { label: 'Play', values: INTRICACY_MODES },
        { label: 'Lock', values: locks.length > 0 ? locks : EXAMPLE_LOCKS },
      ];
    },
  },
};
