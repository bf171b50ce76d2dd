/**
 * A real server listening on 127.0.0.1 that serves every game plus Tiny Nim, registered only by
 * passing the games in (and the module its worker threads import), with the browser client built
 * with Tiny Nim added (./web/) as its web root.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { DEFAULTS, startServer } from '../../src/server/index.ts';
import { GAMES, GAMES_MODULE } from './games.ts';
import { TINY_WEB_ROOT } from './web/vite.config.ts';

const generous = { perSecond: 10_000, burst: 10_000 };

/** Build the browser client with Tiny Nim (test-output/tiny-web/). */
export async function buildTinyWeb(): Promise<void> {
  await build({ configFile: new URL('./web/vite.config.ts', import.meta.url).pathname, logLevel: 'error' });
}

export async function startTinyServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-tiny-'));
  const server = await startServer(
    {
      ...DEFAULTS,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      log: false,
      webRoot: TINY_WEB_ROOT,
      botThinkMs: 30,
      rate: { client: generous, account: generous, socket: generous, password: generous },
    },
    { games: GAMES, gamesModule: GAMES_MODULE },
  );
  return {
    url: server.address.replace('localhost', '127.0.0.1'),
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
