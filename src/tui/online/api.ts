/**
 * The terminal client's view of a Tessera server's JSON API (types: src/api/): fetch with the
 * session token as a Bearer header, refusals turned into ApiError carrying the server's own message.
 */
import {
  codeOfStatus,
  type ApiError as ErrorBody,
  type ErrorCode,
  isErrorCode,
  type LoggedMove,
  type Session as Login,
} from '../../api/index.ts';

/** The part of a login the client keeps. */
export type Session = Pick<Login, 'user' | 'token'>;

/** A refusal from the server (status 0: it could not be reached), with its reason and code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  constructor(status: number, message: string, code: ErrorCode = codeOfStatus(status)) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export type { GameShow, GameSummary } from '../../api/index.ts';
/** One move of a game's log. */
export type MoveRow = LoggedMove;

export interface Client {
  readonly baseUrl: string;
  readonly session: Session | null;
  /** Any API call; the session's token is sent when logged in. */
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  login(user: string, password: string): Promise<Session>;
  /** Creates the account, then logs in to it. */
  signup(user: string, password: string): Promise<Session>;
  logout(): Promise<void>;
}

/** A client for the server at `baseUrl` (http or https), logged out until login/signup. */
export function createClient(baseUrl: string, session: Session | null = null): Client {
  const base = baseUrl.replace(/\/+$/, '');
  let current = session;
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (current) headers.authorization = `Bearer ${current.token}`;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ApiError(0, `the server at ${base} cannot be reached`, 'unavailable');
    }
    const data = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    if (!response.ok)
      throw new ApiError(
        response.status,
        data.error ?? `the server answered ${response.status}`,
        isErrorCode(data.code) ? data.code : codeOfStatus(response.status),
      );
    return data as T;
  };
  const login = async (user: string, password: string): Promise<Session> => {
    const made = await request<Login>('POST', '/api/login', { user, password });
    current = { user: made.user, token: made.token };
    return current;
  };
  return {
    baseUrl: base,
    get session() {
      return current;
    },
    request,
    login,
    async signup(user, password) {
      await request('POST', '/api/signup', { user, password });
      return login(user, password);
    },
    async logout() {
      if (current) await request('POST', '/api/logout').catch(() => undefined);
      current = null;
    },
  };
}
