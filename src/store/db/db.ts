/**
 * The little SQL surface both backends share. Statements are written once with `?` placeholders
 * (PostgreSQL's are numbered by its adapter); values are strings, numbers or null.
 */
export type Value = string | number | null;
export type Params = readonly Value[];
export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: Params): Promise<T[]>;
  /** Returns the number of rows changed. */
  run(sql: string, params?: Params): Promise<number>;
  /** Runs `fn` in one transaction on a connection of its own; commits, or rolls back if it throws. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Opens now every connection it may use later (a pool's); absent where there is nothing to open. */
  openAll?(): Promise<void>;
  close(): Promise<void>;
}
