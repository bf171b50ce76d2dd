/**
 * The terminal client's view of a Tessera server's JSON API: fetch with the session token as a
 * Bearer header, refusals turned into ApiError carrying the server's own message.
 */

export interface Session {
  readonly user: string;
  readonly token: string;
}

/** A refusal from the server (status 0: it could not be reached), with its reason. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface GameSummary {
  readonly id: number;
  readonly game: string;
  readonly title: string;
  readonly players: readonly string[];
  /** Who issued the challenge that created the game. */
  readonly challenger: string | null;
  readonly status: 'active' | 'finished' | 'void';
  readonly outcome: { kind: string; winner?: number; reason: string } | null;
  readonly moveCount: number;
  readonly toMove: string | null;
}

export interface MoveRow {
  readonly moveNo: number;
  readonly seat: number;
  readonly move: string;
  readonly auto: boolean;
}

export interface GameShow extends GameSummary {
  readonly options: unknown;
  readonly seats: readonly { user: string; seat: number; side: string }[];
  /** A page of the move log (the latest, unless asked otherwise): moves movesFrom onwards. */
  readonly movesFrom: number;
  readonly moves: readonly MoveRow[];
  readonly view: unknown;
  readonly board: string;
}

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
      throw new ApiError(0, `the server at ${base} cannot be reached`);
    }
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    if (!response.ok)
      throw new ApiError(response.status, data.error ?? `the server answered ${response.status}`);
    return data as T;
  };
  const login = async (user: string, password: string): Promise<Session> => {
    const made = await request<{ user: string; token: string }>('POST', '/api/login', { user, password });
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
