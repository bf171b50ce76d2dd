/**
 * The terminal client's files under the user's config directory: $XDG_CONFIG_HOME/tessera/, or
 * ~/.config/tessera/ when XDG_CONFIG_HOME is unset (the XDG Base Directory convention).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = xdg?.startsWith('/') ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'tessera');
}

export const configPath = (name: string, env: NodeJS.ProcessEnv = process.env): string =>
  join(configDir(env), name);

/** A config file's JSON: absent → undefined; unreadable or not JSON → an error naming the file. */
export function readConfigJson(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): { value: unknown } | { error: string } | undefined {
  const path = configPath(name, env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { error: `${path}: ${(e as Error).message}` };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: `${path}: not valid JSON (${(e as Error).message})` };
  }
}

/**
 * Write a config file whole (through a temporary file, so a crash never leaves half a file);
 * `secret` files are readable by the user alone.
 */
export function writeConfigJson(
  name: string,
  value: unknown,
  env: NodeJS.ProcessEnv = process.env,
  secret = false,
): void {
  const path = configPath(name, env);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: secret ? 0o600 : 0o666 });
  renameSync(tmp, path);
}
