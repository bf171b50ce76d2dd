/** The secrets in mails: codes that verify an address, and the signed links that unsubscribe. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_DIGITS = 6;

/** A fresh verification code: six digits, easy to type from a phone. */
export const newCode = (): string => String(randomInt(10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

/** What the store keeps of a code: its hash, bound to the account. */
export const codeHash = (user: string, code: string): string =>
  createHash('sha256').update(`${user}\n${code.trim()}`).digest('hex');

/** The token of a user's unsubscribe link: anyone holding the link may stop that user's mail. */
export const unsubscribeToken = (secret: string, user: string): string =>
  createHmac('sha256', secret).update(`unsubscribe\n${user}`).digest('base64url').slice(0, 32);

export function isUnsubscribeToken(secret: string, user: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, user));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A fresh secret for signing links, when the database has none yet. */
export const freshSecret = (): string => randomBytes(32).toString('hex');
