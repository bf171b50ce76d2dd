/**
 * Open challenges and quick pairing: post, list, take, cancel, "play someone". Taking one starts
 * its game through the challenge path (one authority), in the transaction that removes the seek.
 */
import { randomInt } from 'node:crypto';
import {
  DEFAULT_PACE,
  MAX_OPEN_SEEKS,
  type QuickAnswer,
  SEEK_DAYS,
  type SeekBody,
  type SeekList,
  type SeekView,
} from '../../api/index.ts';
import {
  type Answer,
  DAY_MS,
  formatTimeControl,
  type GameRecord,
  ok,
  parseTimeControl,
  refuse,
} from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { NewSeek, Seek, Store } from '../../store/index.ts';

/** The most open challenges a list shows. */
export const SEEK_LIST_LIMIT = 200;

/** The challenge path of the service (../service/challenges.ts), taking a seek. */
export type Challenge = (
  by: string,
  type: string,
  players: readonly string[],
  options: unknown,
  timeControl: string,
  terms: { readonly rated: boolean; readonly takes: number },
) => Promise<Answer<GameRecord>>;

export interface PairingContext {
  readonly store: Store;
  readonly now: () => number;
  readonly gameType: (name: string) => Answer<AnyGame>;
  readonly challenge: Challenge;
  /** Why a player may start no game now (the most active games at once), or undefined: they may
   * then post no open challenge either, since nobody could take it. */
  readonly atGameLimit: (user: string) => Promise<string | undefined>;
  /** The open list changed: a seek posted, or one taken or cancelled (its id). */
  readonly onSeeks?: (change: { readonly added?: SeekView; readonly removed?: number }) => void;
}

/** Terms checked, as the store keeps them: the game's options read by its rules, the clock's short form. */
function readTerms(context: PairingContext, user: string, body: SeekBody): Answer<NewSeek> {
  const found = context.gameType(body.gameType);
  if (!found.ok) return found;
  const game = found.value;
  const { compact, ...rules } = (body.options ?? {}) as { compact?: unknown };
  const options = game.parseOptions(rules);
  if (!options.ok) return refuse('bad-request', options.error);
  if (game.seatCount(options.value) !== 2)
    return refuse('bad-request', `open challenges are for two players, and ${game.title} is not`);
  const control = parseTimeControl(body.timeControl ?? DEFAULT_PACE);
  if (!control.ok) return refuse('bad-request', control.error);
  const { minRating = null, maxRating = null } = body;
  if (minRating !== null && maxRating !== null && minRating > maxRating)
    return refuse('bad-request', `a rating range runs from low to high, not ${minRating} to ${maxRating}`);
  const at = context.now();
  return ok({
    user,
    gameType: game.id,
    options: rules,
    compact: compact === true,
    timeControl: formatTimeControl(control.value),
    rated: body.rated ?? true,
    seat: body.seat ?? 'random',
    minRating,
    maxRating,
    at,
    expiresAt: at + SEEK_DAYS * DAY_MS,
  });
}

/** Why `user` may not take `seek`, in a sentence. */
async function whyNot(store: Store, seek: Seek, user: string, title: string): Promise<string> {
  if (seek.user === user) return 'that is your own open challenge; cancel it instead';
  if (await store.rejects(user, seek.gameType))
    return `you reject ${title} challenges; accept them again on your account page to take this one`;
  if (await store.blockedEither(user, seek.user)) return `you cannot play ${seek.user}`;
  return `this open challenge is for players rated ${seek.minRating ?? 'any'} to ${seek.maxRating ?? 'any'} in ${title}`;
}

export function pairingService(context: PairingContext) {
  const { store, now } = context;
  const view = (seek: Seek): SeekView => {
    const game = context.gameType(seek.gameType);
    return {
      id: seek.id,
      user: seek.user,
      rating: Math.round(seek.rating),
      deviation: Math.round(seek.deviation),
      gameType: seek.gameType,
      title: game.ok ? game.value.title : seek.gameType,
      options: (seek.options ?? {}) as Record<string, unknown>,
      compact: seek.compact,
      timeControl: seek.timeControl,
      rated: seek.rated,
      seat: seek.seat,
      minRating: seek.minRating,
      maxRating: seek.maxRating,
      createdAt: seek.at,
      expiresAt: seek.expiresAt,
    };
  };
  const posted = (seek: Seek): SeekView => {
    const shown = view(seek);
    context.onSeeks?.({ added: shown });
    return shown;
  };

  const takeSeek = async (user: string, id: number): Promise<Answer<GameRecord>> => {
    const at = now();
    const seek = await store.openSeek(id, at);
    if (!seek)
      return refuse('not-found', `there is no open challenge ${id}: it was taken, cancelled or has expired`);
    const game = context.gameType(seek.gameType);
    if (!game.ok) return game;
    if (!(await store.openSeek(id, at, user)))
      return refuse('forbidden', await whyNot(store, seek, user, game.value.title));
    // The seat decides who moves first: seat 0 opens every two-player game.
    const posterFirst = seek.seat === 'first' || (seek.seat === 'random' && randomInt(2) === 0);
    const players = posterFirst ? [seek.user, user] : [user, seek.user];
    const options = { ...(seek.options as object), ...(seek.compact ? { compact: true } : {}) };
    const made = await context.challenge(user, seek.gameType, players, options, seek.timeControl, {
      rated: seek.rated,
      takes: seek.id,
    });
    if (made.ok || made.code === 'conflict') context.onSeeks?.({ removed: id });
    return made;
  };

  return {
    /** Posts an open challenge, within the poster's quota. */
    async postSeek(user: string, body: SeekBody): Promise<Answer<SeekView>> {
      const terms = readTerms(context, user, body);
      if (!terms.ok) return terms;
      const full = await context.atGameLimit(user);
      if (full) return refuse('rate-limited', full);
      const stored = await store.postSeek(terms.value, MAX_OPEN_SEEKS);
      if ('refused' in stored) return refuse('rate-limited', stored.refused);
      return ok(posted(stored));
    },

    /** The open challenges `viewer` may take (every one for no viewer), and their own. */
    async seeks(
      viewer: string | null,
      filter: { readonly gameType?: string; readonly timeControl?: string } = {},
    ): Promise<Answer<SeekList>> {
      if (filter.gameType !== undefined) {
        const game = context.gameType(filter.gameType);
        if (!game.ok) return game;
      }
      let timeControl: string | null = null;
      if (filter.timeControl !== undefined) {
        const control = parseTimeControl(filter.timeControl);
        if (!control.ok) return refuse('bad-request', control.error);
        timeControl = formatTimeControl(control.value);
      }
      const at = now();
      const open = await store.openSeeks(
        viewer,
        at,
        { gameType: filter.gameType ?? null, timeControl },
        SEEK_LIST_LIMIT,
      );
      const mine = viewer === null ? [] : await store.seeksOf(viewer, at);
      return ok({ open: open.map(view), mine: mine.map(view) });
    },

    /** Takes an open challenge: its game begins at once. */
    takeSeek,

    /** The poster withdraws their open challenge. */
    async cancelSeek(user: string, id: number): Promise<Answer<{ cancelled: number }>> {
      if (!(await store.cancelSeek(id, user))) return refuse('not-found', `you have no open challenge ${id}`);
      context.onSeeks?.({ removed: id });
      return ok({ cancelled: id });
    },

    /**
     * Play someone: take the compatible open challenge nearest in rating (this game and pace, any
     * options, the player within its range), else post one with the game's usual options, rated,
     * seats drawn. Asking again while one's own is open answers that one.
     */
    async quickPair(user: string, type: string, pace?: string): Promise<Answer<QuickAnswer>> {
      const terms = readTerms(context, user, {
        gameType: type,
        ...(pace === undefined ? {} : { timeControl: pace }),
      });
      if (!terms.ok) return terms;
      const waiting = (await store.seeksOf(user, terms.value.at)).find(
        (s) => s.gameType === terms.value.gameType && s.timeControl === terms.value.timeControl,
      );
      if (waiting) return ok({ paired: false, seek: view(waiting) });
      const full = await context.atGameLimit(user);
      if (full) return refuse('rate-limited', full);
      // A seek taken by someone else between finding and taking: look again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const found = await store.postOrFind({ ...terms.value, at: now() }, MAX_OPEN_SEEKS);
        if ('refused' in found) return refuse('rate-limited', found.refused);
        if (!('found' in found)) return ok({ paired: false, seek: posted(found) });
        const made = await takeSeek(user, found.found);
        if (made.ok) return ok({ paired: true, gameId: made.value.id });
        if (made.code !== 'conflict' && made.code !== 'not-found') return made;
      }
      return refuse('busy', 'other players took every open challenge found; ask again');
    },

    /** Another process posted or removed seek `id`: tell this process's lobbies. */
    async seekSignal(id: number): Promise<void> {
      const seek = await store.openSeek(id, now());
      context.onSeeks?.(seek ? { added: view(seek) } : { removed: id });
    },

    /** Forgets expired open challenges (the lists already leave them out). */
    sweepSeeks: (): Promise<number> => store.deleteExpiredSeeks(now()),
  };
}

export type Pairing = ReturnType<typeof pairingService>;
