/** A new online game: which game, against whom (a user id or `computer`), and its settings. */
import { Box, Text } from 'ink';
import { createElement as h, useState } from 'react';
import type { OnlineEntry } from '../games.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import type { Client, GameShow } from './api.ts';
import {
  type ChallengeState,
  challengeKey,
  challengeRequest,
  chosenGame,
  INITIAL_CHALLENGE,
  settingValue,
  timeLimitOf,
} from './challenge-state.ts';

export function ChallengeForm({
  client,
  games,
  theme,
  onMade,
  onCancel,
}: {
  client: Client;
  /** The games a challenge can be made in (at least one). */
  games: readonly OnlineEntry[];
  theme: Theme;
  onMade: (game: GameShow) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<ChallengeState>(INITIAL_CHALLENGE);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const game = chosenGame(form, games);
  const { row, opponent } = form;

  const submit = () => {
    const me = client.session?.user;
    if (!me) return;
    const request = challengeRequest(form, me, games);
    if (!request.ok) return setMessage(request.message);
    setBusy(true);
    setMessage(`Challenging ${request.them}...`);
    client.request<GameShow>('POST', '/api/games', request.body).then(
      (made) => onMade(made),
      (error: Error) => {
        setBusy(false);
        setMessage(`The challenge was refused: ${error.message}`);
      },
    );
  };

  useKeys((input, key) => {
    if (busy) return;
    const step = challengeKey(form, input, key, games);
    if (step === 'cancel') onCancel();
    else if (step === 'submit') submit();
    else if (step) setForm(step.state);
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
    ...game.settings.map((s, i) => line(i + 2, `${s.label.padEnd(10)} < ${settingValue(form, games, s)} >`)),
    line(
      game.settings.length + 2,
      `${'Time limit'.padEnd(10)} < ${timeLimitOf(form)} >   (days per move+bank)`,
    ),
    h(Text, null, ' '),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message || ' '),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'truncate' },
      'up/down field  left/right change  type a name  Enter challenge  Esc back',
    ),
  );
}
