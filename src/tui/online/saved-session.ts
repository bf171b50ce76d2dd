/**
 * The login kept between runs of `tessera play --server`, one per server, in sessions.json in the
 * config directory (readable by the user alone: a session token is as good as a password).
 */
import { readConfigJson, writeConfigJson } from '../config.ts';
import type { Session } from './api.ts';

const FILE = 'sessions.json';

function all(env: NodeJS.ProcessEnv): Record<string, Session> {
  const read = readConfigJson(FILE, env);
  if (!read || 'error' in read || typeof read.value !== 'object' || read.value === null) return {};
  const valid = Object.entries(read.value).filter(
    ([, s]) => typeof s?.user === 'string' && typeof s?.token === 'string',
  ) as [string, Session][];
  return Object.fromEntries(valid);
}

export const savedSession = (server: string, env: NodeJS.ProcessEnv = process.env): Session | null =>
  all(env)[server] ?? null;

/** Remember (or, with null, forget) the login for `server`; a config directory that cannot be written only costs a login. */
export function saveSession(
  server: string,
  session: Session | null,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const { [server]: _old, ...others } = all(env);
  try {
    writeConfigJson(FILE, session ? { ...others, [server]: session } : others, env, true);
  } catch {
    // not saved: the next run asks for the password again
  }
}
