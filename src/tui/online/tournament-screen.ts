/**
 * Tournaments in the terminal: the list (Enter shows one), and one tournament with its standings
 * and its games (Enter opens the game under the cursor; e enters it, x leaves it before it starts).
 */
import { Box, Text, useWindowSize } from 'ink';
import { createElement as h, useCallback, useEffect, useState } from 'react';
import type { TournamentLine, TournamentView } from '../../api/index.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import type { Client } from './api.ts';
import { listWindow } from './lobby-list.ts';
import { boardLine, standingLines, tournamentLine } from './tournament-text.ts';

interface Props {
  client: Client;
  theme: Theme;
  onOpen: (gameId: number) => void;
  onExit: () => void;
}

function Rows({
  lines,
  at,
  theme,
  room,
}: {
  lines: readonly string[];
  at: number;
  theme: Theme;
  room: number;
}) {
  const { first, at: shown } = listWindow(lines.length, at, room);
  return h(
    Box,
    { flexDirection: 'column' },
    ...lines
      .slice(first, first + room)
      .map((line, i) =>
        h(
          Text,
          { key: first + i, wrap: 'truncate', inverse: theme.colour && first + i === shown },
          `${first + i === shown ? '>' : ' '} ${line}`,
        ),
      ),
  );
}

function OneTournament({
  client,
  theme,
  id,
  onOpen,
  onBack,
}: Omit<Props, 'onExit'> & { id: number; onBack: () => void }) {
  const { rows } = useWindowSize();
  const [t, setT] = useState<TournamentView | null>(null);
  const [selected, setSelected] = useState(0);
  const [message, setMessage] = useState('');
  const load = useCallback(
    () =>
      client
        .request<TournamentView>('GET', `/api/tournaments/${id}`)
        .then(setT, (error: Error) => setMessage(`Cannot show tournament ${id}: ${error.message}`)),
    [client, id],
  );
  useEffect(() => void load(), [load]);
  const boards = [...(t?.boards ?? [])].reverse();
  const act = (what: 'join' | 'leave') =>
    client.request<TournamentView>('POST', `/api/tournaments/${id}/${what}`).then(
      (shown) => {
        setT(shown);
        setMessage(
          what === 'join' ? `You have entered tournament ${id}.` : `You have left tournament ${id}.`,
        );
      },
      (error: Error) => setMessage(`${what === 'join' ? 'Entry' : 'Leaving'} refused: ${error.message}`),
    );
  useKeys((input, key) => {
    if (input === 'q' || key.escape) return onBack();
    if (key.upArrow) return setSelected((s) => Math.max(0, s - 1));
    if (key.downArrow) return setSelected((s) => Math.min(boards.length - 1, s + 1));
    if (input === 'e') return void act('join');
    if (input === 'x') return void act('leave');
    if (input === 'r') return void load();
    const board = boards[Math.min(selected, boards.length - 1)];
    if (key.return && board?.gameId) onOpen(board.gameId);
  });
  if (!t) return h(Text, null, message || 'Loading...');
  const table = t.state === 'open' ? [] : standingLines(t);
  const room = Math.max(1, rows - table.length - 9);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'truncate' }, tournamentLine(t)),
    h(Text, { wrap: 'truncate' }, `Entrants: ${t.entrants.join(', ') || 'none yet'}`),
    h(Text, null, ' '),
    ...table.map((line, i) => h(Text, { key: `s${i}`, wrap: 'truncate', bold: i === 0 }, line)),
    h(Text, null, ' '),
    h(Rows, { lines: boards.map(boardLine), at: selected, theme, room }),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, message || ' '),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'wrap' },
      `${boards.length ? 'Enter open game  ↑ ↓ choose  ' : ''}${t.state === 'open' ? 'e enter  x leave  ' : ''}r refresh  q back`,
    ),
  );
}

export function TournamentScreen({ client, theme, onOpen, onExit }: Props) {
  const { rows } = useWindowSize();
  const [lines, setLines] = useState<readonly TournamentLine[] | null>(null);
  const [selected, setSelected] = useState(0);
  const [shown, setShown] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(
    () =>
      client.request<{ tournaments: TournamentLine[] }>('GET', '/api/tournaments').then(
        (r) => setLines(r.tournaments),
        (error: Error) => setMessage(`Cannot list the tournaments: ${error.message}`),
      ),
    [client],
  );
  useEffect(() => void load(), [load]);
  const list = lines ?? [];
  useKeys(
    (input, key) => {
      if (input === 'q' || key.escape) return onExit();
      if (key.upArrow) return setSelected((s) => Math.max(0, s - 1));
      if (key.downArrow) return setSelected((s) => Math.min(list.length - 1, s + 1));
      if (input === 'r') return void load();
      const chosen = list[Math.min(selected, list.length - 1)];
      if (key.return && chosen) setShown(chosen.id);
    },
    { active: shown === null },
  );
  if (shown !== null)
    return h(OneTournament, {
      client,
      theme,
      id: shown,
      onOpen,
      onBack: () => {
        setShown(null);
        void load();
      },
    });
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'truncate' }, `Tournaments at ${client.baseUrl}`),
    h(Text, { wrap: 'truncate' }, lines === null ? 'Loading...' : lines.length ? ' ' : 'No tournaments yet.'),
    h(Rows, { lines: list.map(tournamentLine), at: selected, theme, room: Math.max(1, rows - 6) }),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, message || ' '),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'wrap' },
      'Enter show  ↑ ↓ choose  r refresh  q back  (create one on the web or by PBeM)',
    ),
  );
}
