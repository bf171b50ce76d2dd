/** Log in to a Tessera server, or create an account there. The password is never shown. */
import { Box, Text, useApp, useInput } from 'ink';
import { createElement as h, useState } from 'react';
import type { Theme } from '../theme.ts';
import type { Client, Session } from './api.ts';
import { editText } from './text-input.ts';

const ROWS = ['Account', 'Password', 'Log in', 'Sign up'] as const;

export function LoginScreen({
  client,
  theme,
  onLoggedIn,
}: {
  client: Client;
  theme: Theme;
  onLoggedIn: (session: Session) => void;
}) {
  const { exit } = useApp();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [row, setRow] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const submit = (signup: boolean) => {
    if (!user.trim() || !password) {
      setMessage('Type your account name and password first.');
      setRow(user.trim() ? 1 : 0);
      return;
    }
    setBusy(true);
    setMessage(signup ? 'Creating the account...' : 'Logging in...');
    const name = user.trim().toLowerCase();
    (signup ? client.signup(name, password) : client.login(name, password)).then(
      (session) => onLoggedIn(session),
      (error: Error) => {
        setBusy(false);
        setMessage(`${signup ? 'Sign-up' : 'Login'} refused: ${error.message}`);
      },
    );
  };

  useInput((input, key) => {
    if (busy) return;
    if (key.escape || (key.ctrl && input === 'c')) return exit();
    if (key.upArrow || (key.shift && key.tab)) return setRow((r) => (r + ROWS.length - 1) % ROWS.length);
    if (key.downArrow || key.tab) return setRow((r) => (r + 1) % ROWS.length);
    if (key.return) {
      if (row === 0) return setRow(1);
      return submit(row === 3);
    }
    if (row === 0) {
      const next = editText(user, input, key, 20);
      if (next !== null) setUser(next);
    } else if (row === 1) {
      const next = editText(password, input, key, 128);
      if (next !== null) setPassword(next);
    } else if (input === 'q') exit();
  });

  const mark = (r: number) => (r === row ? '>' : ' ');
  const field = (r: number, value: string) =>
    h(
      Text,
      { key: ROWS[r], inverse: theme.colour && r === row, wrap: 'truncate' },
      `${mark(r)} ${ROWS[r].padEnd(10)} ${value}${r === row ? '_' : ''}`,
    );
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'truncate' }, `TESSERA online  ${client.baseUrl}`),
    h(Text, null, ' '),
    field(0, user),
    // Not even the length of the password is shown.
    field(1, password ? '(hidden)' : ''),
    h(Text, null, ' '),
    h(Text, { key: 'login', bold: row === 2, inverse: theme.colour && row === 2 }, `${mark(2)} [ Log in ]`),
    h(Text, { key: 'signup', bold: row === 3, inverse: theme.colour && row === 3 }, `${mark(3)} [ Sign up ]`),
    h(Text, null, ' '),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message || ' '),
    h(Text, { dimColor: theme.colour, wrap: 'truncate' }, 'type, Tab/up/down next field  Enter go  Esc quit'),
  );
}
