/** A new online game: which game, against whom (a user id or `computer`), and its settings. */
import { Box, Text, useInput } from 'ink';
import { createElement as h, useState } from 'react';
import type { Theme } from '../theme.ts';
import type { Client, GameShow } from './api.ts';
import { editText } from './text-input.ts';

interface Setting {
  readonly label: string;
  readonly values: readonly string[];
  readonly games: readonly string[];
}

const GAMES = [
  { id: 'warpweft', title: 'Warp and Weft' },
  { id: 'atom4', title: 'Atom-4' },
] as const;

const SETTINGS: readonly Setting[] = [
  { label: 'Size', values: ['4', '5', '6', '2', '3'], games: ['warpweft'] },
  { label: 'Rules', values: ['thread-primary', 'patch-primary'], games: ['warpweft'] },
  { label: 'Rounds', values: ['1', '3', '5'], games: ['atom4'] },
];

export function ChallengeForm({
  client,
  theme,
  onMade,
  onCancel,
}: {
  client: Client;
  theme: Theme;
  onMade: (game: GameShow) => void;
  onCancel: () => void;
}) {
  const [gameIndex, setGameIndex] = useState(0);
  const [opponent, setOpponent] = useState('computer');
  const [picked, setPicked] = useState<Record<string, number>>({});
  const [row, setRow] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const game = GAMES[gameIndex] as (typeof GAMES)[number];
  const settings = SETTINGS.filter((s) => s.games.includes(game.id));
  const rowCount = 2 + settings.length;
  const value = (s: Setting) => s.values[picked[s.label] ?? 0] as string;

  const submit = () => {
    const me = client.session?.user;
    const them = opponent.trim().toLowerCase();
    if (!me) return;
    if (!them) return setMessage('Name an opponent: a user id, or computer.');
    const options =
      game.id === 'warpweft'
        ? {
            size: Number(value(SETTINGS[0] as Setting)),
            variant: value(SETTINGS[1] as Setting) === 'patch-primary' ? 'patch' : 'thread',
          }
        : { rounds: Number(value(SETTINGS[2] as Setting)) };
    setBusy(true);
    setMessage(`Challenging ${them}...`);
    client.request<GameShow>('POST', '/api/games', { game: game.id, players: [me, them], options }).then(
      (made) => onMade(made),
      (error: Error) => {
        setBusy(false);
        setMessage(`The challenge was refused: ${error.message}`);
      },
    );
  };

  useInput((input, key) => {
    if (busy) return;
    if (key.escape) return onCancel();
    if (key.upArrow || (key.shift && key.tab)) return setRow((r) => (r + rowCount - 1) % rowCount);
    if (key.downArrow || key.tab) return setRow((r) => (r + 1) % rowCount);
    if (key.return) return submit();
    const step = key.rightArrow ? 1 : key.leftArrow ? -1 : 0;
    if (row === 0) {
      if (step) setGameIndex((i) => (i + step + GAMES.length) % GAMES.length);
      else if (input === 'q') onCancel();
    } else if (row === 1) {
      const next = editText(opponent, input, key, 20);
      if (next !== null) setOpponent(next);
    } else if (step) {
      const s = settings[row - 2] as Setting;
      const n = s.values.length;
      setPicked({ ...picked, [s.label]: ((picked[s.label] ?? 0) + step + n) % n });
    } else if (input === 'q') onCancel();
  });

  const line = (r: number, text: string) =>
    h(
      Text,
      { key: r, inverse: theme.colour && r === row, wrap: 'truncate' },
      `${r === row ? '>' : ' '} ${text}`,
    );
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, 'New challenge'),
    h(Text, null, ' '),
    line(0, `${'Game'.padEnd(10)} < ${game.title} >`),
    line(1, `${'Opponent'.padEnd(10)} ${opponent}${row === 1 ? '_' : ''}   (a user id, or computer)`),
    ...settings.map((s, i) => line(i + 2, `${s.label.padEnd(10)} < ${value(s)} >`)),
    h(Text, null, ' '),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message || ' '),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'truncate' },
      'up/down field  left/right change  type a name  Enter challenge  Esc back',
    ),
  );
}
