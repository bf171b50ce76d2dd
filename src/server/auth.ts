/**
 * Passwords and sessions. Passwords: scrypt (N = 2^14, r = 8, p = 1) with a random per-user salt,
 * compared in constant time. Sessions: 32 random bytes sent to the client once; only their
 * SHA-256 is stored, so a copy of the database holds no usable token.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import PQueue from 'p-queue';
import { PASSWORD_PATTERN, PASSWORD_RULE, USER_ID_PATTERN } from '../api/index.ts';
import { fail, ok, type Result } from '../games/game.ts';

const KEY_LENGTH = 32;

const USER_ID = new RegExp(USER_ID_PATTERN);
const PASSWORD = new RegExp(PASSWORD_PATTERN);

/** The computer opponent's user id; nobody can sign up or log in as it. */
export const BOT_USER = 'computer';

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

/**
 * scrypt runs in libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), the
 * pool SQLite's fsyncs and file reads wait in too, for some 50 ms a check: one at a time,
 * server-wide, so however many passwords are being checked the other threads stay free for
 * commits. Checks past that wait their turn in order; more than PASSWORD_CHECKS_WAITING waiting
 * (seconds of work) and the next one is refused at once, the server too busy to check it soon.
 */
export const PASSWORD_CHECKS_AT_ONCE = 1;
export const PASSWORD_CHECKS_WAITING = 64;
const hashing = new PQueue({ concurrency: PASSWORD_CHECKS_AT_ONCE });

/** Thrown when a password cannot be checked soon: too many are waiting already. */
export class PasswordChecksBusy extends Error {
  constructor() {
    super('the server is checking too many passwords at once; try again in a few seconds');
  }
}

const derive = (password: string, salt: string): Promise<Buffer> => {
  if (hashing.size >= PASSWORD_CHECKS_WAITING) return Promise.reject(new PasswordChecksBusy());
  return hashing.add(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, { N: 16384, r: 8, p: 1 }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
};

/** Password checks running and waiting now, server-wide. */
export const passwordChecks = (): { running: number; waiting: number } => ({
  running: hashing.pending,
  waiting: hashing.size,
});

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
