/** The Fastify instance made from the settings: its log, body and timeout limits, proxy trust, and the list of its routes. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifySchema } from 'fastify';
import type { ServerConfig } from '../config/index.ts';
import { logSerializers } from '../guards/index.ts';
import { fastifyTrustProxy } from './connections.ts';

/** A route and the schemas it validates with. */
export type RouteEntry = { readonly method: string; readonly url: string; readonly schema?: FastifySchema };

export function createApp(config: ServerConfig, logStream?: { write(line: string): void }) {
  const app = Fastify({
    logger:
      config.log === false
        ? false
        : {
            level: config.log,
            serializers: logSerializers,
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: config.bodyLimit,
    // A client that sends its request slowly, or stops reading, loses its connection; Node checks
    // the request timeouts every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.headersTimeoutMs / 2)),
    },
    // While shutting down, new requests get 503 rather than hanging.
    return503OnClosing: true,
    // Behind a reverse proxy, request.ip (the key of rate limits and the connection cap) comes
    // from X-Forwarded-For as far as the trusted hops allow.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();
  /** Every route and the schemas it validates with (tests walk them with bad input). */
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    routes.push({ method: String(method), url, ...(schema ? { schema } : {}) });
  });
  return { app, routes };
}
