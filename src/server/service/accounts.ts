/** Accounts: sign-up, passwords, logins and the sessions they open, vacations. */
import type { VacationState } from '../../api/index.ts';
import {
  checkVacation,
  DAY_MS,
  type Interval,
  refuse,
  VACATION_DAYS_PER_YEAR,
  vacationDaysUsed,
} from '../../engine/index.ts';
import type { EndedSessions } from '../../store/index.ts';
import { limiter, type RateLimit } from '../guards/index.ts';
import {
  BOT_USER,
  checkPassword,
  type createPasswordHasher,
  hashToken,
  newToken,
  PasswordChecksBusy,
  parseUserId,
} from './auth.ts';
import { done, type Reply, type ServiceContext } from './context.ts';

export const SESSION_DAYS = 30;
/** Vacations this far back count towards the current year's allowance. */
const YEAR_MS = 367 * DAY_MS;

/** A password hashed or checked, or the refusal when too many are waiting server-wide. */
async function hashing<T>(work: () => Promise<T>): Promise<Reply<T>> {
  try {
    return done(await work());
  } catch (error) {
    if (error instanceof PasswordChecksBusy) return refuse('unavailable', error.message);
    throw error;
  }
}

/** Sessions: the user a token opens, logging out, and who is told when sessions end. */
export function sessionService({ store, now }: ServiceContext) {
  const endListeners: ((ended: EndedSessions) => void)[] = [];
  const ended = (what: EndedSessions) => {
    for (const fn of endListeners) fn(what);
  };
  return {
    ended,
    /** The session a token opens, if it is current. */
    async session(token: string): Promise<{ user: string; tokenHash: string } | undefined> {
      if (token.length < 20 || token.length > 100) return undefined;
      const tokenHash = hashToken(token);
      const session = await store.getSession(tokenHash);
      if (!session) return undefined;
      if (session.expiresAt <= now()) {
        await store.deleteSession(tokenHash);
        ended({ tokenHash });
        return undefined;
      }
      return { user: session.userId, tokenHash };
    },

    /** The user a session token belongs to, if it is current. */
    async authenticate(token: string): Promise<string | undefined> {
      return (await this.session(token))?.user;
    },

    async logout(token: string): Promise<void> {
      await store.deleteSession(hashToken(token));
      ended({ tokenHash: hashToken(token) });
    },

    /** End every session of the user, this one too (its sockets close). */
    async logoutEverywhere(user: string): Promise<void> {
      await store.deleteSessions(user);
      ended({ user });
    },

    /** Be told when sessions end (logout, password change, expiry seen), here or elsewhere. */
    onSessionsEnd(fn: (ended: EndedSessions) => void): void {
      endListeners.push(fn);
    },

    /** Another server process ended these sessions (a store signal). */
    sessionsEndedElsewhere(what: EndedSessions): void {
      ended(what);
    },
  };
}

/** Accounts: the computer's, sign-up (within a client's budget), passwords and logins. */
export function accountService(
  { store, now }: ServiceContext,
  passwords: ReturnType<typeof createPasswordHasher>,
  ended: (what: EndedSessions) => void,
  signupLimit: RateLimit | undefined,
) {
  const signups = signupLimit && {
    budget: limiter(signupLimit),
    refusal: `too many new accounts from your address: at most ${+(signupLimit.perSecond * 3600).toFixed(1)} an hour; try again later`,
  };
  return {
    async ensureBotUser(): Promise<void> {
      // The hash '!' matches no scrypt output, so nobody can log in as the computer.
      await store.createUser({ id: BOT_USER, passHash: '!', salt: '!', createdAt: now() });
    },

    /**
     * Make an account. `from` is the client asking (its address, or a mail sender), whose budget
     * of new accounts it spends; null for no client (seeding, tests). Only a sign-up that would
     * make the account spends it: a mistyped or taken name does not.
     */
    async signup(userText: string, password: string, from: string | null): Promise<Reply<{ user: string }>> {
      const user = parseUserId(userText);
      if (!user.ok) return refuse('bad-request', user.error);
      const pass = checkPassword(password);
      if (!pass.ok) return refuse('bad-request', pass.error);
      if (user.value === BOT_USER)
        return refuse('conflict', `${BOT_USER} is reserved for the computer opponent`);
      const taken = refuse('conflict', `the user id ${user.value} is taken`);
      if (await store.getUser(user.value)) return taken;
      if (signups && from !== null && !signups.budget.take(from, now()))
        return refuse('rate-limited', signups.refusal);
      const hashed = await hashing(() => passwords.hash(password));
      if (!hashed.ok) return hashed;
      const { hash, salt } = hashed.value;
      const created = await store.createUser({ id: user.value, passHash: hash, salt, createdAt: now() });
      return created ? done({ user: user.value }) : taken;
    },

    /** The user id if the password is right; one message for every failure. */
    async verify(userText: string, password: string): Promise<Reply<string>> {
      const wrong: Reply<string> = refuse('unauthorized', 'wrong user id or password');
      const user = parseUserId(userText);
      if (!user.ok || !checkPassword(password).ok) return wrong;
      const row = await store.getUser(user.value);
      if (!row || row.passHash === '!') {
        // Spend the same time as a real check so ids cannot be probed by timing.
        const spent = await hashing(() => passwords.hash(password));
        return spent.ok ? wrong : spent;
      }
      const right = await hashing(() => passwords.verify(password, row.passHash, row.salt));
      if (!right.ok) return right;
      return right.value ? done(row.id) : wrong;
    },

    async login(userText: string, password: string) {
      const user = await this.verify(userText, password);
      if (!user.ok) return user;
      const { token, hash } = newToken();
      const expiresAt = now() + SESSION_DAYS * 86_400_000;
      await store.createSession(hash, user.value, expiresAt);
      return done({ user: user.value, token, expiresAt });
    },

    /** Changing the password logs out every other session. */
    async changePassword(user: string, old: string, next: string, keepToken?: string): Promise<Reply<null>> {
      const verified = await this.verify(user, old);
      if (!verified.ok) return verified;
      const pass = checkPassword(next);
      if (!pass.ok) return refuse('bad-request', pass.error);
      const hashed = await hashing(() => passwords.hash(next));
      if (!hashed.ok) return hashed;
      const { hash, salt } = hashed.value;
      await store.setPassword(verified.value, hash, salt);
      const except = keepToken === undefined ? undefined : hashToken(keepToken);
      await store.deleteSessions(verified.value, except);
      ended({ user: verified.value, ...(except === undefined ? {} : { except }) });
      return done(null);
    },

    /** Password checks running and waiting now, server-wide. */
    passwordChecks: () => passwords.checks(),
  };
}

const vacationState = (taken: readonly Interval[], at: number): VacationState => ({
  until: taken.find((v) => v.from <= at && at < v.to)?.to ?? null,
  daysLeft: Math.max(0, VACATION_DAYS_PER_YEAR - vacationDaysUsed(taken, at)),
  daysPerYear: VACATION_DAYS_PER_YEAR,
});

/** Vacations: the days a user's clocks stop, so many a year. */
export function vacationService({ store, now }: ServiceContext) {
  return {
    /** A user's vacation: until when they are on one, and the days left this year. */
    async vacation(user: string): Promise<Reply<VacationState>> {
      const at = now();
      const taken = (await store.vacations([user], at - YEAR_MS)).get(user) ?? [];
      return done(vacationState(taken, at));
    },

    /** Start a vacation of `days` now: the user's clocks stop until it ends. */
    async takeVacation(user: string, days: number): Promise<Reply<VacationState>> {
      const at = now();
      const taken = await store.takeVacation(user, at - YEAR_MS, (before) => {
        const checked = checkVacation(days, before, at);
        return checked.ok ? { ...checked, before } : checked;
      });
      if (!taken.ok) return refuse('bad-request', taken.error);
      return done(vacationState([...taken.before, taken.value], at));
    },
  };
}
