/**
 * The embedded backend: node:sqlite on one file, WAL journal, synchronous=FULL (a committed move
 * survives a crash of the process or the machine). node:sqlite is synchronous and one connection
 * is shared, so every statement and transaction takes a turn on a queue: no other request's
 * statement can slip into an open transaction. Transactions requested together are committed
 * together (group commit), so a busy server pays for one fsync per batch, not per move.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Db, Params } from './db.ts';

/**
 * `full` (the default) syncs every commit to disk; `normal` leaves the sync to checkpoints:
 * still safe if the process dies, but a power cut may lose the last moments of moves.
 */
export type SqliteSync = 'full' | 'normal';

export function openSqlite(file: string, sync: SqliteSync = 'full'): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new DatabaseSync(file);
  try {
    database.exec('PRAGMA busy_timeout = 100');
    database.exec('PRAGMA journal_mode = WAL');
    database.exec(`PRAGMA synchronous = ${sync === 'normal' ? 'NORMAL' : 'FULL'}`);
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

  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => undefined);
    return result;
  };
  let closed = false;

  // Group commit: transactions that arrive together share one COMMIT (one fsync). Each runs in
  // its own savepoint, so one that throws is rolled back alone; none is acknowledged before the
  // COMMIT that makes it durable.
  interface Job {
    fn: (db: Db) => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  let batch: Job[] = [];
  const commitBatch = async () => {
    const jobs = batch;
    batch = [];
    if (closed) {
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
    jobs.forEach((job, i) => {
      const outcome = outcomes[i] as { ok: boolean; value: unknown };
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.value);
    });
  };

  return {
    dialect: 'sqlite',
    all: (sql, params) => inTurn(() => direct.all(sql, params)),
    run: (sql, params) => inTurn(() => direct.run(sql, params)),
    tx: <T>(fn: (db: Db) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        batch.push({ fn, resolve, reject } as Job);
        if (batch.length === 1) setImmediate(() => void inTurn(commitBatch));
      }),
    close: () =>
      inTurn(async () => {
        if (closed) return;
        closed = true;
        database.close();
      }),
  };
}
