/** The server's public face: build it, or start it listening. */
import { buildServer, type ServerParts } from './app.ts';
import type { ServerConfig } from './config/index.ts';

export { buildServer, type ServerParts } from './app.ts';
export { configFromEnv, DEFAULT_PORT, DEFAULTS, type ServerConfig } from './config/index.ts';
export { MAX_MAIL_BYTES, mailInOnce, StoreUnavailable } from './mail-in/index.ts';
export { STATS_PREFIX, statsOnSignal } from './process-stats.ts';

/** Start listening; resolves with the address and a function that stops the server cleanly. */
export async function startServer(config: ServerConfig, parts: ServerParts = {}) {
  const server = await buildServer(config, parts);
  try {
    await server.store.openAll();
  } catch (error) {
    await server.app.close();
    throw error;
  }
  const address = await server.app.listen({ port: config.port, host: config.host });
  return { ...server, address, close: () => server.app.close() };
}
