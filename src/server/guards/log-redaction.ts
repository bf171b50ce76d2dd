/**
 * What the server's log says of a request. A URL may carry a secret in its query (a WebSocket's
 * `?token=`, the code and token of the links in mails): the log names the parameter, never its
 * value, at every level, since logs are kept and read by more people than sessions are.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values open a session or prove a mailbox. */
const SECRET_PARAMETERS = new Set(['token', 'code']);

/** The URL with each secret parameter's value replaced by `[redacted]`. */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; it names no secret parameter we know.
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/** Fastify's request serializer with the URL redacted. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
