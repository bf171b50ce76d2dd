/**
 * The embedded backend: node:sqlite on one file, WAL journal; a committed move survives a crash
 * of the process or the machine (`full`, see below). node:sqlite is synchronous and one
 * connection is shared, so every statement and transaction takes a turn on a queue: no other
 * request's statement can slip into an open transaction. Transactions requested together are
 * committed together (group commit), so a busy server pays for one fsync per batch, not per move,
 * and the fsyncs and checkpoints run off the event loop (./sqlite-sync.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Db, Params } from './db.ts';
import { fileSync, groupSync, type Sync } from './sqlite-sync.ts';

/**
 * `full` (the default) syncs every commit to disk; `normal` leaves the sync to checkpoints:
 * still safe if the process dies, but a power cut may lose the last moments of moves.
 */
export type SqliteSync = 'full' | 'normal';

/** How often the log is copied into the database file while there are writes. */
export const CHECKPOINT_EVERY_MS = 2000;

export interface SqliteOptions {
  readonly checkpointEveryMs?: number;
  /** How a file is synced (tests watch it). */
  readonly fileSync?: typeof fileSync;
}

export function openSqlite(file: string, sync: SqliteSync = 'full', options: SqliteOptions = {}): Db {
  const { checkpointEveryMs = CHECKPOINT_EVERY_MS } = options;
  const syncOf = options.fileSync ?? fileSync;
  const database = openDatabase(file);
  const { direct, prepare } = directDb(database);

  const memory = file === ':memory:';
  const logFile = syncOf(`${file}-wal`);
  const dbFile = syncOf(file);
  const nothing: Sync = async () => {};
  /** Every change committed so far is on disk once this resolves. */
  const logDurable = memory ? nothing : groupSync(logFile);
  const dbDurable = memory ? nothing : groupSync(dbFile);
  /** A commit is reported once on disk (`full`), or at once (`normal`). */
  const committed = sync === 'full' ? logDurable : nothing;

  const inTurn = turns();
  const state = { closed: false };
  const writes = checkpointedWrites(database, inTurn, { logDurable, dbDurable }, state, {
    memory,
    checkpointEveryMs,
  });
  const transaction = groupCommit(database, prepare, direct, writes, committed, state);

  return {
    dialect: 'sqlite',
    all: (sql, params) => inTurn(() => direct.all(sql, params)),
    run: async (sql, params) => {
      const changes = await writes.write(async () => {
        const n = await direct.run(sql, params);
        writes.wrote();
        return n;
      });
      await committed();
      return changes;
    },
    tx: transaction,
    close: async () => {
      await writes.held();
      await inTurn(async () => {
        if (state.closed) return;
        state.closed = true;
        database.exec('PRAGMA synchronous = FULL');
        database.close();
      });
      // Syncs under way finish before their files are let go.
      await Promise.allSettled([logDurable(), dbDurable()]);
      logFile.close();
      dbFile.close();
    },
  };
}

/** The file opened with the settings the rest relies on, and its exclusive lock taken. */
function openDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new DatabaseSync(file);
  try {
    database.exec('PRAGMA busy_timeout = 100');
    database.exec('PRAGMA journal_mode = WAL');
    // The syncs SQLite would do on the event loop are done off it (./sqlite-sync.ts); the same
    // connection closes with FULL, so the checkpoint at close is synced before the log goes.
    database.exec('PRAGMA synchronous = OFF');
    database.exec('PRAGMA wal_autocheckpoint = 0');
    database.exec('PRAGMA foreign_keys = ON');
    // One server process owns the file (a second one fails to start rather than share it), which
    // also lets the store trust its cache of recent games. The lock is taken by the first write.
    database.exec('PRAGMA locking_mode = EXCLUSIVE');
    database.exec('BEGIN IMMEDIATE');
    database.exec('COMMIT');
  } catch (error) {
    database.close();
    const busy = /locked|busy/i.test((error as Error).message);
    throw new Error(
      busy ? `${file} is locked: is another Tessera server using it?` : (error as Error).message,
    );
  }
  return database;
}

/** Statements on the connection as they are, prepared once each: what a transaction's body is given. */
function directDb(database: DatabaseSync): { direct: Db; prepare: (sql: string) => StatementSync } {
  const statements = new Map<string, StatementSync>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const direct: Db = {
    dialect: 'sqlite',
    async all<T>(sql: string, params: Params = []) {
      return prepare(sql).all(...(params as SQLInputValue[])) as T[];
    },
    async run(sql: string, params: Params = []) {
      return Number(prepare(sql).run(...(params as SQLInputValue[])).changes);
    },
    tx: () => {
      throw new Error('transactions do not nest');
    },
    close: async () => {},
  };
  return { direct, prepare };
}

/** Every statement and transaction takes a turn: the function runs `fn` after all queued before it. */
function turns(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => undefined);
    return result;
  };
}

interface Writes {
  /** Queue a write in turn, after any checkpoint under way. */
  write<T>(fn: () => Promise<T>): Promise<T>;
  /** After a write: a checkpoint when the last is old enough. */
  wrote(): void;
  /** The checkpoint under way, if any. */
  held(): Promise<void> | undefined;
}

/**
 * Checkpoints. Writes are held from the start of one until the database file is on disk: the
 * first write after a checkpoint reuses the log from its start, overwriting pages whose copies
 * might otherwise not be on disk yet. Reads go on; the event loop waits only for the copy.
 */
function checkpointedWrites(
  database: DatabaseSync,
  inTurn: <T>(fn: () => Promise<T>) => Promise<T>,
  { logDurable, dbDurable }: { logDurable: Sync; dbDurable: Sync },
  state: { readonly closed: boolean },
  { memory, checkpointEveryMs }: { memory: boolean; checkpointEveryMs: number },
): Writes {
  let lastCheckpoint = Date.now();
  /** While a checkpoint runs: resolves when writes may start again. */
  let writesHeld: Promise<void> | undefined;
  const checkpoint = async () => {
    await inTurn(async () => {}); // the writes already queued
    await logDurable(); // what is copied must be on disk in the log first
    await inTurn(async () => {
      if (!state.closed) database.exec('PRAGMA wal_checkpoint(PASSIVE)');
    });
    await dbDurable();
  };
  /** After a write: a checkpoint when the last is `checkpointEveryMs` old. */
  const wrote = () => {
    if (memory || writesHeld || Date.now() - lastCheckpoint < checkpointEveryMs) return;
    writesHeld = checkpoint()
      .catch(() => undefined)
      .finally(() => {
        writesHeld = undefined;
        lastCheckpoint = Date.now();
      });
  };
  /** Queue a write in turn, after any checkpoint under way (queued at once when there is none, so
   * that a checkpoint starting meanwhile cannot pass it). */
  const write = <T>(fn: () => Promise<T>): Promise<T> =>
    writesHeld ? writesHeld.then(() => write(fn)) : inTurn(fn);
  return { write, wrote, held: () => writesHeld };
}

/**
 * Group commit: transactions that arrive together share one COMMIT (one fsync). Each runs in
 * its own savepoint, so one that throws is rolled back alone; none is acknowledged before the
 * sync that makes its COMMIT durable. The next batch need not wait for that sync.
 */
function groupCommit(
  database: DatabaseSync,
  prepare: (sql: string) => StatementSync,
  direct: Db,
  writes: Writes,
  committed: Sync,
  state: { readonly closed: boolean },
): Db['tx'] {
  interface Job {
    fn: (db: Db) => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  let batch: Job[] = [];
  const commitBatch = async () => {
    const jobs = batch;
    batch = [];
    if (state.closed) {
      for (const job of jobs) job.reject(new Error('the database is closed'));
      return;
    }
    const outcomes: { ok: boolean; value: unknown }[] = [];
    database.exec('BEGIN IMMEDIATE');
    for (const job of jobs) {
      prepare('SAVEPOINT job').run();
      try {
        const value = await job.fn(direct);
        prepare('RELEASE job').run();
        outcomes.push({ ok: true, value });
      } catch (error) {
        database.exec('ROLLBACK TO job');
        prepare('RELEASE job').run();
        outcomes.push({ ok: false, value: error });
      }
    }
    try {
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      for (const job of jobs) job.reject(error);
      return;
    }
    writes.wrote();
    void committed().then(
      () =>
        jobs.forEach((job, i) => {
          const outcome = outcomes[i] as { ok: boolean; value: unknown };
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.value);
        }),
      (error: unknown) => {
        for (const job of jobs) job.reject(error);
      },
    );
  };
  return <T>(fn: (db: Db) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      batch.push({ fn, resolve, reject } as Job);
      if (batch.length === 1) setImmediate(() => void writes.write(commitBatch));
    });
}
