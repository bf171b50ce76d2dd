/**
 * The schema, as numbered migrations applied at start-up in order, each in its own transaction,
 * recorded in `schema_migrations`. Never edit a released migration: add the next one.
 * Tokens: {id} an auto-numbered key, {time} milliseconds since 1970, {real} a float.
 */

import type { Db, Dialect } from '../db/index.ts';
import { ANALYSIS_MIGRATION } from './analyses.ts';
import { BINDING_MIGRATION } from './binding.ts';
import { BLOCKS_MIGRATION } from './blocks.ts';
import { BUDGET_MIGRATION } from './budgets.ts';
import { CLOCK_MIGRATION } from './clocks.ts';
import { COMMIT_FUNCTION_MIGRATION, MOVE_LOG_IN_COMMIT_MIGRATION } from './commit-function.ts';
import { DAILY_MIGRATION } from './daily.ts';
import { ENDINGS_MIGRATION } from './endings.ts';
import { GLICKO_MIGRATION } from './glicko.ts';
import { INTRICACY_ACCOUNT_MIGRATION } from './intricacy-account.ts';
import { LESSONS_MIGRATION } from './lessons.ts';
import { MAIL_MIGRATION } from './mail.ts';
import { MAIL_IN_MIGRATION } from './mail-in.ts';
import { RATING_HISTORY_MIGRATION } from './rating-history.ts';
import { SEEK_MIGRATION } from './seeks.ts';
import { TAKEBACK_MIGRATION } from './takebacks.ts';
import { TOURNAMENT_MIGRATION } from './tournaments.ts';
import { WARPWEFT_OWNERS_MIGRATION } from './warpweft-owners.ts';

interface Migration {
  readonly version: number;
  /** A migration for one backend only (say, a server-side function); the other just records it. */
  readonly only?: Dialect;
  /** A statement, or one per backend where their SQL differs (a trigger, say). */
  readonly statements: readonly (string | { readonly [D in Dialect]: string })[];
  /** Then, in the same transaction, what SQL alone cannot do (say, filling a new table by replay). */
  readonly after?: (q: Db) => Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE users (id TEXT PRIMARY KEY, pass_hash TEXT NOT NULL, salt TEXT NOT NULL,
        created_at {time} NOT NULL)`,
      `CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_at {time} NOT NULL)`,
      'CREATE INDEX sessions_user ON sessions (user_id)',
      `CREATE TABLE games (id {id}, game_type TEXT NOT NULL, options TEXT NOT NULL, seed {time} NOT NULL,
        players TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT, move_count INTEGER NOT NULL,
        version INTEGER NOT NULL, state TEXT NOT NULL, to_move TEXT, rated INTEGER NOT NULL, compact INTEGER NOT NULL,
        created_at {time} NOT NULL, updated_at {time} NOT NULL)`,
      'CREATE INDEX games_type_status ON games (game_type, status, updated_at)',
      'CREATE INDEX games_to_move ON games (to_move)',
      `CREATE TABLE game_players (game_id INTEGER NOT NULL REFERENCES games (id), seat INTEGER NOT NULL,
        user_id TEXT NOT NULL, PRIMARY KEY (game_id, seat))`,
      'CREATE INDEX game_players_user ON game_players (user_id, game_id)',
      `CREATE TABLE moves (game_id INTEGER NOT NULL REFERENCES games (id), move_no INTEGER NOT NULL,
        seat INTEGER NOT NULL, text TEXT NOT NULL, auto INTEGER NOT NULL, at {time} NOT NULL,
        PRIMARY KEY (game_id, move_no))`,
      `CREATE TABLE queues (game_id INTEGER NOT NULL REFERENCES games (id), seat INTEGER NOT NULL,
        moves TEXT NOT NULL, PRIMARY KEY (game_id, seat))`,
      `CREATE TABLE chat (id {id}, game_id INTEGER NOT NULL REFERENCES games (id), user_id TEXT NOT NULL,
        text TEXT NOT NULL, at {time} NOT NULL)`,
      'CREATE INDEX chat_game ON chat (game_id, id)',
      `CREATE TABLE ratings (game_type TEXT NOT NULL, user_id TEXT NOT NULL, rating {real} NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, losses INTEGER NOT NULL, draws INTEGER NOT NULL,
        PRIMARY KEY (game_type, user_id))`,
      `CREATE TABLE rejections (user_id TEXT NOT NULL, game_type TEXT NOT NULL,
        PRIMARY KEY (user_id, game_type))`,
    ],
  },
  {
    // The Intricacy metagame: an append-only action log (the world is its replay) and each
    // account's one codename.
    version: 2,
    statements: [
      `CREATE TABLE intricacy_actions (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL,
        at {time} NOT NULL)`,
      'CREATE TABLE intricacy_codenames (user_id TEXT PRIMARY KEY, codename TEXT NOT NULL UNIQUE)',
    ],
  },
  {
    // Who issued a challenge, so clients tell "waiting for them" from "asked of me".
    version: 3,
    statements: ['ALTER TABLE games ADD COLUMN challenger TEXT'],
  },
  {
    // The start and the state after every SNAPSHOT_EVERY-th move: any position is a short replay away.
    version: 4,
    statements: [
      `CREATE TABLE snapshots (game_id INTEGER NOT NULL REFERENCES games (id), move_no INTEGER NOT NULL,
        state TEXT NOT NULL, PRIMARY KEY (game_id, move_no))`,
    ],
  },
  {
    // The Intricacy metagame's world as of one log entry, in parts, so a start replays only what
    // follows it and a save writes only the parts that changed.
    version: 6,
    statements: [
      'CREATE TABLE intricacy_world (id INTEGER PRIMARY KEY, seq INTEGER NOT NULL, format INTEGER NOT NULL)',
      'INSERT INTO intricacy_world (id, seq, format) VALUES (1, 0, 0)',
      'CREATE TABLE intricacy_world_parts (part TEXT PRIMARY KEY, body TEXT NOT NULL)',
    ],
  },
  COMMIT_FUNCTION_MIGRATION,
  MAIL_MIGRATION,
  CLOCK_MIGRATION,
  MAIL_IN_MIGRATION,
  TAKEBACK_MIGRATION,
  INTRICACY_ACCOUNT_MIGRATION,
  RATING_HISTORY_MIGRATION,
  ENDINGS_MIGRATION,
  BUDGET_MIGRATION,
  ANALYSIS_MIGRATION,
  LESSONS_MIGRATION,
  SEEK_MIGRATION,
  BLOCKS_MIGRATION,
  GLICKO_MIGRATION,
  DAILY_MIGRATION,
  TOURNAMENT_MIGRATION,
  WARPWEFT_OWNERS_MIGRATION,
  BINDING_MIGRATION,
  MOVE_LOG_IN_COMMIT_MIGRATION,
];

export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

const TOKENS: Record<Dialect, Record<string, string>> = {
  sqlite: { '{id}': 'INTEGER PRIMARY KEY AUTOINCREMENT', '{time}': 'INTEGER', '{real}': 'REAL' },
  postgres: { '{id}': 'SERIAL PRIMARY KEY', '{time}': 'BIGINT', '{real}': 'DOUBLE PRECISION' },
};

export const inDialect = (sql: string, dialect: Dialect): string =>
  sql.replace(/\{\w+\}/g, (token) => TOKENS[dialect][token] ?? token);

/** Brings the schema up to date (or up to version `through`, for a test of one migration's
 * upgrade); several processes may start at once. */
export async function migrate(db: Db, through = SCHEMA_VERSION): Promise<void> {
  await db.tx(async (q) => {
    // Serialise concurrent start-ups (SQLite's BEGIN IMMEDIATE already does).
    if (q.dialect === 'postgres') await q.all('SELECT pg_advisory_xact_lock(27001)');
    await q.run(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
    );
    const done = new Set(
      (await q.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) =>
        Number(r.version),
      ),
    );
    const newest = Math.max(0, ...done);
    if (newest > SCHEMA_VERSION) {
      throw new Error(
        `the database has schema version ${newest}; this Tessera knows up to ${SCHEMA_VERSION}`,
      );
    }
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version) || migration.version > through) continue;
      if (migration.only === undefined || migration.only === q.dialect) {
        for (const statement of migration.statements) {
          const sql = typeof statement === 'string' ? statement : statement[q.dialect];
          await q.run(inDialect(sql, q.dialect));
        }
        await migration.after?.(q);
      }
      await q.run('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', [
        migration.version,
        Date.now(),
      ]);
    }
  });
}
