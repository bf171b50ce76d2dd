/** What the authority answers: a value, or a refusal saying why there is none. */
import type { ErrorCode } from '../../api/index.ts';

/** A refusal: the sentence for the player, and its kind as a code (docs/api.md, "Errors"). */
export interface Refusal {
  readonly ok: false;
  readonly error: string;
  readonly code: ErrorCode;
}

/** A value, or the refusal that says why there is none. */
export type Answer<T> = { readonly ok: true; readonly value: T } | Refusal;

export const refuse = (code: ErrorCode, error: string): Refusal => ({ ok: false, error, code });
export const ok = <T>(value: T): Answer<T> => ({ ok: true, value });
