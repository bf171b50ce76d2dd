/** The Intricacy metagame part of the store: its append-only action log, codenames and saved world. */

/** One entry of the Intricacy metagame's append-only action log; `payload` is plain JSON. */
export interface MetaActionRow {
  readonly seq: number;
  readonly kind: string;
  readonly payload: unknown;
  readonly at: number;
}

/**
 * The metagame's derived world as of log entry `seq`, in named parts of plain JSON; `format`
 * says how they are laid out. A save may carry only the parts that changed since the last one.
 */
export interface MetaWorldRow {
  readonly seq: number;
  readonly format: number;
  readonly parts: ReadonlyMap<string, unknown>;
}

/** Why an append was refused: `seq` is taken (the log moved on), or the account has a codename. */
export type MetaAppend = { readonly ok: true } | { readonly ok: false; readonly reason: 'seq' | 'account' };

export interface MetagameStore {
  /** Intricacy metagame: the action log after sequence number `after`, in order. */
  metaActions(after: number): Promise<MetaActionRow[]>;
  /**
   * Append `action`, whose `seq` must be the next number (one more than the last): refused with
   * reason `seq` when another writer took it first. With `codename`, the account `user` is given
   * that codename in the same transaction (refused with reason `account` if it already has one).
   */
  appendMetaAction(action: MetaActionRow, codename?: { user: string; codename: string }): Promise<MetaAppend>;
  /** The Intricacy codename an account registered, if any. */
  codenameOf(user: string): Promise<string | undefined>;
  /** The metagame's latest saved world, every part of it, if one was saved. */
  metaWorld(): Promise<MetaWorldRow | undefined>;
  /**
   * Save parts of the metagame's world as of log entry `seq` (the other parts stay), unless a
   * newer one is saved already (then false).
   */
  saveMetaWorld(row: MetaWorldRow): Promise<boolean>;
}
