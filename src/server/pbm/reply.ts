/** How a PBeM command answers: the text, and for a refusal the code of what refused it. */
import type { ErrorCode, PbmAnswer } from '../../api/index.ts';

export type PbmReply = PbmAnswer;
export type PbmRefusal = Extract<PbmAnswer, { readonly ok: false }>;

export const said = (text: string): PbmReply => ({ ok: true, text });

/** A refused command; a mistake in the command's words unless a code says otherwise. */
export const refused = (error: string, code: ErrorCode = 'bad-request'): PbmRefusal => ({
  ok: false,
  text: `Error: ${error}`,
  error,
  code,
});

/** A refusal from the service or the authority, passed on with its code. */
export const failed = (refusal: { readonly error: string; readonly code: ErrorCode }): PbmRefusal =>
  refused(refusal.error, refusal.code);
