/**
 * Intricacy in the terminal: pick a preset lock, work through the tutorial or the initiation,
 * or design a lock in the editor. The key config (keys.json) is read once when the screen opens.
 */
import { Box, Text } from 'ink';
import { createElement as h, useState } from 'react';
import { parseLock } from '../games/intricacy/index.ts';
import { CurriculumScreen } from './intricacy/curriculum-screen.ts';
import { EditorScreen } from './intricacy/editor-screen.ts';
import { loadKeyConfig } from './intricacy/keys.ts';
import { presetLockNames, readPresetLock } from './intricacy/lock-files.ts';
import { PickScreen } from './intricacy/pick-screen.ts';
import { useKeys } from './key-queue.ts';
import type { Theme } from './theme.ts';

export const INTRICACY_MODES = ['tutorial', 'initiation', 'pick a lock', 'lock editor'] as const;
export type IntricacyMode = (typeof INTRICACY_MODES)[number];

export interface IntricacySetup {
  readonly mode?: IntricacyMode;
  /** For "pick a lock": a lock name under locks/ (e.g. tutorial/05-hook). */
  readonly lock?: string;
}

/** The preset locks the menu offers (every locks/**.lock). */
export const EXAMPLE_LOCKS: readonly string[] = (() => {
  const names = presetLockNames();
  return names.length > 0 ? names : ['tutorial/05-hook'];
})();

export function IntricacyScreen({
  setup,
  theme,
  onExit,
}: {
  setup: IntricacySetup;
  theme: Theme;
  onExit: () => void;
}) {
  const [keys] = useState(loadKeyConfig);
  const mode = setup.mode ?? 'pick a lock';
  if (mode === 'tutorial' || mode === 'initiation')
    return h(CurriculumScreen, { course: mode, theme, keys, onExit, notice: keys.warning });
  if (mode === 'lock editor') return h(EditorScreen, { theme, keys, onExit, notice: keys.warning });
  const name = setup.lock ?? EXAMPLE_LOCKS[0] ?? 'tutorial/05-hook';
  const read = readPresetLock(name);
  const lock = read.ok ? parseLock(read.value) : read;
  if (!lock.ok) return h(Failure, { message: lock.error, onExit });
  return h(PickScreen, {
    lock: lock.value,
    title: `Lock ${name}`,
    theme,
    keys,
    onExit,
    notice: keys.warning,
  });
}

function Failure({ message, onExit }: { message: string; onExit: () => void }) {
  useKeys(() => onExit());
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { wrap: 'wrap' }, message),
    h(Text, null, 'any key: back'),
  );
}
