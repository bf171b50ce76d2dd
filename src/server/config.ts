/** Server settings, from command-line flags and the environment, with their defaults. */
import { fileURLToPath } from 'node:url';
import type { RateLimit } from './limits.ts';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The data directory of the embedded database. */
  readonly dataDir: string;
  /** A postgres:// URL selects PostgreSQL instead. */
  readonly databaseUrl?: string;
  /** PostgreSQL schema to use instead of public (tests isolate themselves with it). */
  readonly pgSchema?: string;
  /** SQLite: `full` syncs each commit to disk (default); `normal` is faster, survives a killed
   * process but may lose the last moves on a power cut. */
  readonly sqliteSync: 'full' | 'normal';
  /** The computer opponent's thinking time per move. */
  readonly botThinkMs: number;
  readonly botThreads: number;
  /** Requests per client address, per account, WebSocket frames per connection, and requests
   * that check a password (scrypt is costly on purpose) per client address. */
  readonly rate: {
    readonly client: RateLimit;
    readonly account: RateLimit;
    readonly socket: RateLimit;
    readonly password: RateLimit;
  };
  readonly bodyLimit: number;
  /** pino log level, or false for no log. */
  readonly log: string | false;
  /** The web client's build (served at /), if it has been built. */
  readonly webRoot: string;
}

export const DEFAULT_PORT = 27001;

export const DEFAULTS: ServerConfig = {
  port: DEFAULT_PORT,
  host: '0.0.0.0',
  dataDir: './data',
  sqliteSync: 'full',
  botThinkMs: 1000,
  botThreads: 1,
  rate: {
    client: { perSecond: 50, burst: 100 },
    account: { perSecond: 20, burst: 40 },
    socket: { perSecond: 50, burst: 100 },
    password: { perSecond: 5, burst: 20 },
  },
  bodyLimit: 16 * 1024,
  log: 'warn',
  webRoot: fileURLToPath(new URL('../../dist/web/', import.meta.url)),
};

const positive = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${text}"`);
  return n;
};

function sqliteSync(text: string | undefined): 'full' | 'normal' {
  if (text === undefined || text === '' || text.toLowerCase() === 'full') return 'full';
  if (text.toLowerCase() === 'normal') return 'normal';
  throw new Error(`TESSERA_SQLITE_SYNC must be full or normal, got "${text}"`);
}

/** Settings from the environment: PORT, TESSERA_DATA, DATABASE_URL, TESSERA_PG_SCHEMA,
 * TESSERA_SQLITE_SYNC, TESSERA_BOT_MS, TESSERA_BOT_THREADS, TESSERA_RATE (requests/s per client address; bursts are
 * twice the rate), TESSERA_RATE_ACCOUNT, TESSERA_LOG (a pino level, or "off"). */
export function configFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const rate = positive('TESSERA_RATE', env.TESSERA_RATE);
  const accountRate = positive('TESSERA_RATE_ACCOUNT', env.TESSERA_RATE_ACCOUNT);
  return {
    ...DEFAULTS,
    port: positive('PORT', env.PORT) ?? DEFAULTS.port,
    host: env.HOST || DEFAULTS.host,
    dataDir: env.TESSERA_DATA || DEFAULTS.dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.TESSERA_PG_SCHEMA ? { pgSchema: env.TESSERA_PG_SCHEMA } : {}),
    sqliteSync: sqliteSync(env.TESSERA_SQLITE_SYNC),
    botThinkMs: positive('TESSERA_BOT_MS', env.TESSERA_BOT_MS) ?? DEFAULTS.botThinkMs,
    botThreads: positive('TESSERA_BOT_THREADS', env.TESSERA_BOT_THREADS) ?? DEFAULTS.botThreads,
    rate: {
      client: rate ? { perSecond: rate, burst: 2 * rate } : DEFAULTS.rate.client,
      account: accountRate ? { perSecond: accountRate, burst: 2 * accountRate } : DEFAULTS.rate.account,
      socket: rate ? { perSecond: rate, burst: 2 * rate } : DEFAULTS.rate.socket,
      password: rate ? { perSecond: rate, burst: 2 * rate } : DEFAULTS.rate.password,
    },
    log: env.TESSERA_LOG === 'off' ? false : env.TESSERA_LOG || DEFAULTS.log,
  };
}
