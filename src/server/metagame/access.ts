/** What the metagame's routes share: the caller's codename, solution checks in turn, and actions on the world. */
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../api/index.ts';
import type { Answer } from '../../engine/index.ts';
import type { Result } from '../../games/game.ts';
import { parseSolution, type ToolMove, type World } from '../../games/intricacy/index.ts';
import type { Store } from '../../store/index.ts';
import { clientOf } from '../guards/index.ts';
import { HttpError } from '../http/index.ts';
import type { VerifyTask } from '../workers/index.ts';
import {
  addressRefusal,
  CHECKS_PER_ADDRESS,
  CHECKS_PER_PLAYER,
  inProgress,
  playerRefusal,
  type SolutionChecks,
} from './checks.ts';
import type { createMetagame, MetaAction } from './world.ts';

/** A rule's refusal as an HTTP error; each call site says what kind of refusal its rule gives
 * (a view's "no such lock" is not found, a cheap check's refusal a bad request). An action's
 * refusal comes with its code (./world.ts). */
export function must<T>(result: Result<T> | Answer<T>, code: ErrorCode = 'bad-request'): T {
  if (!result.ok) throw new HttpError('code' in result ? result.code : code, result.error);
  return result.value;
}

export interface RouteAuth {
  /** The logged-in user, or a 401. */
  readonly userOf: (request: FastifyRequest) => Promise<string>;
  /** The logged-in user, or null when no token is sent. */
  readonly maybeUser: (request: FastifyRequest) => Promise<string | null>;
}

export function metagameAccess(
  store: Store,
  metagame: ReturnType<typeof createMetagame>,
  checks: SolutionChecks,
) {
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
  return { verify, checking, storedCodename, codenameOf, viewerOf, preCheck, act };
}

export type MetagameAccess = ReturnType<typeof metagameAccess>;
