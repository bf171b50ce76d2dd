/**
 * Open challenges ("seeks"): a game's terms posted for anyone to take, until taken, cancelled or
 * expired. Taking one creates its game in the transaction that removes it (`takes` of the
 * authority's NewGame), so two takers racing for one seek make exactly one game.
 */

/** Who moves first: the poster (`first`), the taker (`second`), or drawn when taken. */
export type SeekSeat = 'first' | 'second' | 'random';
export const SEEK_SEATS: readonly SeekSeat[] = ['first', 'second', 'random'];

export interface NewSeek {
  readonly user: string;
  readonly gameType: string;
  /** The game's options as its rules read them (without `compact`). */
  readonly options: unknown;
  readonly compact: boolean;
  /** The time control in its short form (`3d`, `3d+10d`, `none`). */
  readonly timeControl: string;
  readonly rated: boolean;
  readonly seat: SeekSeat;
  /** The takers' rating range, each end optional. */
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly at: number;
  readonly expiresAt: number;
}

export interface Seek extends NewSeek {
  readonly id: number;
  /** The poster's rating in the seek's game, as it is now. */
  readonly rating: number;
  /** Its deviation: above the provisional bound, the rating is shown with "?". */
  readonly deviation: number;
}

/** What a seek list may be narrowed to. */
export interface SeekFilter {
  readonly gameType?: string | null;
  readonly timeControl?: string | null;
}

export interface SeekStore {
  /**
   * Posts a seek unless the poster already has `limit` open (checked in the transaction that
   * inserts it, so parallel posts cannot all pass): the seek, or the refusal's sentence.
   */
  postSeek(seek: NewSeek, limit: number): Promise<Seek | { readonly refused: string }>;
  /**
   * Quick pairing's post: as `postSeek`, but first (in the same transaction, one at a time per
   * game on PostgreSQL) the open seek `viewer` may take with these terms, nearest in rating: then
   * that seek's id and nothing posted.
   */
  postOrFind(
    seek: NewSeek,
    limit: number,
  ): Promise<Seek | { readonly refused: string } | { readonly found: number }>;
  /** An open seek (not expired at `now`); with `viewer`, only if they may take it (as `openSeeks`). */
  openSeek(id: number, now: number, viewer?: string): Promise<Seek | undefined>;
  /**
   * Open seeks `viewer` may take (not their own, their rating in range, a game they do not
   * reject, nobody blocked either way), the soonest to expire first (each is open as long, so the oldest); for no viewer,
   * every open seek.
   */
  openSeeks(viewer: string | null, now: number, filter: SeekFilter, limit: number): Promise<Seek[]>;
  /** The user's own open seeks, oldest first. */
  seeksOf(user: string, now: number): Promise<Seek[]>;
  /** Removes the user's open seek; false when there is none of theirs with that id. */
  cancelSeek(id: number, user: string): Promise<boolean>;
  /** Forgets seeks expired by `now`; answers how many. */
  deleteExpiredSeeks(now: number): Promise<number>;
}
