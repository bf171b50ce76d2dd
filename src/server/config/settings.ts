/** Server settings, from command-line flags and the environment, with their defaults. */
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RateLimit } from '../guards/index.ts';
import { type MailEnv, mailSettingsFromEnv } from '../mail-out/index.ts';

/** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): none, every hop, the
 * nearest N hops, or the listed addresses / CIDR ranges. */
export type TrustProxy = boolean | number | readonly string[];

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The data directory of the embedded database. */
  readonly dataDir: string;
  /** A postgres:// URL selects PostgreSQL instead. */
  readonly databaseUrl?: string;
  /** PostgreSQL schema to use instead of public (tests isolate themselves with it). */
  readonly pgSchema?: string;
  /** PostgreSQL connections the process keeps, all opened before it takes requests (each is one of
   * the database's backend processes, counted against its `max_connections`). */
  readonly pgConnections: number;
  /** SQLite: `full` syncs each commit to disk (default); `normal` is faster, survives a killed
   * process but may lose the last moves on a power cut. */
  readonly sqliteSync: 'full' | 'normal';
  /** The computer opponent's thinking time per move. */
  readonly botThinkMs: number;
  readonly botThreads: number;
  /** How often the server looks for correspondence clocks due (a reminder, a game lost on time). */
  readonly clockEveryMs: number;
  /** The daily board: a result faster than this per removal was not played by hand, and is refused. */
  readonly dailyMsPerRemoval: number;
  /** Requests per client address, per account, WebSocket frames per client address, and requests
   * that check a password (scrypt is costly on purpose) per client address. */
  readonly rate: {
    readonly client: RateLimit;
    readonly account: RateLimit;
    readonly socket: RateLimit;
    readonly password: RateLimit;
  };
  /** Mails in per sender (its confirmed account, or its address when none confirmed it). */
  readonly mailsPerSender: RateLimit;
  /** Accounts made per client address (a mailed-in sign-up: per sender): few, since each account
   * is one more turn in every fair queue, one more challenger and one more rated opponent. */
  readonly signups: RateLimit;
  /** How long, about (from half to one and a half times it, at random), a client over its
   * address's budget waits: after a request refused 429 its connection is not read for this long,
   * and a connection over the per-address or total cap gets its refusal only then. A client that
   * ignores Retry-After then gets one refusal per delay on each of its connections, not as many as
   * it can send or open, each costing the server about as much as an answer. 0: no wait. */
  readonly overBudgetDelayMs: number;
  /** The most delayed refusals one client address gets a second, both kinds together: its held
   * connections take turns, so one that keeps many connections over its budget waits longer on
   * each (at most MAX_REFUSAL_WAIT_MS) rather than coming back once a delay on every one. */
  readonly refusalsPerSecond: number;
  readonly bodyLimit: number;
  /** Open WebSocket connections allowed per client address, and in all. */
  readonly maxSocketsPerAddress: number;
  readonly maxSockets: number;
  /** Open TCP connections (HTTP and WebSocket alike) allowed per connecting address (a trusted
   * proxy is exempt), and in all. */
  readonly maxConnectionsPerAddress: number;
  readonly maxConnections: number;
  /** Milliseconds a client has to send a whole request, and its headers (from connecting, or from
   * the end of the previous request); how long an idle keep-alive connection stays open; how long
   * an HTTP connection may stay silent in either direction (slow readers). */
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly idleTimeoutMs: number;
  /** Behind a reverse proxy: whose X-Forwarded-For gives the client address (for rate limits and
   * the connection cap). Off by default, since anyone can send that header. */
  readonly trustProxy: TrustProxy;
  /** pino log level, or false for no log. */
  readonly log: string | false;
  /** The web client's build (served at /), if it has been built. */
  readonly webRoot: string;
  /** Mail out (default: .eml files under the data directory, links to http://localhost:PORT). */
  readonly mail?: MailEnv;
  /** The built-in SMTP listener for mail in (off unless set). */
  readonly smtpListen?: {
    readonly host: string;
    readonly port: number;
    /** Messages taken per client address (default in app.ts), and per sender (its confirmed
     * account, or its address when none confirmed it), overriding `mailsPerSender`. */
    readonly perClient?: RateLimit;
    readonly perSender?: RateLimit;
    /** The most time one message's DATA may take (default in mail-in/listener.ts). */
    readonly dataTimeoutMs?: number;
  };
}

export const DEFAULT_PORT = 27001;

export const DEFAULTS: ServerConfig = {
  port: DEFAULT_PORT,
  host: '0.0.0.0',
  dataDir: './data',
  sqliteSync: 'full',
  pgConnections: 20,
  botThinkMs: 1000,
  botThreads: 1,
  clockEveryMs: 30_000,
  dailyMsPerRemoval: 500,
  rate: {
    client: { perSecond: 50, burst: 100 },
    account: { perSecond: 20, burst: 40 },
    socket: { perSecond: 50, burst: 100 },
    password: { perSecond: 5, burst: 20 },
  },
  signups: signupsPerHour(10),
  mailsPerSender: mailsPerMinute(12),
  overBudgetDelayMs: 1000,
  refusalsPerSecond: 10,
  bodyLimit: 16 * 1024,
  maxSocketsPerAddress: 32,
  maxSockets: 10_000,
  // Above the WebSocket cap, so an address with every WebSocket open can still make requests.
  maxConnectionsPerAddress: 64,
  maxConnections: 10_000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  idleTimeoutMs: 120_000,
  trustProxy: false,
  log: 'warn',
  webRoot: fileURLToPath(new URL('../../../dist/web/', import.meta.url)),
};

const positive = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${text}"`);
  return n;
};

const count = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return n;
};

/** proxy-addr's names for the private ranges, accepted in the list as Fastify does. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length, or (IPv4) a netmask such as 255.255.0.0; as for proxy-addr, never /0.
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4 && isNetmask(prefix);
}

/** Ones then zeros, at least one one: 255.255.240.0 is, 255.0.255.0 is not. */
function isNetmask(mask: string): boolean {
  const bits = mask.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const zeros = 2 ** 32 - 1 - bits;
  return bits !== 0 && (zeros & (zeros + 1)) === 0;
}

/** TESSERA_TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
export function trustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'off' || value === '0') return false;
  if (value === 'true' || value === 'on') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (Number.isSafeInteger(hops)) return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined) {
    throw new Error(
      `TESSERA_TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/CIDRs; "${bad || text}" is none of those`,
    );
  }
  return entries;
}

function sqliteSync(text: string | undefined): 'full' | 'normal' {
  if (text === undefined || text === '' || text.toLowerCase() === 'full') return 'full';
  if (text.toLowerCase() === 'normal') return 'normal';
  throw new Error(`TESSERA_SQLITE_SYNC must be full or normal, got "${text}"`);
}

/** So many accounts an hour, all of them at once if the address made none lately. */
function signupsPerHour(n: number): RateLimit {
  return { perSecond: n / 3600, burst: n };
}

/** Mails a minute, in bursts of two and a half minutes' worth. */
function mailsPerMinute(n: number): RateLimit {
  return { perSecond: n / 60, burst: Math.ceil(2.5 * n) };
}

/** A rate setting: so many per second, in bursts of twice that. */
function rateOf(name: string, text: string | undefined, fallback: RateLimit): RateLimit {
  const perSecond = positive(name, text);
  return perSecond ? { perSecond, burst: 2 * perSecond } : fallback;
}

/** The request timeouts; the headers must be due no later than the whole request. */
function timeouts(env: NodeJS.ProcessEnv) {
  const requestTimeoutMs =
    count('TESSERA_REQUEST_TIMEOUT_MS', env.TESSERA_REQUEST_TIMEOUT_MS) ?? DEFAULTS.requestTimeoutMs;
  const headers = count('TESSERA_HEADERS_TIMEOUT_MS', env.TESSERA_HEADERS_TIMEOUT_MS);
  if (headers !== undefined && headers > requestTimeoutMs) {
    throw new Error(
      `TESSERA_HEADERS_TIMEOUT_MS (${headers}) must not exceed the request timeout (${requestTimeoutMs})`,
    );
  }
  return {
    requestTimeoutMs,
    headersTimeoutMs: headers ?? Math.min(DEFAULTS.headersTimeoutMs, requestTimeoutMs),
    keepAliveTimeoutMs:
      count('TESSERA_KEEP_ALIVE_TIMEOUT_MS', env.TESSERA_KEEP_ALIVE_TIMEOUT_MS) ??
      DEFAULTS.keepAliveTimeoutMs,
    idleTimeoutMs: count('TESSERA_IDLE_TIMEOUT_MS', env.TESSERA_IDLE_TIMEOUT_MS) ?? DEFAULTS.idleTimeoutMs,
  };
}

/** host:port (a bare port listens on 127.0.0.1). */
function hostPort(name: string, text: string): { host: string; port: number } {
  const m = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(m?.[2]);
  if (!m || port > 65535) throw new Error(`${name} must be host:port (e.g. 127.0.0.1:2525), got "${text}"`);
  return { host: (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/** Settings from the environment: PORT, TESSERA_DATA, DATABASE_URL, TESSERA_PG_SCHEMA,
 * TESSERA_PG_CONNECTIONS, TESSERA_SQLITE_SYNC, TESSERA_BOT_MS, TESSERA_BOT_THREADS, TESSERA_DAILY_MS_PER_REMOVAL, the rates
 * TESSERA_RATE (requests/s per client address), TESSERA_RATE_PASSWORD (password checks/s per client address),
 * TESSERA_RATE_SOCKET (WebSocket frames/s per client address), TESSERA_RATE_ACCOUNT (bursts are twice the rate),
 * TESSERA_SIGNUPS_PER_HOUR (accounts made per client address), TESSERA_MAILS_PER_MINUTE (mails in per sender),
 * the caps TESSERA_MAX_SOCKETS_PER_ADDRESS, TESSERA_MAX_SOCKETS, TESSERA_MAX_CONNECTIONS_PER_ADDRESS,
 * TESSERA_MAX_CONNECTIONS, the timeouts TESSERA_REQUEST_TIMEOUT_MS, TESSERA_HEADERS_TIMEOUT_MS,
 * TESSERA_KEEP_ALIVE_TIMEOUT_MS, TESSERA_IDLE_TIMEOUT_MS, TESSERA_TRUST_PROXY, TESSERA_LOG (a pino
 * level, or "off"), TESSERA_WEB_ROOT (the built browser client), and mail's TESSERA_SMTP_URL, TESSERA_MAIL_FROM, TESSERA_PUBLIC_URL, TESSERA_MAIL_HOLD_MS, TESSERA_SMTP_LISTEN. */
export function configFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  return {
    ...DEFAULTS,
    port: positive('PORT', env.PORT) ?? DEFAULTS.port,
    host: env.HOST || DEFAULTS.host,
    dataDir: env.TESSERA_DATA || DEFAULTS.dataDir,
    mail: mailSettingsFromEnv(env),
    ...(env.TESSERA_SMTP_LISTEN
      ? { smtpListen: hostPort('TESSERA_SMTP_LISTEN', env.TESSERA_SMTP_LISTEN) }
      : {}),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.TESSERA_PG_SCHEMA ? { pgSchema: env.TESSERA_PG_SCHEMA } : {}),
    pgConnections: count('TESSERA_PG_CONNECTIONS', env.TESSERA_PG_CONNECTIONS) ?? DEFAULTS.pgConnections,
    sqliteSync: sqliteSync(env.TESSERA_SQLITE_SYNC),
    botThinkMs: positive('TESSERA_BOT_MS', env.TESSERA_BOT_MS) ?? DEFAULTS.botThinkMs,
    botThreads: positive('TESSERA_BOT_THREADS', env.TESSERA_BOT_THREADS) ?? DEFAULTS.botThreads,
    clockEveryMs: positive('TESSERA_CLOCK_MS', env.TESSERA_CLOCK_MS) ?? DEFAULTS.clockEveryMs,
    dailyMsPerRemoval:
      count('TESSERA_DAILY_MS_PER_REMOVAL', env.TESSERA_DAILY_MS_PER_REMOVAL) ?? DEFAULTS.dailyMsPerRemoval,
    rate: {
      client: rateOf('TESSERA_RATE', env.TESSERA_RATE, DEFAULTS.rate.client),
      account: rateOf('TESSERA_RATE_ACCOUNT', env.TESSERA_RATE_ACCOUNT, DEFAULTS.rate.account),
      socket: rateOf('TESSERA_RATE_SOCKET', env.TESSERA_RATE_SOCKET, DEFAULTS.rate.socket),
      password: rateOf('TESSERA_RATE_PASSWORD', env.TESSERA_RATE_PASSWORD, DEFAULTS.rate.password),
    },
    signups: signupsPerHour(
      count('TESSERA_SIGNUPS_PER_HOUR', env.TESSERA_SIGNUPS_PER_HOUR) ?? DEFAULTS.signups.burst,
    ),
    mailsPerSender: mailsPerMinute(
      count('TESSERA_MAILS_PER_MINUTE', env.TESSERA_MAILS_PER_MINUTE) ??
        DEFAULTS.mailsPerSender.perSecond * 60,
    ),
    maxSocketsPerAddress:
      count('TESSERA_MAX_SOCKETS_PER_ADDRESS', env.TESSERA_MAX_SOCKETS_PER_ADDRESS) ??
      DEFAULTS.maxSocketsPerAddress,
    maxSockets: count('TESSERA_MAX_SOCKETS', env.TESSERA_MAX_SOCKETS) ?? DEFAULTS.maxSockets,
    maxConnectionsPerAddress:
      count('TESSERA_MAX_CONNECTIONS_PER_ADDRESS', env.TESSERA_MAX_CONNECTIONS_PER_ADDRESS) ??
      DEFAULTS.maxConnectionsPerAddress,
    maxConnections: count('TESSERA_MAX_CONNECTIONS', env.TESSERA_MAX_CONNECTIONS) ?? DEFAULTS.maxConnections,
    ...timeouts(env),
    trustProxy: trustProxy(env.TESSERA_TRUST_PROXY),
    log: env.TESSERA_LOG === 'off' ? false : env.TESSERA_LOG || DEFAULTS.log,
    webRoot: env.TESSERA_WEB_ROOT || DEFAULTS.webRoot,
  };
}
