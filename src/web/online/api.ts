/** The server's JSON API (types: src/api/), with the session token kept in localStorage. */
import {
  codeOfStatus,
  type ApiError as ErrorBody,
  type ErrorCode,
  isErrorCode,
  type Session as Login,
} from '../../api/index.ts';

/** The part of a login the client keeps. */
export type Session = Pick<Login, 'user' | 'token'>;

const KEY = 'tessera.session';
/** A window event asking the page to check that its session is still current. */
export const SESSION_CHECK = 'tessera:session-check';

export function loadSession(): Session | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && 'user' in parsed && 'token' in parsed)
      return parsed as Session;
  } catch {
    // unreadable: treat as logged out
  }
  return null;
}

export function saveSession(session: Session | null): void {
  if (session) window.localStorage.setItem(KEY, JSON.stringify(session));
  else window.localStorage.removeItem(KEY);
}

/** A refusal from the server, with its message ("the user id ann is taken") and code
 * ('conflict'); status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  constructor(status: number, message: string, code: ErrorCode = codeOfStatus(status)) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  session?: Session | null,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (session) headers.authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'the server cannot be reached', 'unavailable');
  }
  const data = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
  if (!response.ok)
    throw new ApiError(
      response.status,
      data.error ?? `the server answered ${response.status}`,
      isErrorCode(data.code) ? data.code : codeOfStatus(response.status),
    );
  return data as T;
}

export type { GameShow, GameSummary, GameTypeInfo as GameType, Standing } from '../../api/index.ts';

/** "3 min ago": how long since a game last moved. */
export function ago(at: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}
