/** Security headers on every response, the built web client, and the answer for unknown paths. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import type { App } from '../http/index.ts';

export async function serveWeb(app: App, webRoot: string): Promise<void> {
  // Security headers on every response. The web client loads only its own scripts, styles, workers
  // and sockets, and may not be framed. HSTS is left to the TLS-terminating proxy, which knows
  // whether the site is HTTPS-only; for the same reason no upgrade-insecure-requests.
  const secure = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  // Built once: the Fastify wrapper of helmet builds (and parses the policy) again per request.
  app.addHook('onRequest', (request, reply, done) =>
    secure(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  // The web client, when it has been built (`npm run build:web`): its files at /, and its
  // index.html for any other page address so that links into the client work.
  const web = existsSync(join(webRoot, 'index.html'));
  if (web) await app.register(fastifyStatic, { root: webRoot, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' && !/^\/(api|ws)(\/|$|\?)/.test(request.url);
    if (web && page) return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send({ error: `no such endpoint: ${request.method} ${request.url.slice(0, 100)}`, code: 'not-found' });
  });
}
