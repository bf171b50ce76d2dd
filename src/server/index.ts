/** The server's public face: build it, or start it listening. */
import { buildServer } from './app.ts';
import type { ServerConfig } from './config.ts';

export { buildServer } from './app.ts';
export { configFromEnv, DEFAULT_PORT, DEFAULTS, type ServerConfig } from './config.ts';

/** Start listening; resolves with the address and a function that stops the server cleanly. */
export async function startServer(config: ServerConfig) {
  const server = await buildServer(config);
  const address = await server.app.listen({ port: config.port, host: config.host });
  return { ...server, address, close: () => server.app.close() };
}
