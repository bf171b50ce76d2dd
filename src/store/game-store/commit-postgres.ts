/**
 * PostgreSQL's commit: a change is one call of the server-side function `tessera_commit`
 * (migration 7), in one round trip unless the game ends (it is then rated in the same
 * transaction); commits that arrive while others are under way go together in one statement.
 */
import type { Change, GameRecord } from '../../engine/index.ts';
import { batcher, type Db, type Params } from '../db/index.ts';
import { SNAPSHOT_EVERY } from '../ports/index.ts';
import { type GameRow, toRecord } from '../sql/index.ts';
import type { GameStoreContext } from './context.ts';
import { rate } from './rating.ts';
import { gameRowValues } from './rows.ts';

/** The arguments of `tessera_commit` (migration 7), from `?` parameters or from one JSON array's
 * elements `c.v` (several changes in one statement). */
const COMMIT_TYPES = [
  'integer',
  'integer',
  'text',
  'integer',
  'text',
  'text',
  'text',
  'bigint',
  'integer',
  'integer',
  'text',
  'integer',
  'bigint',
  'integer::boolean',
  'integer',
  'text',
];
const COMMIT_ONE = `SELECT * FROM tessera_commit(${COMMIT_TYPES.map((t) => `?::${t}`).join(', ')})`;
/** Changes committed in order, in one transaction; `n` numbers each answer by its change, from 1. */
const COMMIT_MANY = `SELECT c.n, r.* FROM json_array_elements(?::json) WITH ORDINALITY AS c (v, n),
  LATERAL tessera_commit(${COMMIT_TYPES.map((t, i) => `(c.v->>${i})::${t}`).join(', ')}) AS r`;
/** While this many commits are under way, further ones wait and then go together, up to a batch. */
const COMMITS_IN_FLIGHT = 4;
const COMMIT_BATCH = 64;

/** What `tessera_commit` answers: the game (its state only when the commit was refused) and,
 * after a commit, its queues as JSON by seat. */
interface CommitRow extends GameRow {
  committed: boolean;
  queues: string | null;
}

/** The arguments of `tessera_commit` for one change, in the order of `COMMIT_TYPES`. */
function commitParams(change: Change): Params {
  const move = change.move;
  const snapshot = move !== null && move.moveNo % SNAPSHOT_EVERY === 0;
  const queue = change.queue;
  return [
    change.gameId,
    change.version,
    ...gameRowValues(change),
    move?.moveNo ?? null,
    move?.seat ?? null,
    move?.text ?? null,
    move === null ? null : move.auto ? 1 : 0,
    move?.at ?? null,
    snapshot ? 1 : 0,
    queue?.seat ?? null,
    queue === undefined || queue.moves.length === 0 ? null : JSON.stringify(queue.moves),
  ];
}

/** Commits that are not the end of a game, several at once when the server is busy. */
function commitBatcher(db: Db): (params: Params) => Promise<CommitRow | undefined> {
  return batcher<Params, CommitRow | undefined>(
    async (batch) => {
      if (batch.length > 1) {
        try {
          const rows = await db.all<CommitRow & { n: number | string }>(COMMIT_MANY, [JSON.stringify(batch)]);
          const byNumber = new Map(rows.map((row) => [Number(row.n), row]));
          return batch.map((_, i) => ({ status: 'fulfilled', value: byNumber.get(i + 1) }));
        } catch (error) {
          // A change the database refused rolls back the whole statement: then each goes alone.
          // Without the database's answer (a lost connection) the batch may have been committed.
          if (!(error instanceof Error && 'severity' in error)) throw error;
        }
      }
      return Promise.allSettled(
        batch.map(async (params) => (await db.all<CommitRow>(COMMIT_ONE, params))[0]),
      );
    },
    { inFlight: COMMITS_IN_FLIGHT, maxBatch: COMMIT_BATCH },
  );
}

/** Commit a change on PostgreSQL: the game as committed, or undefined when it had moved on. */
export function postgresCommit({
  db,
  signals,
  cache,
}: GameStoreContext): (change: Change) => Promise<GameRecord | undefined> {
  const commitBatched = commitBatcher(db);
  return async (change) => {
    const move = change.move;
    const params = commitParams(change);
    const call = (q: Db) => q.all<CommitRow>(COMMIT_ONE, params);
    const settled = cache.watch(change.gameId);
    let row: CommitRow | undefined;
    let record: GameRecord | undefined;
    try {
      if (change.status === 'finished') {
        [row, record] = await db.tx(async (q) => {
          const [r] = await call(q);
          if (!r?.committed) return [r, undefined] as const;
          return [r, await rate(q, toRecord(r, change.state, cache.recent.get(change.gameId)))] as const;
        });
      } else {
        row = await commitBatched(params);
        if (row?.committed) record = toRecord(row, change.state, cache.recent.get(change.gameId));
      }
    } catch (error) {
      settled();
      throw error;
    }
    const clean = settled();
    if (!row) return undefined;
    if (!record) {
      // The game moved on: keep it as it now is, for the retry.
      cache.remember(toRecord(row), clean);
      return undefined;
    }
    const bySeat = new Map<number, readonly string[]>();
    for (const [seat, moves] of Object.entries(JSON.parse(row.queues ?? '{}') as Record<string, string[]>))
      bySeat.set(Number(seat), moves);
    cache.remember(record, clean);
    cache.queuesAt.set(record.id, { version: record.version, bySeat });
    signals.committed({
      kind: 'game',
      gameId: change.gameId,
      ...(move ? { move: { record: move, version: record.version } } : {}),
    });
    return record;
  };
}
