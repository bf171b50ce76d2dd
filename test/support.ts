/** End-to-end helpers: real server processes on fresh data directories, and an HTTP client. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TESSERA = join(ROOT, 'bin', 'tessera.js');

export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'tessera-e2e-'));

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  readonly errors: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Limits raised for tests and benchmarks that connect many players from one address. */
const GENEROUS_LIMITS: Record<string, string> = {
  TESSERA_RATE: '100000',
  TESSERA_RATE_ACCOUNT: '100000',
  TESSERA_RATE_SOCKET: '100000',
  TESSERA_RATE_PASSWORD: '100000',
  TESSERA_SIGNUPS_PER_HOUR: '100000',
  // The benchmark connects its 1000 players from one address.
  TESSERA_MAX_SOCKETS_PER_ADDRESS: '100000',
  TESSERA_MAX_CONNECTIONS_PER_ADDRESS: '100000',
};

/**
 * Start `tessera serve --port 0` and wait for its "listening" line. Without a `dataDir` it gets a
 * fresh one, removed when the process is killed. Limits per client are generous unless
 * `defaultLimits` (the server's own defaults, for the abuse benchmark); `fileLimit` caps the
 * process's open files (as `ulimit -n` would), e.g. to a common system default of 1024.
 */
export function startServer(
  env: Record<string, string> = {},
  given?: string,
  { fileLimit, defaultLimits = false }: { fileLimit?: number; defaultLimits?: boolean } = {},
): Promise<ServerProcess> {
  const dataDir = given ?? freshDataDir();
  const serve = [process.execPath, TESSERA, 'serve', '--port', '0', '--data', dataDir];
  const [command, ...args] =
    fileLimit === undefined
      ? serve
      : ['/bin/sh', '-c', `ulimit -n ${Math.floor(fileLimit)} && exec "$0" "$@"`, ...serve];
  const child = spawn(command as string, args, {
    env: {
      ...process.env,
      TESSERA_LOG: 'error',
      ...(defaultLimits ? {} : GENEROUS_LIMITS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 20_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    child.stdout?.on('data', (d) => {
      stdout += d;
      const m = /listening on (http:\/\/localhost:\d+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: (m[1] as string).replace('localhost', '127.0.0.1'),
          child,
          errors: () => stderr,
          kill: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) {
              await new Promise((done) => {
                child.once('exit', done);
                child.kill(signal);
              });
            }
            if (!given) rmSync(dataDir, { recursive: true, force: true });
          },
        });
      }
    });
  });
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test code reads reply fields freely.
  body: any;
}

/** One HTTP call; `body` may be raw text to send malformed JSON. */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, base), {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // leave as text
  }
  return { status: response.status, body: parsed };
}

export async function account(base: string, user: string, password = 'pass1234'): Promise<string> {
  await call(base, 'POST', '/api/signup', { user, password });
  const login = await call(base, 'POST', '/api/login', { user, password });
  if (login.status !== 200) throw new Error(`login ${user}: ${JSON.stringify(login.body)}`);
  return login.body.token as string;
}
