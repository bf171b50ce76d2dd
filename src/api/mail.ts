/** The mail settings' bodies and answers (docs/api.md, "Mail"). */
import { type Static, Type } from '@sinclair/typebox';
import { Password, UserId } from './http.ts';

const strict = { additionalProperties: false } as const;

/** move: a mail on every move that needs you; digest: one mail a day; none: no mail. */
export const NotifyChoice = Type.Union([Type.Literal('move'), Type.Literal('digest'), Type.Literal('none')]);
export type NotifyChoice = Static<typeof NotifyChoice>;

export const MailAddress = Type.String({
  minLength: 1,
  maxLength: 254,
  errorMessage: 'a mail address is 1 to 254 characters, such as ann@example.org',
});

/** Sign-up, with an optional address to verify. */
export const Signup = Type.Object(
  {
    user: UserId,
    password: Password,
    email: Type.Optional(MailAddress),
  },
  strict,
);
export const AddressBody = Type.Object({ address: MailAddress }, strict);
export const CodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, strict);
export const NotifyBody = Type.Object({ notify: NotifyChoice }, strict);
export const VerifyLinkQuery = Type.Object(
  { user: Type.String({ maxLength: 20 }), code: Type.String({ maxLength: 20 }) },
  strict,
);
export const UnsubscribeQuery = Type.Object(
  { user: Type.String({ maxLength: 20 }), token: Type.String({ maxLength: 64 }) },
  strict,
);

/** An account's mail: its verified address, one waiting for its code, its choice, and mails that
 * could not be delivered lately. */
export interface MailStatus {
  readonly address: string | null;
  readonly pendingAddress: string | null;
  readonly notify: NotifyChoice;
  readonly failures: readonly { readonly subject: string; readonly error: string; readonly at: number }[];
}

/** What each choice means, in the clients' words. */
export const NOTIFY_LABELS: Record<NotifyChoice, string> = {
  move: 'a mail on every move that needs me',
  digest: 'one mail a day',
  none: 'no mail',
};

/** How both clients describe an account's mail: where it goes, what waits for a code, what failed. */
export function mailSummary(status: MailStatus): string[] {
  const lines = [
    status.address ? `Mail goes to ${status.address}.` : 'No verified address: no mail is sent.',
  ];
  if (status.pendingAddress) lines.push(`A code was mailed to ${status.pendingAddress}: enter it below.`);
  const failed = status.failures[0];
  if (failed) lines.push(`Not delivered lately: “${failed.subject}” (${failed.error}).`);
  return lines;
}
