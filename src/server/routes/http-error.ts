/** Failures as HTTP answers: an error carrying its status, and how every failure is answered. */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { Reply } from '../service.ts';
import type { App } from './context.ts';

export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** The value of a service reply, or its refusal thrown as an HTTP error. */
export const unwrap = <T>(reply: Reply<T>): T => {
  if (!reply.ok) throw new HttpError(reply.status, reply.error);
  return reply.value;
};

/** Validate requests with TypeBox and answer every failure as `{ error }` with its status. */
export function answerFailures(app: App): void {
  // Validate with TypeBox itself: bodies exactly as sent (no type coercion, so `false` is never
  // taken for the string "false"); path and query strings converted to numbers where declared.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const checker = TypeCompiler.Compile(schema as TSchema);
    const convert = httpPart !== 'body';
    return (data: unknown) => {
      const value = convert ? Value.Convert(schema as TSchema, data) : data;
      if (checker.Check(value)) return { value };
      const first = checker.Errors(value).First();
      return { error: new HttpError(400, `${httpPart}${first?.path ?? ''}: ${first?.message ?? 'invalid'}`) };
    };
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'internal error' });
    }
    return reply.status(status).send({ error: error.message });
  });
}
