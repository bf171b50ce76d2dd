/**
 * Passwords and sessions. Passwords: scrypt (N = 2^14, r = 8, p = 1) with a random per-user salt,
 * compared in constant time. Sessions: 32 random bytes sent to the client once; only their
 * SHA-256 is stored, so a copy of the database holds no usable token.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { COMPUTER_USER, PASSWORD_PATTERN, PASSWORD_RULE, USER_ID_PATTERN } from '../api/index.ts';
import { fail, ok, type Result } from '../games/game.ts';

const KEY_LENGTH = 32;

const USER_ID = new RegExp(USER_ID_PATTERN);
const PASSWORD = new RegExp(PASSWORD_PATTERN);

/** The computer opponent's user id; nobody can sign up or log in as it. */
export const BOT_USER = COMPUTER_USER;

export function parseUserId(text: string): Result<string> {
  if (!USER_ID.test(text)) {
    return fail(
      `"${text.slice(0, 30)}" is not a valid user id: use 2 to 20 letters, digits or _, starting with a letter`,
    );
  }
  return ok(text.toLowerCase());
}

export function checkPassword(text: string): Result<string> {
  return PASSWORD.test(text) ? ok(text) : fail(PASSWORD_RULE);
}

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: 16384, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(16).toString('base64url');
  return { hash: (await derive(password, salt)).toString('hex'), salt };
}

export async function verifyPassword(password: string, hash: string, salt: string): Promise<boolean> {
  const key = await derive(password, salt);
  const stored = Buffer.from(hash, 'hex');
  return stored.length === key.length && timingSafeEqual(stored, key);
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
