/**
 * The terminal lobby's vacation prompt, as a pure function: V asks how many days (digits, Enter
 * takes the vacation, Esc cancels); a player already on vacation, or with no days left, is told so.
 */
import type { Key } from 'ink';
import type { VacationState } from '../../api/index.ts';
import { editText } from './text-input.ts';

/** The most days one vacation may take (the server's limit). */
const MAX_DAYS = 30;

/** The prompt: closed, or open with the days typed so far. */
export type VacationForm = { readonly asking: false } | { readonly asking: true; readonly days: string };
export const CLOSED_VACATION: VacationForm = { asking: false };

/** The most days this player may ask for now. */
export const maxDays = (v: Pick<VacationState, 'daysLeft'>): number => Math.min(MAX_DAYS, v.daysLeft);

/** The prompt line while it is open. */
export const vacationPrompt = (days: string, v: Pick<VacationState, 'daysLeft'>): string =>
  `Vacation days (1-${maxDays(v)}): ${days}_   Enter take it  Esc cancel`;

/**
 * What a key does: a new prompt, days to take, a sentence, or null for a key not ours. `vacation` is
 * the player's vacation as last read (null before it is known).
 */
export function vacationKey(
  form: VacationForm,
  vacation: VacationState | null,
  input: string,
  key: Key,
): { form: VacationForm } | { take: number } | { message: string } | null {
  if (!form.asking) {
    if (input !== 'V') return null;
    if (!vacation) return { message: 'Your vacation days are still loading: try again in a moment.' };
    if (vacation.until !== null)
      return { message: 'You are on vacation already: take more days once it ends.' };
    if (vacation.daysLeft === 0) return { message: 'You have no vacation days left this year.' };
    return { form: { asking: true, days: '' } };
  }
  if (key.escape) return { form: CLOSED_VACATION };
  if (key.return) {
    const most = vacation ? maxDays(vacation) : MAX_DAYS;
    const days = Number(form.days);
    if (!/^\d+$/.test(form.days) || days < 1 || days > most)
      return { message: `Vacation days: a whole number from 1 to ${most}.` };
    return { take: days };
  }
  const typed = editText(form.days, input, key, 2);
  if (typed === null || !/^\d*$/.test(typed)) return { form };
  return { form: { asking: true, days: typed } };
}
