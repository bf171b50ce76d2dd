/**
 * Why a request was refused, as a code a program can act on; the `error` sentence beside it is for
 * people. Each code has one HTTP status, from this table alone.
 */
export const ERROR_STATUS = {
  /** A malformed request, or one the rules refuse for a reason no other code names. */
  'bad-request': 400,
  /** The move is not in the game's notation, or the rules forbid it. */
  'illegal-move': 400,
  /** It is another player's turn. */
  'not-your-turn': 400,
  /** The game is over or void. */
  'game-over': 400,
  /** Not logged in, or a wrong user id or password. */
  unauthorized: 401,
  /** Logged in, but not allowed (not a player of the game, challenges refused, no codename yet). */
  forbidden: 403,
  'not-found': 404,
  /** Taken already (a user id, a codename), or done already. */
  conflict: 409,
  /** The move number sent is not the next one: someone moved first. */
  'stale-move': 409,
  /** The game changed under the request too often; try again. */
  busy: 409,
  /** The request body is larger than the server accepts. */
  'too-large': 413,
  /** Too many requests, or too much work queued; slow down. */
  'rate-limited': 429,
  internal: 500,
  /** The server is too busy or shutting down; try again soon. */
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as readonly ErrorCode[];

/** The HTTP status a refusal with this code is answered with. */
export const statusOf = (code: ErrorCode): number => ERROR_STATUS[code];

/** The code for a status a refusal arrived with from elsewhere (the HTTP framework, a proxy). */
export function codeOfStatus(status: number): ErrorCode {
  const found = ERROR_CODES.find((code) => ERROR_STATUS[code] === status);
  if (found) return found;
  return status >= 500 ? 'internal' : 'bad-request';
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
