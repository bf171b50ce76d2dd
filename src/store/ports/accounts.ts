/** The accounts part of the store: users, login sessions, and the challenges a user rejects. */

export interface UserRow {
  readonly id: string;
  readonly passHash: string;
  readonly salt: string;
  readonly createdAt: number;
}

export interface SessionRow {
  readonly userId: string;
  readonly expiresAt: number;
}

export interface AccountStore {
  /** False when the id is taken. */
  createUser(user: UserRow): Promise<boolean>;
  getUser(id: string): Promise<UserRow | undefined>;
  setPassword(id: string, passHash: string, salt: string): Promise<void>;

  createSession(tokenHash: string, userId: string, expiresAt: number): Promise<void>;
  getSession(tokenHash: string): Promise<SessionRow | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Those of the sessions that still exist and expire after `now`, read a few thousand per query. */
  currentSessions(tokenHashes: readonly string[], now: number): Promise<ReadonlySet<string>>;
  /** Log the user out everywhere except, optionally, one session. */
  deleteSessions(userId: string, except?: string): Promise<void>;
  /** Remove sessions past their expiry. */
  purgeSessions(now: number): Promise<number>;

  setRejects(userId: string, gameType: string, reject: boolean): Promise<void>;
  rejects(userId: string, gameType: string): Promise<boolean>;
}
