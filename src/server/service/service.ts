/**
 * The application layer: accounts, challenges and games, each operation authorised here and
 * answered as a value (`Reply`) whose `status` says which HTTP status a failure deserves. The
 * HTTP routes, the PBeM command language and the WebSocket all call this; moves go through the
 * one authority (src/engine/). Each area is a part of its own (accounts.ts, challenges.ts,
 * moves.ts, shows.ts, lists.ts, chat.ts, takebacks.ts), built here on one shared context.
 */
import type { SeekView } from '../../api/index.ts';
import {
  type Authority,
  createAuthority,
  type GameEvent,
  type GameRecord,
  type TimeControl,
} from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';
import type { RateLimit } from '../guards/index.ts';
import { pairingService } from '../pairing/index.ts';
import { createSetups, type Setups } from '../workers/index.ts';
import { accountService, sessionService, vacationService } from './accounts.ts';
import { BOT_USER, createPasswordHasher } from './auth.ts';
import { blockService } from './blocks.ts';
import { challengeService } from './challenges.ts';
import { chatService } from './chat.ts';
import { gameTypeOf, type ServiceContext, summaryOf } from './context.ts';
import { listService } from './lists.ts';
import { moveService } from './moves.ts';
import { showService } from './shows.ts';
import { storeTakebacks, takebackService } from './takebacks.ts';

export type { EndedSessions } from '../../store/index.ts';
export { MAX_ACTIVE_GAMES, MAX_CHALLENGES_PER_OPPONENT, MAX_OPEN_CHALLENGES } from './challenges.ts';
export { ARCHIVE_PAGE } from './lists.ts';
export type { ShowRequest } from './shows.ts';

export interface ServiceOptions {
  readonly store: Store;
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Game types with a computer opponent. */
  readonly botGames: ReadonlySet<string>;
  readonly now?: () => number;
  readonly onEvent?: (event: GameEvent) => void;
  /** The module exporting `games` as GAMES, for the worker threads (default: the registry). */
  readonly gamesModule?: string;
  /** Where costly game setups run (default: a worker thread, see ../workers/setups.ts). */
  readonly setups?: Setups;
  /** Called when a challenge has created a game. */
  readonly onCreate?: (record: GameRecord, control: TimeControl | null) => void;
  /** The open challenges changed (../pairing/): one posted, or one taken or cancelled. */
  readonly onSeeks?: (change: { readonly added?: SeekView; readonly removed?: number }) => void;
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
  const gameType = gameTypeOf(games);
  const summary = summaryOf(games);
  const context: ServiceContext = { store, games, botGames, now, authority, gameType, summary };

  const challenges = challengeService(context, options.onCreate);
  // A rematch is a challenge with the seats swapped.
  const takebacks = takebackService({ store, authority, games, challenge: challenges.challenge });
  const { ended, ...sessions } = sessionService(context);

  return {
    store,
    authority,
    summary,
    ...accountService(context, passwords, ended, options.signups),
    ...sessions,
    ...challenges,
    // Open challenges and quick pairing: a seek taken is a challenge with no challenger.
    ...pairingService({
      store,
      now,
      gameType,
      challenge: challenges.challenge,
      atGameLimit: challenges.atGameLimit,
      ...(options.onSeeks ? { onSeeks: options.onSeeks } : {}),
    }),
    ...moveService(context),
    ...takebacks,
    ...showService(context, takebacks),
    ...listService(context),
    ...vacationService(context),
    ...chatService(context),
    ...blockService(context),
    /** Stop the worker threads of costly setups and password checks. */
    close: async (): Promise<void> => {
      await setups.close();
      await passwords.close();
    },
    gameType,
  };
}
