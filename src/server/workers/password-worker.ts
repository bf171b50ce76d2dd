/** Runs in the password checks' worker thread (../service/auth.ts): one scrypt, the key as hex. */
import { scryptSync } from 'node:crypto';

export interface PasswordTask {
  readonly password: string;
  readonly salt: string;
}

/** scrypt N = 2^14, r = 8, p = 1, a 32-byte key: some 50 ms of one core and 16 MiB. */
export const derive = ({ password, salt }: PasswordTask): string =>
  scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 }).toString('hex');

export default derive;
