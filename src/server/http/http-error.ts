/** Failures as HTTP answers: an error carrying its code, and how every failure is answered
 * (`{ error, code }`, the status from the code: src/api/errors.ts). */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { type ApiError, codeOfStatus, type ErrorCode, isErrorCode, statusOf } from '../../api/index.ts';
import type { Reply } from '../service/index.ts';
import type { App } from './fastify-app.ts';
import { explain, type RequestPart } from './schema-sentence.ts';

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.statusCode = statusOf(code);
  }
}

/** The value of a service reply, or its refusal thrown as an HTTP error. */
export const unwrap = <T>(reply: Reply<T>): T => {
  if (!reply.ok) throw new HttpError(reply.code, reply.error);
  return reply.value;
};

/** The framework's refusals of a body it cannot read, in our words. */
const FRAMEWORK_SENTENCES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'the body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the body is empty: send a JSON object, or no Content-Type',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'send the body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'the body is not as long as its Content-Length says',
  FST_ERR_CTP_BODY_TOO_LARGE: 'the body is too large for this server',
};

/** Validate requests with TypeBox and answer every failure as `{ error, code }`. */
export function answerFailures(app: App): void {
  // Validate with TypeBox itself: bodies exactly as sent (no type coercion, so `false` is never
  // taken for the string "false"); path and query strings converted to numbers where declared.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const checker = TypeCompiler.Compile(schema as TSchema);
    const convert = httpPart !== 'body';
    return (data: unknown) => {
      const value = convert ? Value.Convert(schema as TSchema, data) : data;
      if (checker.Check(value)) return { value };
      const part = (httpPart ?? 'body') as RequestPart;
      const sentence = explain(schema as TSchema, value, { part, path: [] });
      return { error: new HttpError('bad-request', sentence ?? `${part} is not what this call takes`) };
    };
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: unknown }, request, reply) => {
    // Ours carry a code; the framework's (a body too large, a closing server) only a status.
    const code = isErrorCode(error.code) ? error.code : codeOfStatus(error.statusCode ?? 500);
    const status = error.statusCode ?? statusOf(code);
    // A busy server's refusal is one of ours, with a sentence to pass on; other failures are not.
    if (status >= 500 && !(error instanceof HttpError && code === 'unavailable')) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'internal error', code } satisfies ApiError);
    }
    const said = typeof error.code === 'string' ? FRAMEWORK_SENTENCES[error.code] : undefined;
    return reply.status(status).send({ error: said ?? error.message, code } satisfies ApiError);
  });
}
