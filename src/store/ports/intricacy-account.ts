/**
 * What each account keeps of Intricacy: its progress through the tutorial and the initiation (the
 * fewest turns each lock took, and whether it skipped the initiation), and the locks it saved
 * from the editor. The server checks what goes in (lock texts, names, limits); the store keeps it.
 */

export interface SavedLockRow {
  readonly name: string;
  readonly text: string;
  readonly solution: string | null;
  readonly savedAt: number;
}

export interface ProgressRow {
  /** Lock name → the fewest turns it took. */
  readonly solved: Readonly<Record<string, number>>;
  readonly skipInitiation: boolean;
}

export interface IntricacyAccountStore {
  intricacyProgress(userId: string): Promise<ProgressRow>;
  /**
   * In one transaction: each solve kept where it took fewer turns than the one stored (or none
   * was), the skip choice set when given; answers the progress as it now is.
   */
  recordIntricacyProgress(
    userId: string,
    solved: Readonly<Record<string, number>>,
    skipInitiation?: boolean,
  ): Promise<ProgressRow>;
  /** The account's saved locks, by name. */
  savedLocks(userId: string): Promise<SavedLockRow[]>;
  /**
   * Save a lock under its name, replacing one of that name; a new name only while the account has
   * fewer than `max` locks. False when it was refused for that.
   */
  saveLock(userId: string, lock: SavedLockRow, max: number): Promise<boolean>;
  /** False when there was no lock of that name. */
  deleteSavedLock(userId: string, name: string): Promise<boolean>;
}
