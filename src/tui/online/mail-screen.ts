/** The account's mail in the terminal: an address (verified by a mailed code) and what to be mailed. */
import { Box, Text } from 'ink';
import { createElement as h, useCallback, useEffect, useState } from 'react';
import { type MailStatus, mailSummary, NOTIFY_LABELS } from '../../api/index.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import type { Client } from './api.ts';
import { INITIAL_MAIL, type MailState, mailKey } from './mail-state.ts';

export function MailScreen({ client, theme, onBack }: { client: Client; theme: Theme; onBack: () => void }) {
  const [form, setForm] = useState<MailState>(INITIAL_MAIL);
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [message, setMessage] = useState('');

  const refresh = useCallback(
    () => client.request<MailStatus>('GET', '/api/mail').then(setStatus, (e: Error) => setMessage(e.message)),
    [client],
  );
  useEffect(() => void refresh(), [refresh]);

  const call = (method: string, path: string, body: unknown, done: string, after: Partial<MailState>) =>
    client.request(method, path, body).then(
      () => {
        setMessage(done);
        setForm((f) => ({ ...f, ...after }));
        void refresh();
      },
      (e: Error) => setMessage(e.message),
    );

  useKeys((input, key) => {
    const step = mailKey(form, status?.notify ?? 'move', input, key);
    if (step === null) return;
    if (step === 'back') return onBack();
    if ('state' in step) return setForm(step.state);
    if ('notify' in step) return void call('PUT', '/api/mail/notify', { notify: step.notify }, '', {});
    if (step.send === 'address') {
      return void call(
        'PUT',
        '/api/mail/address',
        { address: form.address.trim() },
        'A code is on its way.',
        {
          address: '',
          row: 1,
        },
      );
    }
    return void call('POST', '/api/mail/verify', { code: form.code.trim() }, 'Verified.', {
      code: '',
      row: 2,
    });
  });

  const line = (r: number, text: string) =>
    h(
      Text,
      { key: r, inverse: theme.colour && r === form.row, wrap: 'truncate' },
      `${r === form.row ? '>' : ' '} ${text}`,
    );
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, 'Mail'),
    h(Text, null, ' '),
    ...(status ? mailSummary(status) : ['Loading...']).map((l) => h(Text, { key: l, wrap: 'wrap' }, l)),
    h(Text, null, ' '),
    line(0, `${'Address'.padEnd(10)} ${form.address}${form.row === 0 ? '_' : ''}`),
    line(1, `${'Code'.padEnd(10)} ${form.code}${form.row === 1 ? '_' : ''}`),
    line(2, `${'Send me'.padEnd(10)} < ${NOTIFY_LABELS[status?.notify ?? 'move']} >`),
    h(Text, null, ' '),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message || ' '),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'truncate' },
      'up/down field  type  Enter send  left/right change  Esc back',
    ),
  );
}
