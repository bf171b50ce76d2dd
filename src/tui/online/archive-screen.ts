/**
 * Your finished games in the terminal, newest first, a page at a time (n fetches older ones);
 * Enter replays the one under the cursor.
 */
import { Box, Text, useWindowSize } from 'ink';
import { createElement as h, useCallback, useEffect, useState } from 'react';
import type { ArchivePage } from '../../api/index.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import type { Client, GameSummary } from './api.ts';
import { archiveLine, archiveStatus } from './archive-list.ts';
import { listWindow } from './lobby-list.ts';

const PAGE = 20;

export function ArchiveScreen({
  client,
  theme,
  onReplay,
  onExit,
}: {
  client: Client;
  theme: Theme;
  onReplay: (id: number) => void;
  onExit: () => void;
}) {
  const { rows } = useWindowSize();
  const me = client.session?.user ?? '';
  const [games, setGames] = useState<readonly GameSummary[] | null>(null);
  const [more, setMore] = useState(false);
  const [selected, setSelected] = useState(0);
  const [message, setMessage] = useState('');

  const load = useCallback(
    (offset: number) =>
      client
        .request<ArchivePage>(
          'GET',
          `/api/games/finished?user=${encodeURIComponent(me)}&offset=${offset}&limit=${PAGE}`,
        )
        .then(
          (page) => {
            setGames((held) => [...(offset === 0 ? [] : (held ?? [])), ...page.games]);
            setMore(page.more);
          },
          (error: Error) => setMessage(`Cannot list your finished games: ${error.message}`),
        ),
    [client, me],
  );
  useEffect(() => void load(0), [load]);

  const list = games ?? [];
  useKeys((input, key) => {
    if (input === 'q' || key.escape) return onExit();
    if (key.upArrow) return setSelected((s) => Math.max(0, s - 1));
    if (key.downArrow) return setSelected((s) => Math.min(list.length - 1, s + 1));
    if (input === 'n') return more ? void load(list.length) : setMessage('There are no older games.');
    const chosen = list[Math.min(selected, list.length - 1)];
    if (key.return && chosen) onReplay(chosen.id);
  });

  const room = Math.max(1, rows - 7);
  const { first, at } = listWindow(list.length, selected, room);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'truncate' }, `Your finished games  ${me} at ${client.baseUrl}`),
    h(Text, { wrap: 'truncate' }, games === null ? 'Loading...' : archiveStatus(list.length, more)),
    h(Text, null, ' '),
    ...list
      .slice(first, first + room)
      .map((g, i) =>
        h(
          Text,
          { key: g.id, wrap: 'truncate', inverse: theme.colour && first + i === at },
          `${first + i === at ? '>' : ' '} ${archiveLine(me, g)}`,
        ),
      ),
    h(Text, null, ' '),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, message || ' '),
    h(Text, { dimColor: theme.colour, wrap: 'wrap' }, 'Enter replay  ↑ ↓ choose  n older games  q back'),
  );
}
