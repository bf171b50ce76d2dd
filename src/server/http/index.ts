/** The HTTP side every route shares: connections at the door, the context, failures as answers, request auth. */
export { CUT_OFF_MS, fastifyTrustProxy, guardConnections } from './connections.ts';
export type { RouteContext } from './context.ts';
export { createApp, type RouteEntry } from './create-app.ts';
export type { App } from './fastify-app.ts';
export { answerFailures, HttpError, unwrap } from './http-error.ts';
export { limitClients, requestAuth } from './request-auth.ts';
export { explain } from './schema-sentence.ts';
