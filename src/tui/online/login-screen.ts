/** Log in to a Tessera server, or create an account there. The password is never shown. */
import { Box, Text, useApp } from 'ink';
import { createElement as h, useState } from 'react';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import type { Client, Session } from './api.ts';
import { INITIAL_LOGIN, type LoginState, loginKey, loginRequest, LOGIN_ROWS as ROWS } from './login-state.ts';

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
  const [form, setForm] = useState<LoginState>(INITIAL_LOGIN);
  const { user, password, row } = form;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const submit = (signup: boolean) => {
    const request = loginRequest(form);
    if (!request.ok) {
      setMessage(request.message);
      setForm({ ...form, row: request.row });
      return;
    }
    setBusy(true);
    setMessage(signup ? 'Creating the account...' : 'Logging in...');
    const name = request.user;
    (signup ? client.signup(name, password) : client.login(name, password)).then(
      (session) => onLoggedIn(session),
      (error: Error) => {
        setBusy(false);
        setMessage(`${signup ? 'Sign-up' : 'Login'} refused: ${error.message}`);
      },
    );
  };

  useKeys((input, key) => {
    if (busy) return;
    const step = loginKey(form, input, key);
    if (step === 'quit') exit();
    else if (step === 'login' || step === 'signup') submit(step === 'signup');
    else if (step) setForm(step.state);
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
