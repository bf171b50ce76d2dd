/**
 * The application layer: accounts, challenges and games, each operation authorised here and
 * answered as a value (`Reply`) whose `status` says which HTTP status a failure deserves. The
 * HTTP routes, the PBeM command language and the WebSocket all call this; moves go through the
 * one authority (src/engine/).
 */
import { randomInt } from 'node:crypto';
import {
  type ArchivePage,
  CHAT_BURST,
  CHAT_EVERY_S,
  exportText,
  type GameShow,
  type GameSummary,
  MAX_CHAT,
  MAX_MOVE_PAGE,
  MAX_MOVE_TEXT,
  MOVE_PAGE,
  type Standing,
  type VacationState,
} from '../api/index.ts';
import {
  type Answer,
  type Authority,
  type ChallengeGuard,
  checkVacation,
  createAuthority,
  DAY_MS,
  formatTimeControl,
  type GameEvent,
  type GameRecord,
  type Interval,
  isProvisional,
  type MoveRecord,
  type MoveTaken,
  parseTimeControl,
  refuse,
  VACATION_DAYS_PER_YEAR,
  vacationDaysUsed,
} from '../engine/index.ts';
import type { AnyGame } from '../games/index.ts';
import type { ChatRow, ListFilter, Store } from '../store/index.ts';
import { keptMarks } from './analysis/index.ts';
import {
  BOT_USER,
  checkPassword,
  createPasswordHasher,
  hashToken,
  newToken,
  PasswordChecksBusy,
  parseUserId,
} from './auth.ts';
import { clockOnWire, readGameClock } from './clocks.ts';
import { limiter, type RateLimit } from './limits.ts';
import { stateAt } from './positions.ts';
import { createSetups, type Setups } from './setups.ts';
import { storeTakebacks, takebackService } from './takebacks.ts';

/** An answer, or a refusal whose code says which HTTP status it deserves (src/api/errors.ts). */
export type Reply<T> = Answer<T>;

const done = <T>(value: T): Reply<T> => ({ ok: true, value });

/** A password hashed or checked, or the refusal when too many are waiting server-wide. */
async function hashing<T>(work: () => Promise<T>): Promise<Reply<T>> {
  try {
    return done(await work());
  } catch (error) {
    if (error instanceof PasswordChecksBusy) return refuse('unavailable', error.message);
    throw error;
  }
}

export const SESSION_DAYS = 30;
/** Vacations this far back count towards the current year's allowance. */
const YEAR_MS = 367 * DAY_MS;

const vacationState = (taken: readonly Interval[], at: number): VacationState => ({
  until: taken.find((v) => v.from <= at && at < v.to)?.to ?? null,
  daysLeft: Math.max(0, VACATION_DAYS_PER_YEAR - vacationDaysUsed(taken, at)),
  daysPerYear: VACATION_DAYS_PER_YEAR,
});
export const MAX_ACTIVE_GAMES = 200;
/** Challenges a user may have waiting for an answer: in all, and to any one player. */
export const MAX_OPEN_CHALLENGES = 20;
export const MAX_CHALLENGES_PER_OPPONENT = 3;
const LIST_LIMIT = 200;
const HISTORY_LIMIT = 50;
/** Finished games in a page of a player's archive, unless asked for another number. */
export const ARCHIVE_PAGE = 20;
const CHAT_LIMIT = 100;

/** Sessions that just ended: one (by its token's hash), or all of a user's but one. */
export type EndedSessions =
  | { readonly tokenHash: string }
  | { readonly user: string; readonly except?: string };

/** What `show` is asked for; every part has a default. */
export interface ShowRequest {
  /** The position after this move (default: the latest). */
  readonly at?: number;
  /** Draw the board compact (default: as the game was created). */
  readonly compact?: boolean;
  /** The first move of the page of the move log (default: the page ending at the position shown). */
  readonly from?: number;
  /** Moves in the page: MOVE_PAGE by default, at most MAX_MOVE_PAGE. */
  readonly limit?: number;
}

export interface ServiceOptions {
  readonly store: Store;
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Game types with a computer opponent. */
  readonly botGames: ReadonlySet<string>;
  readonly now?: () => number;
  readonly onEvent?: (event: GameEvent) => void;
  /** The module exporting `games` as GAMES, for the worker threads (default: the registry). */
  readonly gamesModule?: string;
  /** Where costly game setups run (default: a worker thread, see ./setups.ts). */
  readonly setups?: Setups;
  /** Called when a challenge has created a game. */
  readonly onCreate?: (record: GameRecord) => void;
  /** Accounts one client may make (keyed as `signup`'s `from`); no bound when unset. */
  readonly signups?: RateLimit;
}

export type Service = ReturnType<typeof createService>;

export function createService(options: ServiceOptions) {
  const { store, games, botGames } = options;
  const now = options.now ?? Date.now;
  const setups =
    options.setups ?? createSetups(options.gamesModule ? { gamesModule: options.gamesModule } : {});
  const passwords = createPasswordHasher();
  const authority: Authority = createAuthority({
    port: store,
    games,
    now,
    notify: (event) => options.onEvent?.(event),
    takebacks: storeTakebacks(store, games),
    // A game set up by a challenge counts against its challenger's budget of costly setups.
    setup: (game, gameOptions, seed, challenger) =>
      setups.setup(game, gameOptions, seed, challenger ?? BOT_USER),
  });

  // Calls the challenge below: a rematch is a challenge with the seats swapped.
  const takebacks = takebackService({
    store,
    authority,
    games,
    challenge: (...args) => service.challenge(...args),
  });

  const gameType = (name: string): Reply<AnyGame> => {
    // An own property only: `constructor` or `__proto__` is no game.
    const game = Object.hasOwn(games, name) ? games[name] : undefined;
    return game ? done(game) : refuse('not-found', `there is no game called ${name}`);
  };

  const summary = (record: GameRecord): GameSummary => ({
    id: record.id,
    gameType: record.gameType,
    title: games[record.gameType]?.title ?? record.gameType,
    players: record.players,
    challenger: record.challenger,
    status: record.status,
    outcome: record.outcome,
    moveCount: record.moveCount,
    toMove: record.toMove,
    rated: record.rated,
    updatedAt: record.updatedAt,
  });

  /** Summaries, with the clock of each timed game (its control and the mover's deadline). */
  const withClocks = async (records: readonly GameRecord[]): Promise<GameSummary[]> => {
    const controls = await store.timeControls(records.map((r) => r.id));
    const at = now();
    return Promise.all(
      records.map(async (record) => {
        const control = controls.get(record.id);
        if (!control) return summary(record);
        const read = record.status === 'active' ? await readGameClock(store, record, at, control) : undefined;
        return {
          ...summary(record),
          timeLimit: { control: formatTimeControl(control), deadline: read?.reading.deadline ?? null },
        };
      }),
    );
  };

  const chatListeners: ((row: ChatRow) => void)[] = [];
  // Each line reaches the opponent at once, as a notice too: a burst, then one every few seconds.
  const chatRate = limiter({ perSecond: 1 / CHAT_EVERY_S, burst: CHAT_BURST });
  const signups = options.signups && {
    budget: limiter(options.signups),
    refusal: `too many new accounts from your address: at most ${+(options.signups.perSecond * 3600).toFixed(1)} an hour; try again later`,
  };
  const endListeners: ((ended: EndedSessions) => void)[] = [];
  const ended = (what: EndedSessions) => {
    for (const fn of endListeners) fn(what);
  };

  const checkMoveText = (text: string): Reply<string> =>
    text.length === 0 || text.length > MAX_MOVE_TEXT
      ? refuse('bad-request', `a move is 1 to ${MAX_MOVE_TEXT} characters`)
      : done(text);

  const service = {
    store,
    authority,
    summary,

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

    async setRejects(user: string, type: string, reject: boolean): Promise<Reply<{ rejecting: boolean }>> {
      const game = gameType(type);
      if (!game.ok) return game;
      await store.setRejects(user, game.value.id, reject);
      return done({ rejecting: reject });
    },

    /**
     * A challenge creates the board at once; `by` must be one of the players. `timeControl` is a
     * correspondence clock (`3d`, `3d+10d`, `none`).
     */
    async challenge(
      by: string,
      type: string,
      playerTexts: readonly string[],
      gameOptions: unknown,
      timeControl?: string,
    ) {
      const game = gameType(type);
      if (!game.ok) return game;
      const control = parseTimeControl(timeControl ?? 'none');
      if (!control.ok) return refuse('bad-request', control.error);
      const players: string[] = [];
      for (const text of playerTexts) {
        const id = parseUserId(text);
        if (!id.ok) return refuse('bad-request', id.error);
        players.push(id.value);
      }
      if (!players.includes(by)) return refuse('forbidden', 'you can only challenge for a game you play in');
      for (const player of players) {
        if (player === by) continue;
        if (player === BOT_USER) {
          if (!botGames.has(game.value.id))
            return refuse('bad-request', `${game.value.title} has no computer opponent`);
          continue;
        }
        if (!(await store.getUser(player))) return refuse('not-found', `there is no user ${player}`);
        if (await store.rejects(player, game.value.id)) {
          return refuse('forbidden', `${player} rejects all ${game.value.title} challenges`);
        }
      }
      // The computer answers at once: only challenges to people wait for an answer.
      const people = players.filter((p) => p !== by && p !== BOT_USER);
      // Checked in the transaction that creates the game, so parallel challenges cannot all pass.
      const guard: ChallengeGuard = {
        challenger: by,
        check({ playing, unanswered }) {
          // Challenges nobody has answered count against the challenger, never the challenged.
          if (playing >= MAX_ACTIVE_GAMES)
            return `you already have ${MAX_ACTIVE_GAMES} active games; finish some first`;
          let open = 0;
          for (const [user, count] of unanswered) if (user !== BOT_USER) open += count;
          if (people.length > 0 && open >= MAX_OPEN_CHALLENGES)
            return `you have ${MAX_OPEN_CHALLENGES} challenges nobody has answered yet; wait until they move or decline`;
          const waiting = people.find((p) => (unanswered.get(p) ?? 0) >= MAX_CHALLENGES_PER_OPPONENT);
          if (waiting !== undefined)
            return `${waiting} has not answered your last ${MAX_CHALLENGES_PER_OPPONENT} challenges yet; wait until they move or decline`;
          return undefined;
        },
      };
      const { compact, ...rules } = (gameOptions ?? {}) as { compact?: unknown };
      const created = await authority.create({
        gameType: game.value.id,
        players,
        challenger: by,
        options: rules,
        seed: randomInt(2 ** 31),
        compact: compact === true,
        timeControl: control.value,
        guard,
      });
      if (!created.ok) return created;
      options.onCreate?.(created.value);
      return done(created.value);
    },

    async move(user: string, gameId: number, text: string, moveNo?: number): Promise<Reply<MoveTaken>> {
      const checked = checkMoveText(text);
      if (!checked.ok) return checked;
      return authority.move({ gameId, user, move: text, ...(moveNo === undefined ? {} : { moveNo }) });
    },

    async queue(user: string, gameId: number, moves: readonly string[]): Promise<Reply<MoveTaken>> {
      for (const m of moves) {
        const checked = checkMoveText(m);
        if (!checked.ok) return checked;
      }
      return authority.queue({ gameId, user, moves });
    },

    async clearQueue(user: string, gameId: number): Promise<Reply<null>> {
      const cleared = await authority.clearQueue({ gameId, user });
      return cleared.ok ? done(null) : cleared;
    },

    async resign(user: string, gameId: number) {
      return authority.resign({ gameId, user });
    },

    async decline(user: string, gameId: number) {
      return authority.decline({ gameId, user });
    },

    ...takebacks,

    /** A board as of its latest move or move `at`; private parts only for its players. */
    async show(viewer: string | null, gameId: number, ask: ShowRequest = {}): Promise<Reply<GameShow>> {
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      const game = games[record.gameType];
      if (!game) throw new Error(`game ${gameId} has unknown type ${record.gameType}`);
      const { at, from } = ask;
      if (at !== undefined && (!Number.isInteger(at) || at < 0 || at > record.moveCount)) {
        return refuse(
          'bad-request',
          `game ${gameId} has moves 0 to ${record.moveCount}; there is no move ${at}`,
        );
      }
      const limit = ask.limit ?? MOVE_PAGE;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_MOVE_PAGE) {
        return refuse('bad-request', `a page of moves holds 1 to ${MAX_MOVE_PAGE} moves, not ${limit}`);
      }
      if (from !== undefined && (!Number.isInteger(from) || from < 1)) {
        return refuse('bad-request', `moves are numbered from 1; there is no move ${from}`);
      }
      const asOf = at ?? record.moveCount;
      const state = await stateAt(store, game, record, asOf);
      // By default the page around the position shown: the moves that led to it and, in a replay
      // of an earlier position, the ones that came next (at the latest move: the last page).
      const movesFrom =
        from ?? Math.max(1, Math.min(asOf - Math.floor(limit / 2) + 1, record.moveCount - limit + 1));
      const log = await store.moveLog(gameId, movesFrom - 1, limit);
      const seat = viewer === null ? -1 : record.players.indexOf(viewer);
      const compact = ask.compact ?? record.compact;
      const at_ = now();
      const clock = await readGameClock(store, record, at_);
      return done({
        ...summary(record),
        options: record.options,
        seats: record.players.map((user, s) => ({ user, seat: s, side: game.seatName(state, s) })),
        asOf,
        movesFrom,
        moves: log.map((m: MoveRecord) => ({
          moveNo: m.moveNo,
          seat: m.seat,
          move: m.text,
          auto: m.auto,
          at: m.at,
        })),
        view: game.view(state, seat < 0 ? null : seat),
        board: game.toText(state, { compact, seat: seat < 0 ? null : seat, names: record.players }),
        compact,
        createdAt: record.createdAt,
        ...(clock ? { clock: clockOnWire(clock, at_) } : {}),
        ...(await takebacks.shown(record)),
        ...(seat < 0
          ? {}
          : {
              private: {
                queue: await store.queuedMoves(gameId, seat),
                chat: await store.chat(gameId, CHAT_LIMIT),
              },
            }),
      });
    },

    /** A game as text to download: its header (players, result, dates) and every move. */
    async exportGame(gameId: number): Promise<Reply<{ fileName: string; text: string }>> {
      const shown = await this.show(null, gameId, { limit: 1 });
      if (!shown.ok) return shown;
      const log = await store.moveLog(gameId, 0);
      const moves = log.map((m) => ({ moveNo: m.moveNo, move: m.text, auto: m.auto }));
      const marks = await keptMarks(store, shown.value);
      return done({
        fileName: `tessera-${shown.value.gameType}-${gameId}.txt`,
        text: exportText({ ...shown.value, moves, ...(marks ? { marks } : {}) }),
      });
    },

    async list(userText: string, filter: ListFilter, type: string | null): Promise<Reply<GameSummary[]>> {
      const user = parseUserId(userText);
      if (!user.ok) return refuse('bad-request', user.error);
      if (type !== null) {
        const game = gameType(type);
        if (!game.ok) return game;
      }
      return done(await withClocks(await store.listGames(user.value, filter, type, LIST_LIMIT)));
    },

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

    async history(type: string): Promise<Reply<GameSummary[]>> {
      const game = gameType(type);
      if (!game.ok) return game;
      return done((await store.finishedGames(game.value.id, HISTORY_LIMIT)).map(summary));
    },

    /**
     * A player's finished games, most recently ended first: a page from `offset`, or (by key, the
     * same cost on any page) after the cursor `before` a page gave as `next` (see docs/api.md).
     */
    async archive(
      userText: string,
      type: string | null,
      from: number | string = 0,
      limit = ARCHIVE_PAGE,
    ): Promise<Reply<ArchivePage>> {
      const user = parseUserId(userText);
      if (!user.ok) return refuse('bad-request', user.error);
      if (type !== null) {
        const game = gameType(type);
        if (!game.ok) return game;
      }
      const [endedAt, gameId] = typeof from === 'string' ? from.split('_').map(Number) : [];
      const start = endedAt === undefined || gameId === undefined ? Number(from) : { endedAt, gameId };
      // One more than the page tells whether older games follow.
      const records = await store.archivedGames(user.value, type, start, limit + 1);
      const page = records.slice(0, limit);
      const last = page.at(-1);
      const more = records.length > limit;
      return done({
        user: user.value,
        offset: typeof start === 'number' ? start : 0,
        limit,
        more,
        ...(more && last ? { next: `${last.endedAt}_${last.id}` } : {}),
        games: page.map(summary),
      });
    },

    async standings(type: string): Promise<Reply<Standing[]>> {
      const game = gameType(type);
      if (!game.ok) return game;
      return done((await store.ratings(game.value.id)).map((r) => ({ ...r, provisional: isProvisional(r) })));
    },

    async chat(user: string, gameId: number, text: string): Promise<Reply<ChatRow>> {
      const line = text.trim();
      if (line.length === 0 || line.length > MAX_CHAT)
        return refuse('bad-request', `a chat line is 1 to ${MAX_CHAT} characters`);
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      if (!record.players.includes(user))
        return refuse('forbidden', `${user} is not a player in game ${gameId}`);
      if (!chatRate.take(user, now()))
        return refuse(
          'rate-limited',
          `you are writing too fast: ${CHAT_BURST} chat lines at once, then one every ${CHAT_EVERY_S} seconds`,
        );
      const row = await store.addChat(gameId, user, line, now());
      chatListeners.forEach((fn) => {
        fn(row);
      });
      return done(row);
    },

    async readChat(user: string, gameId: number): Promise<Reply<ChatRow[]>> {
      const record = await store.loadGame(gameId);
      if (!record) return refuse('not-found', `there is no game ${gameId}`);
      if (!record.players.includes(user))
        return refuse('forbidden', `${user} is not a player in game ${gameId}`);
      return done(await store.chat(gameId, CHAT_LIMIT));
    },

    onChat(fn: (row: ChatRow) => void): void {
      chatListeners.push(fn);
    },

    /** Stop the worker threads of costly setups. */
    /** Password checks running and waiting now, server-wide. */
    passwordChecks: () => passwords.checks(),
    close: async (): Promise<void> => {
      await setups.close();
      await passwords.close();
    },

    /** Be told when sessions end here (logout, password change, expiry seen). */
    onSessionsEnd(fn: (ended: EndedSessions) => void): void {
      endListeners.push(fn);
    },

    gameType,
  };
  return service;
}
