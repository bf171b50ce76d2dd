/**
 * The one storage interface, in parts by area (accounts, games, the Intricacy metagame, mail).
 * Two backends implement it with the same schema and behaviour: node:sqlite (embedded, the
 * default) and PostgreSQL. Every method is one transaction.
 */
import type { GameRecord, MoveRecord } from '../../engine/index.ts';
import type { AccountStore } from './accounts.ts';
import type { AnalysisStore } from './analyses.ts';
import type { BlockStore } from './blocks.ts';
import type { BudgetStore } from './budgets.ts';
import type { ClockStore } from './clocks.ts';
import type { DailyStore } from './daily.ts';
import type { GameStore } from './games.ts';
import type { IntricacyAccountStore } from './intricacy-account.ts';
import type { LessonStore } from './lessons.ts';
import type { MailStore } from './mail.ts';
import type { MailInStore } from './mail-in.ts';
import type { MetagameStore } from './metagame.ts';
import type { ProfileStore } from './profiles.ts';
import type { SeekStore } from './seeks.ts';
import type { TakebackStore } from './takebacks.ts';
import type { TournamentStore } from './tournaments.ts';

/** Login sessions that ended: one, or all of a user's but (optionally) one. */
export type EndedSessions =
  | { readonly tokenHash: string }
  | { readonly user: string; readonly except?: string };

/** Whether the session `tokenHash` of `user` is among those `ended` names. */
export const endedBy =
  (ended: EndedSessions) =>
  (tokenHash: string, user: string): boolean =>
    'tokenHash' in ended ? tokenHash === ended.tokenHash : user === ended.user && tokenHash !== ended.except;

/**
 * A change another process committed (PostgreSQL only; one process owns a SQLite file), or
 * `resync` after the listening connection was lost: anything may have been missed.
 */
export interface RemoteSignal {
  /** `intricacy`: the metagame's action log grew (`gameId` is then the new last sequence number).
   * `seek`: an open challenge was posted or removed (`gameId` is then the seek's id).
   * `sessions`: login sessions ended (`ended` says which; `gameId` is 0). */
  readonly kind: 'game' | 'chat' | 'resync' | 'intricacy' | 'seek' | 'sessions';
  readonly gameId: number;
  readonly ended?: EndedSessions;
  /**
   * A `game` signal of one move: the move, and the game's version once it was committed. A
   * process whose subscribers saw the move before it then sends this one on with the game read
   * back, without reading the log for it.
   */
  readonly move?: { readonly record: MoveRecord; readonly version: number };
}

/** Every part of the store, as each backend implements it; a caller may take only the part it needs. */
export interface Store
  extends AccountStore,
    AnalysisStore,
    BlockStore,
    BudgetStore,
    ClockStore,
    DailyStore,
    GameStore,
    IntricacyAccountStore,
    LessonStore,
    MetagameStore,
    MailStore,
    MailInStore,
    ProfileStore,
    SeekStore,
    TakebackStore,
    TournamentStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, for the start-up message (no password). */
  readonly location: string;

  /**
   * Be told of changes other processes commit; returns a function that stops listening. With
   * `follow`, a move a signal carries is played on the cached game it was played on (the game as
   * it then is, or undefined when it cannot be told), and the game is not read back for it.
   */
  listen(
    onSignal: (signal: RemoteSignal) => void,
    follow?: (record: GameRecord, move: MoveRecord, version: number) => GameRecord | undefined,
  ): Promise<() => Promise<void>>;
  /** Opens every database connection the store may use, so that no request later waits while
   * one is opened. A server calls it before it takes requests. */
  openAll(): Promise<void>;
  close(): Promise<void>;
}
