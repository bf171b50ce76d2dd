/** What every route shares: the context, failures as HTTP answers, request auth and limits, schema sentences. */
export type { App, RouteContext } from './context.ts';
export { answerFailures, HttpError, unwrap } from './http-error.ts';
export { limitClients, requestAuth } from './request-auth.ts';
export { explain } from './schema-sentence.ts';
