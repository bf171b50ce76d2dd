/** The login form as pure state: the account, the password, the row; what a key does to it. */
import type { Key } from 'ink';
import { editText } from './text-input.ts';

export const LOGIN_ROWS = ['Account', 'Password', 'Log in', 'Sign up'] as const;

export interface LoginState {
  readonly user: string;
  readonly password: string;
  /** An index into LOGIN_ROWS. */
  readonly row: number;
}

export const INITIAL_LOGIN: LoginState = { user: '', password: '', row: 0 };

/** What a key does: a new state, log in or sign up, quit, or nothing. */
export type LoginStep = { readonly state: LoginState } | 'login' | 'signup' | 'quit' | null;

export function loginKey(state: LoginState, input: string, key: Key): LoginStep {
  const rows = LOGIN_ROWS.length;
  const to = (next: Partial<LoginState>) => ({ state: { ...state, ...next } });
  if (key.escape || (key.ctrl && input === 'c')) return 'quit';
  if (key.upArrow || (key.shift && key.tab)) return to({ row: (state.row + rows - 1) % rows });
  if (key.downArrow || key.tab) return to({ row: (state.row + 1) % rows });
  if (key.return) {
    if (state.row === 0) return to({ row: 1 });
    return state.row === 3 ? 'signup' : 'login';
  }
  if (state.row === 0) {
    const user = editText(state.user, input, key, 20);
    return user === null ? null : to({ user });
  }
  if (state.row === 1) {
    const password = editText(state.password, input, key, 128);
    return password === null ? null : to({ password });
  }
  return input === 'q' ? 'quit' : null;
}

/** The account (trimmed, in lower case) and password to send, or what is missing and where. */
export function loginRequest(
  state: LoginState,
):
  | { readonly ok: true; readonly user: string }
  | { readonly ok: false; readonly message: string; readonly row: number } {
  if (!state.user.trim() || !state.password) {
    return {
      ok: false,
      message: 'Type your account name and password first.',
      row: state.user.trim() ? 1 : 0,
    };
  }
  return { ok: true, user: state.user.trim().toLowerCase() };
}
