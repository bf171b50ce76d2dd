/** The server's JSON API, with the session token kept in localStorage. */
export interface Session {
  readonly user: string;
  readonly token: string;
}

const KEY = 'tessera.session';

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

/** A refusal from the server, with its message ("the user id ann is taken"). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
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
    throw new ApiError(0, 'the server cannot be reached');
  }
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok)
    throw new ApiError(response.status, data.error ?? `the server answered ${response.status}`);
  return data as T;
}

export interface GameSummary {
  readonly id: number;
  readonly game: string;
  readonly title: string;
  readonly players: readonly string[];
  /** Who issued the challenge that created the game. */
  readonly challenger: string | null;
  readonly status: 'active' | 'finished' | 'void';
  readonly moveCount: number;
  readonly toMove: string | null;
  readonly rated: boolean;
  /** When the game last changed (ms since 1970). */
  readonly updatedAt: number;
}

export interface GameShow extends GameSummary {
  readonly options: unknown;
  readonly seats: readonly { user: string; seat: number; side: string }[];
  /** A page of the move log (the latest, unless asked otherwise): moves movesFrom onwards. */
  readonly movesFrom: number;
  readonly moves: readonly { moveNo: number; seat: number; move: string; auto: boolean }[];
  readonly view: unknown;
  readonly board: string;
  readonly outcome: { kind: string; winner?: number; reason: string } | null;
}

/** A player's place in a game type's table. */
export interface Standing {
  readonly user: string;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly provisional: boolean;
}

export interface GameType {
  readonly id: string;
  readonly title: string;
  readonly computer: boolean;
}

/** "3 min ago": how long since a game last moved. */
export function ago(at: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}
