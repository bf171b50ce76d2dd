/**
 * Choosing a codename for the metagame, with unused ones suggested by the server; new players
 * solve the initiation first (the original's rule), unless they skip it for good.
 */
import { Box, Text } from 'ink';
import { createElement as h, useEffect, useState } from 'react';
import { INITIATION, initiationSolved } from '../../games/intricacy/index.ts';
import { useKeys } from '../key-queue.ts';
import { editText } from '../online/text-input.ts';
import type { Theme } from '../theme.ts';
import type { MetaApi } from './meta-api.ts';
import { initiationSkipped, loadProgress, skipInitiation } from './progress.ts';

export function RegisterScreen({
  api,
  theme,
  onExit,
  onRegistered,
}: {
  api: MetaApi;
  theme: Theme;
  onExit: () => void;
  onRegistered: (codename: string) => void;
}) {
  const [text, setText] = useState('');
  const [ideas, setIdeas] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  // New players solve the initiation first (the original's rule), unless they skip it for good.
  const [solved] = useState(() => initiationSolved(loadProgress()));
  const [skipped, setSkipped] = useState(initiationSkipped);
  const ready = skipped || solved >= INITIATION.length;
  useEffect(() => {
    api.codenames().then(setIdeas, () => undefined);
  }, [api]);
  useKeys((input, key) => {
    if (key.escape) return onExit();
    if (!ready) {
      if (input === '!') {
        skipInitiation();
        setSkipped(true);
      }
      return;
    }
    if (key.tab && ideas.length > 0) {
      const next = ideas[(ideas.indexOf(text) + 1) % ideas.length] as string;
      return setText(next);
    }
    if (key.return) {
      setMessage('Registering…');
      return api.register(text).then(onRegistered, (e: Error) => setMessage(e.message));
    }
    const next = editText(text, input, key, 3);
    if (next !== null) setText(next);
  });
  if (!ready) {
    return h(
      Box,
      { flexDirection: 'column' },
      h(Text, { bold: true }, 'Intricacy metagame: first, the initiation'),
      h(
        Text,
        { wrap: 'wrap' },
        `New players solve the ${INITIATION.length} initiation locks before choosing a codename; you have solved ${solved}. ` +
          'Play them from the local menu: tessera play, Intricacy, Play < initiation >.',
      ),
      h(Text, null, ' '),
      h(Text, { dimColor: theme.colour }, '! skip the initiation (remembered)  Esc back'),
    );
  }
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, 'Intricacy metagame: choose your codename'),
    h(
      Text,
      { wrap: 'wrap' },
      'A codename is exactly 3 characters: capitals, digits or symbols, no lowercase, no space. It is who you are in the metagame.',
    ),
    h(Text, null, ' '),
    h(Text, { inverse: theme.colour }, `Codename: ${text}_`),
    h(Text, { wrap: 'wrap' }, `Unused ones: ${ideas.join('  ') || '…'}`),
    h(Text, null, ' '),
    message ? h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message) : null,
    h(Text, { dimColor: theme.colour }, 'type it (Tab: next suggestion)  Enter register  Esc back'),
  );
}
