/**
 * The tutorial and the initiation: a list of locks with the player's progress (saved in the
 * config directory), each lock shown with its teaching text; solving one offers the next.
 */
import { Box, Text } from 'ink';
import { createElement as h, useState } from 'react';
import {
  type CurriculumLock,
  curriculumLabel,
  firstUnsolved,
  INITIATION,
  type Lock,
  parseLock,
  solvedCount,
  TUTORIAL,
} from '../../games/intricacy/index.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import { actionOf, type KeyConfig, keyName } from './keys.ts';
import { firstShown } from './layout.ts';
import { readPresetLock } from './lock-files.ts';
import { PickScreen } from './pick-screen.ts';
import { loadProgress, type Progress, recordSolve } from './progress.ts';

export type Course = 'tutorial' | 'initiation';

interface Props {
  readonly course: Course;
  readonly theme: Theme;
  readonly keys: KeyConfig;
  readonly notice?: string;
  readonly onExit: () => void;
}

export function CurriculumScreen({ course, theme, keys, notice, onExit }: Props) {
  const locks = course === 'tutorial' ? TUTORIAL : INITIATION;
  const [progress, setProgress] = useState<Progress>(loadProgress);
  // Start on the first lock not yet solved.
  const [row, setRow] = useState(() => firstUnsolved(locks, progress));
  const [opened, setOpened] = useState<{ index: number; lock: Lock } | null>(null);
  const [message, setMessage] = useState(notice ?? '');

  const openAt = (index: number, list: readonly CurriculumLock[]) => {
    const entry = list[index];
    if (!entry) return;
    const read = readPresetLock(entry.name);
    const lock = read.ok ? parseLock(read.value) : read;
    setRow(index);
    if (!lock.ok) {
      setOpened(null);
      return setMessage(lock.error);
    }
    setMessage('');
    setOpened({ index, lock: lock.value });
  };

  useKeys(
    (input, key) => {
      const name = keyName(input, key);
      const action = actionOf(keys.bindings, name);
      if (name === 'escape' || name === 'q' || action === 'quit') return onExit();
      if (name === 'up' || action === 'hookNE' || action === 'hookNW') return setRow(Math.max(0, row - 1));
      if (name === 'down' || action === 'hookSE' || action === 'hookSW')
        return setRow(Math.min(locks.length - 1, row + 1));
      if (name === 'enter' || name === 'space') openAt(row, locks);
    },
    { active: opened === null },
  );

  const heading = course === 'tutorial' ? 'Tutorial' : 'Initiation';
  if (opened !== null) {
    const open = opened.index;
    const entry = locks[open] as CurriculumLock;
    const following = locks[open + 1];
    return h(PickScreen, {
      key: entry.name,
      lock: opened.lock,
      title: `${heading} ${open + 1}/${locks.length}: ${curriculumLabel(entry)}`,
      intro: entry.intro,
      theme,
      keys,
      onExit: () => setOpened(null),
      onSolved: (moves) => setProgress((p) => recordSolve(p, entry.name, moves.length)),
      next: following
        ? {
            label: `next lock, ${curriculumLabel(following)}`,
            go: () => openAt(open + 1, locks),
          }
        : {
            label: `the ${course} is done: back to the list`,
            go: () => setOpened(null),
          },
    });
  }
  const solved = solvedCount(locks, progress);
  // Show a window of the list around the cursor so a long course fits 24 rows.
  const shown = 16;
  const start = firstShown(row, locks.length, shown);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, `Intricacy ${heading}: ${solved} of ${locks.length} solved`),
    h(Text, null, ' '),
    ...locks.slice(start, start + shown).map((l, j) => {
      const i = start + j;
      const best = progress[l.name];
      const mark = best === undefined ? '[ ]' : '[x]';
      const record =
        best === undefined ? '' : `  solved in ${best}${l.shortest ? ` (shortest ${l.shortest})` : ''}`;
      return h(
        Text,
        { key: l.name, inverse: theme.colour && i === row, wrap: 'truncate' },
        `${i === row ? '>' : ' '} ${mark} ${String(i + 1).padStart(2)}. ${curriculumLabel(l)}${record}`,
      );
    }),
    h(Text, null, ' '),
    message ? h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message) : null,
    h(Text, { dimColor: theme.colour }, 'up/down choose  Enter play  q back'),
  );
}
