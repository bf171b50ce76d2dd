/**
 * Passwords and sessions. Passwords: scrypt (../workers/password-worker.ts) with a random per-user salt,
 * compared in constant time. Sessions: 32 random bytes sent to the client once; only their
 * SHA-256 is stored, so a copy of the database holds no usable token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Piscina } from 'piscina';
import { COMPUTER_USER, PASSWORD_PATTERN, PASSWORD_RULE, USER_ID_PATTERN } from '../../api/index.ts';
import { fail, ok, type Result } from '../../games/game.ts';
import { derive, type PasswordTask, WORKER_NICE } from '../workers/index.ts';

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

/**
 * Password hashing off the event loop and out of libuv's thread pool (where SQLite's fsyncs wait):
 * a worker thread of its own, at the worker threads' lower priority (WORKER_NICE), so the event
 * loop and commits get the CPU first. It checks PASSWORD_CHECKS_AT_ONCE passwords at a time,
 * server-wide, whoever asks; the others wait in order, and with PASSWORD_CHECKS_WAITING waiting
 * (seconds of work) the next is refused at once (`PasswordChecksBusy`).
 */
export const PASSWORD_CHECKS_AT_ONCE = 1;
export const PASSWORD_CHECKS_WAITING = 64;

/** Thrown when a password cannot be checked soon: too many are waiting already. */
export class PasswordChecksBusy extends Error {
  constructor() {
    super('the server is checking too many passwords at once; try again in a few seconds');
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<{ hash: string; salt: string }>;
  verify(password: string, hash: string, salt: string): Promise<boolean>;
  /** Checks running and waiting now. */
  checks(): { running: number; waiting: number };
  close(): Promise<void>;
}

export function createPasswordHasher(): PasswordHasher {
  const pool = new Piscina<PasswordTask, string>({
    filename: new URL('../workers/password-worker.ts', import.meta.url).href,
    maxThreads: PASSWORD_CHECKS_AT_ONCE,
    minThreads: 0,
    idleTimeout: 30_000,
    niceIncrement: WORKER_NICE,
    maxQueue: PASSWORD_CHECKS_WAITING,
  });
  let running = 0;
  const derived = async (task: PasswordTask): Promise<Buffer> => {
    if (pool.queueSize >= PASSWORD_CHECKS_WAITING) throw new PasswordChecksBusy();
    running++;
    try {
      return Buffer.from(await pool.run(task), 'hex');
    } catch (error) {
      // Piscina's own bound, should two checks pass the test above together.
      if (error instanceof Error && /queue is at limit/.test(error.message)) throw new PasswordChecksBusy();
      throw error;
    } finally {
      running--;
    }
  };
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('base64url');
      return { hash: (await derived({ password, salt })).toString('hex'), salt };
    },
    async verify(password, hash, salt) {
      const key = await derived({ password, salt });
      const stored = Buffer.from(hash, 'hex');
      return stored.length === key.length && timingSafeEqual(stored, key);
    },
    checks: () => ({ running: Math.max(0, running - pool.queueSize), waiting: pool.queueSize }),
    close: () => pool.close(),
  };
}

/** A password's hash made in this thread (seeding a store, tools), as the hasher makes it. */
export function hashPasswordHere(password: string): { hash: string; salt: string } {
  const salt = randomBytes(16).toString('base64url');
  return { hash: derive({ password, salt }), salt };
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
