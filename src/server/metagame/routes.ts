/**
 * The Intricacy metagame's HTTP API under /api/intricacy and its live updates on the WebSocket
 * hub; the contract is docs/api.md ("Intricacy metagame API"). Solutions are replayed in a worker
 * thread (../workers/intricacy-worker.ts), queued per client address and served in turn (../workers/fair-queue.ts).
 */

import { availableParallelism } from 'node:os';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ErrorCode } from '../../api/index.ts';
import type { Answer } from '../../engine/index.ts';
import type { Result } from '../../games/game.ts';
import type { ToolMove } from '../../games/intricacy/index.ts';
import {
  canDeclare,
  canPlaceLock,
  explainScore,
  lockView,
  MAX_SOLUTION_MOVES,
  notesPage,
  noteView,
  parseLockText,
  parseSolution,
  playersPage,
  playerView,
  randomCodenames,
  retiredPage,
  SLOT_COUNT,
  scorePage,
  slotWords,
  validateCodename,
  type World,
  worldView,
} from '../../games/intricacy/index.ts';
import { createRng } from '../../grid/index.ts';
import type { RemoteSignal, Store } from '../../store/index.ts';
import { clientOf } from '../guards/index.ts';
import { HttpError } from '../http/index.ts';
import type { Connection } from '../live/index.ts';
import type { VerifyTask } from '../workers/index.ts';
import { createWorkerPool } from '../workers/index.ts';
import { createMetagame, type MetaAction } from './world.ts';

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A lock file of the largest size is about 1.5 KB; a solution of MAX_SOLUTION_MOVES tokens fits. */
export const MAX_LOCK_TEXT = 4096;
export const MAX_SOLUTION_TEXT = MAX_SOLUTION_MOVES * 4 + 1000;
const MAX_SUGGESTIONS = 20;
/** Solutions one player may have waiting to be checked or being checked at once. */
export const CHECKS_PER_PLAYER = 4;
/** The same for one client address, whatever its accounts (several people may share one). A
 * check past it is refused before its caller is looked up or its lock read: a flood of
 * connections from one address, each with a check, would otherwise have the event loop read and
 * check every lock at once. */
export const CHECKS_PER_ADDRESS = 8;
const playerRefusal = (n: number) =>
  `you already have ${n} solutions waiting to be checked; wait for their answers before sending more`;
const addressRefusal = (n: number) =>
  `${n} solutions from your address are waiting to be checked already; wait for their answers before sending more`;

/**
 * Requests in progress by key (a client address, a player), at most `bound` at once: entering
 * with a key refuses a request past it at once, else gives the function that ends it. The check
 * queue bounds the jobs it holds, but a burst of requests all pass that bound while they are still
 * being read (none of them is queued yet): under a flood the event loop once read and validated
 * 64 locks in one go. Counting a request from its first step to its answer bounds that work too.
 */
function inProgress(bound: number, refusal: (n: number) => string) {
  const counts = new Map<string, number>();
  return (key: string): (() => void) => {
    const n = counts.get(key) ?? 0;
    if (n >= bound) throw new HttpError('rate-limited', refusal(bound));
    counts.set(key, n + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    };
  };
}

const strict = { additionalProperties: false } as const;
const Slot = Type.Integer({
  minimum: 0,
  maximum: SLOT_COUNT - 1,
  errorMessage: `a slot is a whole number from 0 to ${SLOT_COUNT - 1}`,
});
const Id = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
const SolutionText = Type.String({
  minLength: 1,
  maxLength: MAX_SOLUTION_TEXT,
  errorMessage: `a solution is moves separated by spaces, at most ${MAX_SOLUTION_TEXT} characters`,
});
const CodenamesQuery = Type.Object(
  { count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SUGGESTIONS })) },
  strict,
);
const RegisterBody = Type.Object({ codename: Type.String({ maxLength: 12 }) }, strict);
const CodenameParams = Type.Object({ codename: Type.String({ minLength: 1, maxLength: 12 }) }, strict);
const IdParams = Type.Object({ id: Id }, strict);
/** Which page of a list: `offset` the first item, `limit` how many (each list has its maximum). */
const pageFields = {
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
const PageQuery = Type.Object(pageFields, strict);
const NotesQuery = Type.Object({ ...pageFields, read: Type.Optional(Type.Boolean()) }, strict);
const ScoresQuery = Type.Object(
  { ...pageFields, columns: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) },
  strict,
);
/** Two codenames: whose score, against whom. */
const ExplainCodename = Type.String({
  minLength: 1,
  maxLength: 12,
  errorMessage: 'player and against are codenames, 3 characters each',
});
const ExplainQuery = Type.Object({ player: ExplainCodename, against: ExplainCodename }, strict);
const SlotParams = Type.Object({ slot: Slot }, strict);
const PlaceBody = Type.Object(
  {
    lock: Type.String({
      minLength: 1,
      maxLength: MAX_LOCK_TEXT,
      errorMessage: `a lock is a lock file's text, at most ${MAX_LOCK_TEXT} characters`,
    }),
    solution: SolutionText,
  },
  strict,
);
const DeclareBody = Type.Object({ solution: SolutionText, slot: Slot }, strict);

/** A rule's refusal as an HTTP error; each call site says what kind of refusal its rule gives
 * (a view's "no such lock" is not found, a cheap check's refusal a bad request). An action's
 * refusal comes with its code (./world.ts). */
function must<T>(result: Result<T> | Answer<T>, code: ErrorCode = 'bad-request'): T {
  if (!result.ok) throw new HttpError('code' in result ? result.code : code, result.error);
  return result.value;
}

export interface IntricacyOptions {
  readonly store: Store;
  readonly onError?: (error: unknown) => void;
  /** Where solutions are replayed (default: one worker thread). */
  readonly checks?: SolutionChecks;
  readonly now?: () => number;
}

export interface RouteAuth {
  /** The logged-in user, or a 401. */
  readonly userOf: (request: FastifyRequest) => Promise<string>;
  /** The logged-in user, or null when no token is sent. */
  readonly maybeUser: (request: FastifyRequest) => Promise<string | null>;
}

/** Solution replays in worker threads, queued per client address and served in turn, at most
 * CHECKS_PER_PLAYER per player (codename) and CHECKS_PER_ADDRESS per address, and one client's
 * checks on one thread at a time. With two threads (on a machine with more than two cores) a
 * client flooding checks therefore never makes another's wait for one of its own to finish; on
 * two cores a second busy thread would take the CPU that answers every player's moves. */
export function solutionChecks(
  options: { readonly threads?: number; readonly run?: (task: VerifyTask) => Promise<Result<number>> } = {},
) {
  return createWorkerPool<VerifyTask, Result<number>>({
    filename: new URL('../workers/intricacy-worker.ts', import.meta.url),
    threads: options.threads ?? (availableParallelism() > 2 ? 2 : 1),
    runningPerTurn: 1,
    perAccount: CHECKS_PER_PLAYER,
    refusal: playerRefusal,
    perTurn: { jobs: CHECKS_PER_ADDRESS, refusal: addressRefusal },
    ...(options.run ? { run: options.run } : {}),
  });
}

export type SolutionChecks = ReturnType<typeof solutionChecks>;

export function createIntricacy(options: IntricacyOptions) {
  const { store } = options;
  const metagame = createMetagame({
    store,
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const checks = options.checks ?? solutionChecks();

  /** Replay `solution` on `lock` in a worker, in the turn of the asking client's address: its
   * moves when it opens the lock, else a refusal that says why. The worker reads the text first;
   * the event loop reads it only here, once it has opened the lock. */
  const verify = async (player: string, request: FastifyRequest, task: VerifyTask): Promise<ToolMove[]> => {
    const job = checks.submit(player, task, clientOf(request.ip));
    if (!job.ok) throw new HttpError('rate-limited', job.error);
    const verdict = await job.value;
    if (!verdict.ok) throw new HttpError('bad-request', verdict.error);
    return must(parseSolution(task.solution));
  };
  const checksFromAddress = inProgress(CHECKS_PER_ADDRESS, addressRefusal);
  const checksOfPlayer = inProgress(CHECKS_PER_PLAYER, playerRefusal);
  /**
   * `check` for the caller, as one of their address's and their own checks in progress, or a
   * refusal at once for want of room: for the address before the caller is even looked up (a
   * flood of checks from one address then costs the database nothing), for the player before the
   * lock is read.
   */
  const checking = async <T>(
    auth: RouteAuth,
    request: FastifyRequest,
    check: (player: string) => Promise<T>,
  ): Promise<T> => {
    const leaveAddress = checksFromAddress(clientOf(request.ip));
    try {
      const player = await codenameOf(auth, request);
      const leavePlayer = checksOfPlayer(player);
      try {
        return await check(player);
      } finally {
        leavePlayer();
      }
    } finally {
      leaveAddress();
    }
  };

  /** Accounts' codenames as read: a codename, once registered, is the account's for good, so each
   * is read from the store once per process (an account without one is asked again every time:
   * it may register through another process). */
  const known = new Map<string, string>();
  const storedCodename = async (user: string): Promise<string | undefined> => {
    const cached = known.get(user);
    if (cached !== undefined) return cached;
    const codename = await store.codenameOf(user);
    if (codename !== undefined) known.set(user, codename);
    return codename;
  };
  /** The caller's codename: 401 when not logged in, 403 when they have not registered one. */
  const codenameOf = async (auth: RouteAuth, request: FastifyRequest): Promise<string> => {
    const user = await auth.userOf(request);
    const codename = await storedCodename(user);
    if (codename === undefined)
      throw new HttpError(
        'forbidden',
        'register a codename first: POST /api/intricacy/register {"codename": "ABC"}',
      );
    return codename;
  };
  /** The caller's codename, or null for an outsider (not logged in, or no codename). */
  const viewerOf = async (auth: RouteAuth, request: FastifyRequest): Promise<string | null> => {
    const user = await auth.maybeUser(request);
    return user === null ? null : ((await storedCodename(user)) ?? null);
  };
  /**
   * `check` on the world as this process holds it, and only if that refuses, on the world read
   * afresh (with PostgreSQL another process may have changed it a moment ago). A solution check's
   * cheap rules cost a flood of checks no reading of the log; the rules are checked on the fresh
   * world again when the action is appended.
   */
  const preCheck = async <T>(check: (world: World) => T): Promise<T> => {
    try {
      return check(metagame.cached());
    } catch {
      return check(await metagame.world());
    }
  };
  const act = async (action: MetaAction, account?: string): Promise<{ before: World; after: World }> =>
    must(await metagame.act(action, account));

  return {
    metagame,

    /** Load the world and register the routes. */
    async routes(app: App, auth: RouteAuth): Promise<void> {
      await metagame.refresh();

      app.get('/api/intricacy/codenames', { schema: { querystring: CodenamesQuery } }, async (request) => {
        const world = await metagame.world();
        const seed = Math.floor(Math.random() * 2 ** 32);
        const taken = world.players.map((p) => p.codename);
        return { codenames: must(randomCodenames(createRng(seed), request.query.count ?? 8, taken)) };
      });

      app.get('/api/intricacy/me', async (request) => {
        const user = await auth.maybeUser(request);
        return { codename: user === null ? null : ((await storedCodename(user)) ?? null) };
      });

      app.post('/api/intricacy/register', { schema: { body: RegisterBody } }, async (request, reply) => {
        const user = await auth.userOf(request);
        const codename = must(validateCodename(request.body.codename));
        const existing = await storedCodename(user);
        if (existing !== undefined)
          throw new HttpError('conflict', `your account already has the codename ${existing}`);
        await act({ kind: 'register', payload: { codename } }, user);
        return reply.status(201).send({ codename });
      });

      app.get('/api/intricacy/world', async (request) =>
        worldView(await metagame.world(), await viewerOf(auth, request)),
      );

      app.get('/api/intricacy/players', { schema: { querystring: PageQuery } }, async (request) =>
        playersPage(await metagame.world(), await viewerOf(auth, request), request.query),
      );

      app.get(
        '/api/intricacy/players/:codename',
        { schema: { params: CodenameParams, querystring: PageQuery } },
        async (request) => {
          const viewer = await viewerOf(auth, request);
          return must(
            playerView(await metagame.world(), request.params.codename, viewer, request.query),
            'not-found',
          );
        },
      );

      app.get(
        '/api/intricacy/locks/:id',
        { schema: { params: IdParams, querystring: PageQuery } },
        async (request) => {
          const viewer = await viewerOf(auth, request);
          return must(
            lockView(await metagame.world(), viewer, request.params.id, request.query),
            'not-found',
          );
        },
      );

      app.put(
        '/api/intricacy/slots/:slot',
        { schema: { params: SlotParams, body: PlaceBody } },
        async (request) =>
          checking(auth, request, async (owner) => {
            const { slot } = request.params;
            const text = parseLockText(request.body.lock);
            if (!text.ok) throw new HttpError('bad-request', `the lock: ${text.error}`);
            // The cheap rules first, then the replay, then the rules again on the current world.
            const checked = await preCheck((world) => must(canPlaceLock(world, owner, slot, text.value)));
            const solution = await verify(owner, request, {
              lock: checked.lock,
              solution: request.body.solution,
              name: 'the lock',
            });
            const { after } = await act({
              kind: 'place',
              payload: { owner, slot, lock: checked.lock, solution },
            });
            const id = after.players.find((p) => p.codename === owner)?.slots[slot];
            return must(lockView(after, owner, id ?? -1), 'not-found');
          }),
      );

      app.delete('/api/intricacy/slots/:slot', { schema: { params: SlotParams } }, async (request) => {
        const owner = await codenameOf(auth, request);
        const { slot } = request.params;
        const { before } = await act({ kind: 'retire', payload: { owner, slot } });
        return { retired: before.players.find((p) => p.codename === owner)?.slots[slot] ?? null };
      });

      app.post(
        '/api/intricacy/locks/:id/solution',
        { schema: { params: IdParams, body: DeclareBody } },
        async (request) =>
          checking(auth, request, async (solver) => {
            const on = request.params.id;
            const { slot } = request.body;
            const { behind, target } = await preCheck((world) => {
              const behind = world.players.find((p) => p.codename === solver)?.slots[slot];
              if (behind === null || behind === undefined)
                throw new HttpError(
                  'bad-request',
                  `your ${slotWords(slot)} is empty: a note is secured behind a lock of yours, so place one there first`,
                );
              // A lock that does not exist is not found; the other rules of declaring are bad requests.
              must(lockView(world, solver, on), 'not-found');
              return { behind, target: must(canDeclare(world, solver, on, behind)) };
            });
            const solution = await verify(solver, request, {
              lock: target.lock,
              solution: request.body.solution,
              name: `lock ${on}`,
            });
            const { after } = await act({ kind: 'declare', payload: { solver, on, behind, solution } });
            const note = after.notes.find((n) => n.author === solver && n.on === on);
            return must(noteView(after, solver, note?.id ?? -1), 'not-found');
          }),
      );

      app.get('/api/intricacy/notes', { schema: { querystring: NotesQuery } }, async (request) =>
        notesPage(await metagame.world(), await viewerOf(auth, request), request.query),
      );

      app.get(
        '/api/intricacy/notes/:id',
        { schema: { params: IdParams, querystring: PageQuery } },
        async (request) => {
          const viewer = await viewerOf(auth, request);
          return must(
            noteView(await metagame.world(), viewer, request.params.id, request.query),
            'not-found',
          );
        },
      );

      // The ranking behind every page is built once per change of the world, not per request.
      app.get('/api/intricacy/scores', { schema: { querystring: ScoresQuery } }, async (request) => {
        const { columns, ...page } = request.query;
        return scorePage(await metagame.world(), {
          ...page,
          ...(columns === undefined ? {} : { columnOffset: columns }),
        });
      });

      // One score as the accesses that make it up (a player against themselves has none).
      app.get('/api/intricacy/scores/explain', { schema: { querystring: ExplainQuery } }, async (request) => {
        const { player, against } = request.query;
        return must(
          explainScore(await metagame.world(), player, against),
          player === against ? 'bad-request' : 'not-found',
        );
      });

      // A page of the retired locks, newest first, as a plain list (GET /world counts them all).
      app.get('/api/intricacy/retired', { schema: { querystring: PageQuery } }, async (request) => {
        const viewer = await viewerOf(auth, request);
        return retiredPage(await metagame.world(), viewer, request.query).locks;
      });
    },

    /** A store signal: another process appended to the log (or the listener reconnected). */
    remote(signal: RemoteSignal): void {
      if (signal.kind === 'intricacy' || signal.kind === 'resync')
        void metagame.refresh().catch((error: unknown) => options.onError?.(error));
    },

    /** WebSocket: {"type":"subscribe","game":"intricacy"}. */
    subscribe(conn: Connection, ref?: string | number): void {
      metagame.subscribe(conn, ref);
    },
    unsubscribe(conn: Connection): void {
      metagame.unsubscribe(conn);
    },

    async close(): Promise<void> {
      await checks.close();
    },
  };
}

export type Intricacy = ReturnType<typeof createIntricacy>;
