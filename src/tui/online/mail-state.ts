/** The terminal's mail screen as a pure state and key function: address, code, what to be mailed. */
import type { Key } from 'ink';
import type { NotifyChoice } from '../../api/index.ts';
import { editText } from './text-input.ts';

export const NOTIFY_ORDER: readonly NotifyChoice[] = ['move', 'digest', 'none'];

export interface MailState {
  /** 0 address, 1 code, 2 what to be mailed. */
  readonly row: 0 | 1 | 2;
  readonly address: string;
  readonly code: string;
}

export const INITIAL_MAIL: MailState = { row: 0, address: '', code: '' };

export type MailStep =
  | { readonly state: MailState }
  | { readonly send: 'address' | 'code' }
  | { readonly notify: NotifyChoice }
  | 'back'
  | null;

export function mailKey(state: MailState, current: NotifyChoice, input: string, key: Key): MailStep {
  if (key.escape) return 'back';
  if (key.upArrow) return { state: { ...state, row: Math.max(0, state.row - 1) as MailState['row'] } };
  if (key.downArrow || key.tab)
    return { state: { ...state, row: Math.min(2, state.row + 1) as MailState['row'] } };
  if (state.row === 2) {
    if (!key.leftArrow && !key.rightArrow) return null;
    const at = NOTIFY_ORDER.indexOf(current);
    const next = NOTIFY_ORDER[(at + (key.rightArrow ? 1 : NOTIFY_ORDER.length - 1)) % NOTIFY_ORDER.length];
    return next ? { notify: next } : null;
  }
  const field = state.row === 0 ? 'address' : 'code';
  if (key.return) return state[field].trim() ? { send: field } : null;
  const text = editText(state[field], input, key, field === 'address' ? 254 : 20);
  return text === null ? null : { state: { ...state, [field]: text } };
}
