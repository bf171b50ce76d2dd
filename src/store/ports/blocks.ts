/**
 * Who has blocked whom. A blocked pair (either way) cannot challenge each other, chat, or be
 * paired; the one who blocked sees whom they blocked, the other is never told.
 */

export interface BlockStore {
  /** `blocker` blocks `blocked`; false when it already had. */
  blockUser(blocker: string, blocked: string, at: number): Promise<boolean>;
  /** `blocker` unblocks `blocked`; false when it had not blocked them. */
  unblockUser(blocker: string, blocked: string): Promise<boolean>;
  /** Whom `blocker` has blocked, in name order. */
  blockedBy(blocker: string): Promise<string[]>;
  /** Either of the two has blocked the other. */
  blockedEither(a: string, b: string): Promise<boolean>;
}
