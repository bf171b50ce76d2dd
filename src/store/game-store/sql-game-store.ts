/**
 * The games part of the store (../ports/games.ts) over the shared SQL surface; both backends use it,
 * PostgreSQL committing a change through its server-side function (migration 7).
 */
import type {
  ChallengerCounts,
  Change,
  GameRecord,
  MoveRecord,
  NewGame,
  Takeback,
} from '../../engine/index.ts';
import {
  everyoneHasMoved,
  NEW_RATING,
  RATED_GAMES_PER_PAIR,
  RATED_PAIR_WINDOW_MS,
  type Rating,
  rateGame,
} from '../../engine/index.ts';
import type { Db, Params } from '../db/index.ts';
import { batcher } from '../db/index.ts';
import type { ChatRow, GameStore, ListFilter, RatingRow, Signals, Snapshot, Store } from '../ports/index.ts';
import { SNAPSHOT_EVERY } from '../ports/index.ts';
import {
  firstPlayerScore,
  type GameRow,
  insertClock,
  insertNotice,
  recordRatingChanges,
  recordTakeback,
  toRecord,
  WITHOUT_STATE,
} from '../sql/index.ts';

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
/** PostgreSQL: while this many reads of games (or of their logs) are under way, further ones wait
 * and then go together. */
const READS_IN_FLIGHT = 2;
const READ_BATCH = 100;

const MOVE_COLUMNS = 'move_no, seat, text, auto, at';
interface MoveRow {
  game_id: number;
  move_no: number;
  seat: number;
  text: string;
  auto: number;
  at: number | string;
}

/** What `tessera_commit` answers: the game (its state only when the commit was refused) and,
 * after a commit, its queues as JSON by seat. */
interface CommitRow extends GameRow {
  committed: boolean;
  queues: string | null;
}

interface RatingDbRow {
  user_id: string;
  rating: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

const toRating = (row: RatingDbRow): Rating => ({
  rating: Number(row.rating),
  games: Number(row.games),
  wins: Number(row.wins),
  losses: Number(row.losses),
  draws: Number(row.draws),
});

/**
 * The game `g` is a challenge its player `p` has not answered: someone else challenged them and
 * they have not moved in it yet (`hasMoved` in src/engine/turns.ts).
 */
const UNANSWERED = `(g.status = 'active' AND g.challenger IS NOT NULL AND g.challenger <> p.user_id
  AND g.move_count <= p.seat)`;

const RECENT_GAMES = 10_000;
/** What a challenger has: games they play, and their challenges not yet answered. */
async function challengerCounts(q: Db, challenger: string): Promise<ChallengerCounts> {
  const [playing] = await q.all<{ n: number | string }>(
    `SELECT count(*) AS n FROM games g JOIN game_players p ON p.game_id = g.id
     WHERE p.user_id = ? AND g.status = 'active' AND NOT ${UNANSWERED}`,
    [challenger],
  );
  const rows = await q.all<{ user_id: string; n: number | string }>(
    `SELECT p.user_id, count(*) AS n FROM game_players mine JOIN games g ON g.id = mine.game_id
       JOIN game_players p ON p.game_id = g.id
     WHERE mine.user_id = ? AND g.challenger = mine.user_id AND ${UNANSWERED} GROUP BY p.user_id`,
    [challenger],
  );
  return {
    playing: Number(playing?.n ?? 0),
    unanswered: new Map(rows.map((r) => [r.user_id, Number(r.n)])),
  };
}

export function sqlGameStore(
  db: Db,
  signals: Signals,
  kind: Store['kind'],
): GameStore & Pick<Store, 'listen' | 'takeBack'> {
  const one = async <T>(sql: string, params: Params) => (await db.all<T>(sql, params))[0];

  /**
   * Rate a two-player game that has just ended with a result, inside its commit. A game that
   * does not count (a player never moved, or the pair already has its rated games for the day)
   * is marked unrated instead; the record returned says which.
   */
  const rate = async (q: Db, record: GameRecord): Promise<GameRecord> => {
    const outcome = record.outcome;
    if (!record.rated || record.players.length !== 2 || !outcome || outcome.kind === 'loss') return record;
    const unrated = async () => {
      await q.run('UPDATE games SET rated = 0 WHERE id = ?', [record.id]);
      return { ...record, rated: false };
    };
    if (!everyoneHasMoved(record)) return unrated();
    const [a, b] = record.players as [string, string];
    if (q.dialect === 'postgres') {
      // Two games of one player ending at once must not both start from the same old rating,
      // nor two games of one pair both take the pair's last rated place: take each player's lock
      // (in one order, so two commits never wait on each other) before reading.
      for (const user of [a, b].sort()) {
        await q.all('SELECT pg_advisory_xact_lock(27002, hashtext(?::text))', [`${record.gameType}/${user}`]);
      }
    }
    const [pairGames] = await q.all<{ n: number | string }>(
      `SELECT count(*) AS n FROM games WHERE game_type = ? AND status = 'finished' AND rated = 1
         AND updated_at > ? AND id <> ? AND players IN (?, ?)`,
      [
        record.gameType,
        record.updatedAt - RATED_PAIR_WINDOW_MS,
        record.id,
        JSON.stringify([a, b]),
        JSON.stringify([b, a]),
      ],
    );
    if (Number(pairGames?.n ?? 0) >= RATED_GAMES_PER_PAIR) return unrated();
    const load = async (user: string) => {
      const row = (
        await q.all<RatingDbRow>('SELECT * FROM ratings WHERE game_type = ? AND user_id = ?', [
          record.gameType,
          user,
        ])
      )[0];
      return row ? toRating(row) : NEW_RATING;
    };
    const score = firstPlayerScore(outcome);
    const before = [await load(a), await load(b)] as const;
    const updated = rateGame(before[0], before[1], score);
    for (const [user, r] of [
      [a, updated[0]],
      [b, updated[1]],
    ] as const) {
      await q.run(
        `INSERT INTO ratings (game_type, user_id, rating, games, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (game_type, user_id) DO UPDATE SET rating = excluded.rating, games = excluded.games,
         wins = excluded.wins, losses = excluded.losses, draws = excluded.draws`,
        [record.gameType, user, r.rating, r.games, r.wins, r.losses, r.draws],
      );
    }
    const rated = {
      id: record.id,
      gameType: record.gameType,
      players: [a, b] as const,
      at: record.updatedAt,
    };
    await recordRatingChanges(q, rated, before, updated, score);
    return record;
  };

  // Recently used games, so a move does not parse the stored state again. Records and states are
  // never mutated (rules return new states), so a cached one can be shared.
  const recent = new Map<number, GameRecord>();
  // Queued moves by game and seat, kept only where this process is the only writer (SQLite) and
  // updated only after a commit. Forgotten wholesale when it grows large.
  const queues = kind === 'sqlite' ? new Map<string, readonly string[]>() : undefined;
  // PostgreSQL: other processes may change any game. While this process hears their signals, a
  // cached game that no signal has touched since it was read or committed (`unchanged`) is what a
  // move is computed on, with no read before its commit (`loadRecent`). The commit checks the
  // version itself, so a copy a moment behind (its signal still on the way) only costs a retry.
  // Readers (`loadGame`) still check the version: a client may have seen the change elsewhere.
  let listening = 0;
  const unchanged = new Set<number>();
  /** Games being read or committed now, and whether a signal touched them meanwhile. */
  const inFlight = new Map<number, { count: number; touched: boolean }>();
  /** Queued moves by seat as the commit of a game's `version` left them (a fact of that version). */
  const queuesAt = new Map<number, { version: number; bySeat: ReadonlyMap<number, readonly string[]> }>();
  const remember = (record: GameRecord, untouched = false): GameRecord => {
    recent.delete(record.id);
    recent.set(record.id, record);
    if (recent.size > RECENT_GAMES) {
      const oldest = recent.keys().next().value as number;
      recent.delete(oldest);
      unchanged.delete(oldest);
      queuesAt.delete(oldest);
    }
    if (queues && queues.size > 2 * RECENT_GAMES) queues.clear();
    if (untouched && listening > 0) unchanged.add(record.id);
    else unchanged.delete(record.id);
    return record;
  };
  /** Watch a game while it is read or committed; the function returned says whether no signal
   * touched it meanwhile. */
  const watch = (id: number): (() => boolean) => {
    let entry = inFlight.get(id);
    if (!entry) {
      entry = { count: 0, touched: false };
      inFlight.set(id, entry);
    }
    entry.count++;
    const watched = entry;
    return () => {
      watched.count--;
      if (watched.count === 0 && inFlight.get(id) === watched) inFlight.delete(id);
      return !watched.touched;
    };
  };
  /** Another process changed `gameId` (or, when undefined, any game): forget what it was. */
  const touched = (gameId?: number) => {
    if (gameId === undefined) {
      unchanged.clear();
      queuesAt.clear();
      for (const entry of inFlight.values()) entry.touched = true;
      return;
    }
    // It has changed: the next reader reads it whole, with no version check first.
    recent.delete(gameId);
    unchanged.delete(gameId);
    queuesAt.delete(gameId);
    const entry = inFlight.get(gameId);
    if (entry) entry.touched = true;
  };
  /**
   * PostgreSQL: whole games asked for while earlier reads are under way, read in one query. One
   * notification of another process's commits sets every game it names to be read back at once,
   * and a query apiece cost more CPU, mostly in the socket writes, than the moves themselves.
   */
  const readRows: (id: number) => Promise<GameRow | undefined> =
    kind === 'postgres'
      ? batcher<number, GameRow | undefined>(
          async (ids) => {
            const rows =
              ids.length === 1
                ? await db.all<GameRow>('SELECT * FROM games WHERE id = ?', ids)
                : await db.all<GameRow>(
                    'SELECT * FROM games WHERE id IN (SELECT json_array_elements_text(?::json)::integer)',
                    [JSON.stringify(ids)],
                  );
            const byId = new Map(rows.map((row) => [Number(row.id), row]));
            return ids.map((id) => ({ status: 'fulfilled', value: byId.get(id) }));
          },
          { inFlight: READS_IN_FLIGHT, maxBatch: READ_BATCH },
        )
      : (id) => one<GameRow>('SELECT * FROM games WHERE id = ?', [id]);
  /** PostgreSQL: the moves of several games after a move number each, asked for together. */
  const readLogs: (game: readonly [id: number, after: number]) => Promise<MoveRow[]> =
    kind === 'postgres'
      ? batcher<readonly [number, number], MoveRow[]>(
          async (games) => {
            const after = new Map<number, number>();
            for (const [id, from] of games) after.set(id, Math.min(from, after.get(id) ?? from));
            const rows =
              games.length === 1
                ? await db.all<MoveRow>(
                    `SELECT game_id, ${MOVE_COLUMNS} FROM moves WHERE game_id = ? AND move_no > ? ORDER BY move_no`,
                    games[0] as readonly [number, number],
                  )
                : await db.all<MoveRow>(
                    `SELECT m.game_id, ${MOVE_COLUMNS.replace(/(\w+)/g, 'm.$1')} FROM json_array_elements(?::json) AS k (v)
                       JOIN moves m ON m.game_id = (k.v->>0)::integer AND m.move_no > (k.v->>1)::integer
                       ORDER BY m.game_id, m.move_no`,
                    [JSON.stringify([...after])],
                  );
            return games.map(([id, from]) => ({
              status: 'fulfilled',
              value: rows.filter((r) => Number(r.game_id) === id && Number(r.move_no) > from),
            }));
          },
          { inFlight: READS_IN_FLIGHT, maxBatch: READ_BATCH },
        )
      : ([id, after]) =>
          db.all<MoveRow>(
            `SELECT game_id, ${MOVE_COLUMNS} FROM moves WHERE game_id = ? AND move_no > ? ORDER BY move_no`,
            [id, after],
          );
  /** Read a game from the database and cache it. */
  const readGame = async (id: number): Promise<GameRecord | undefined> => {
    const settled = watch(id);
    let row: GameRow | undefined;
    try {
      row = await readRows(id);
    } catch (error) {
      settled();
      throw error;
    }
    const clean = settled();
    return row ? remember(toRecord(row), clean) : undefined;
  };

  const loadGame = async (id: number): Promise<GameRecord | undefined> => {
    const cached = recent.get(id);
    // SQLite: this process is the only writer, so the cached copy is current.
    if (cached && kind === 'sqlite') return cached;
    if (cached) {
      // Another process may have changed it: the version says whether the copy is current.
      const settled = watch(id);
      let stored: { version: number } | undefined;
      try {
        stored = await one<{ version: number }>('SELECT version FROM games WHERE id = ?', [id]);
      } catch (error) {
        settled();
        throw error;
      }
      const clean = settled();
      if (stored && Number(stored.version) === cached.version) return remember(cached, clean);
    }
    return readGame(id);
  };

  /** PostgreSQL: commits that are not the end of a game, several at once when the server is busy. */
  const commitBatched = batcher<Params, CommitRow | undefined>(
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

  /**
   * PostgreSQL: the change in one call of the server-side function (migration 7), in one round
   * trip unless the game ends (it is then rated in the same transaction).
   */
  const commitOnPostgres = async (change: Change): Promise<GameRecord | undefined> => {
    const move = change.move;
    const snapshot = move !== null && move.moveNo % SNAPSHOT_EVERY === 0;
    const queue = change.queue;
    const params = [
      change.gameId,
      change.version,
      JSON.stringify(change.state),
      change.moveCount,
      change.status,
      change.outcome === null ? null : JSON.stringify(change.outcome),
      change.toMove,
      change.at,
      move?.moveNo ?? null,
      move?.seat ?? null,
      move?.text ?? null,
      move === null ? null : move.auto ? 1 : 0,
      move?.at ?? null,
      snapshot ? 1 : 0,
      queue?.seat ?? null,
      queue === undefined || queue.moves.length === 0 ? null : JSON.stringify(queue.moves),
    ];
    const call = (q: Db) => q.all<CommitRow>(COMMIT_ONE, params);
    const settled = watch(change.gameId);
    let row: CommitRow | undefined;
    let record: GameRecord | undefined;
    try {
      if (change.status === 'finished') {
        [row, record] = await db.tx(async (q) => {
          const [r] = await call(q);
          if (!r?.committed) return [r, undefined] as const;
          return [r, await rate(q, toRecord(r, change.state, recent.get(change.gameId)))] as const;
        });
      } else {
        row = await commitBatched(params);
        if (row?.committed) record = toRecord(row, change.state, recent.get(change.gameId));
      }
    } catch (error) {
      settled();
      throw error;
    }
    const clean = settled();
    if (!row) return undefined;
    if (!record) {
      // The game moved on: keep it as it now is, for the retry.
      remember(toRecord(row), clean);
      return undefined;
    }
    const bySeat = new Map<number, readonly string[]>();
    for (const [seat, moves] of Object.entries(JSON.parse(row.queues ?? '{}') as Record<string, string[]>))
      bySeat.set(Number(seat), moves);
    remember(record, clean);
    queuesAt.set(record.id, { version: record.version, bySeat });
    signals.committed({
      kind: 'game',
      gameId: change.gameId,
      ...(move ? { move: { record: move, version: record.version } } : {}),
    });
    return record;
  };

  return {
    async createGame(game: NewGame) {
      const created = await db.tx(async (q) => {
        if (game.guard) {
          // PostgreSQL: the challenger's lock, held to the commit, first: a parallel challenge by
          // the same player waits for this one's insert, then counts it (each statement of a
          // read-committed transaction sees what committed before it). SQLite runs its
          // transactions one at a time already.
          if (q.dialect === 'postgres')
            await q.all('SELECT pg_advisory_xact_lock(27005, hashtext(?::text))', [game.guard.challenger]);
          const refused = game.guard.check(await challengerCounts(q, game.guard.challenger));
          if (refused !== undefined) return { refused };
        }
        const [row] = await q.all<GameRow>(
          `INSERT INTO games (game_type, options, seed, players, challenger, status, outcome, move_count, version,
             state, to_move, rated, compact, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 'active', NULL, 0, 0, ?, ?, ?, ?, ?, ?) RETURNING *`,
          [
            game.gameType,
            JSON.stringify(game.options),
            game.seed,
            JSON.stringify(game.players),
            game.challenger,
            JSON.stringify(game.state),
            game.toMove,
            game.rated ? 1 : 0,
            game.compact ? 1 : 0,
            game.at,
            game.at,
          ],
        );
        if (!row) throw new Error('INSERT … RETURNING returned no row');
        for (const [seat, user] of game.players.entries()) {
          await q.run('INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)', [
            row.id,
            seat,
            user,
          ]);
        }
        await insertSnapshots(q, Number(row.id), [{ moveNo: 0, state: game.state }]);
        // The challenged hear of the game by the challenge mail (../schema/mail.ts); anyone else
        // to move first gets a mail for move 1 they can answer with the bare move.
        if (game.toMove !== null && (game.challenger === null || game.toMove === game.challenger)) {
          await insertNotice(q, {
            user: game.toMove,
            kind: 'move',
            gameId: Number(row.id),
            moveNo: 0,
            at: game.at,
          });
        }
        if (game.timeControl) await insertClock(q, Number(row.id), game.timeControl, game.at);
        return toRecord(row, game.state);
      });
      if ('refused' in created) return created;
      signals.committed({ kind: 'game', gameId: created.id });
      // Not taken for current on PostgreSQL: another process may have touched it already.
      return remember(created);
    },

    loadGame,

    // PostgreSQL: for a change, a copy no signal has touched since it was read or committed.
    ...(kind === 'postgres'
      ? {
          loadRecent: (id: number) => {
            const cached = recent.get(id);
            return cached && unchanged.has(id) ? Promise.resolve(cached) : loadGame(id);
          },
        }
      : {}),

    async commit(change: Change) {
      if (db.dialect === 'postgres') return commitOnPostgres(change);
      const snapshot = change.move !== null && change.move.moveNo % SNAPSHOT_EVERY === 0;
      const committed = await db.tx(async (q) => {
        const [row] = await q.all<GameRow>(
          `UPDATE games SET state = ?, move_count = ?, status = ?, outcome = ?, to_move = ?, version = version + 1,
             updated_at = ? WHERE id = ? AND version = ? RETURNING ${WITHOUT_STATE}`,
          [
            JSON.stringify(change.state),
            change.moveCount,
            change.status,
            change.outcome === null ? null : JSON.stringify(change.outcome),
            change.toMove,
            change.at,
            change.gameId,
            change.version,
          ],
        );
        if (!row) return undefined;
        const record = toRecord(row, change.state, recent.get(change.gameId));
        const move = change.move;
        if (move) {
          await q.run(
            'INSERT INTO moves (game_id, move_no, seat, text, auto, at) VALUES (?, ?, ?, ?, ?, ?)',
            [change.gameId, move.moveNo, move.seat, move.text, move.auto ? 1 : 0, move.at],
          );
          if (snapshot)
            await insertSnapshots(q, change.gameId, [{ moveNo: move.moveNo, state: change.state }]);
        }
        if (change.queue) await writeQueue(q, change.gameId, change.queue.seat, change.queue.moves);
        return change.status === 'finished' ? rate(q, record) : record;
      });
      if (!committed) return undefined;
      if (change.queue) queues?.set(`${change.gameId}/${change.queue.seat}`, [...change.queue.moves]);
      signals.committed({ kind: 'game', gameId: change.gameId });
      // Remembered only once committed: a rolled-back version must never be taken as current.
      return remember(committed);
    },

    /** Moves taken back by agreement (../ports/takebacks.ts): the game's row and the rest in one transaction. */
    async takeBack(t: Takeback) {
      const settled = watch(t.gameId);
      let committed: GameRecord | undefined;
      try {
        committed = await db.tx(async (q) => {
          const [row] = await q.all<GameRow>(
            `UPDATE games SET state = ?, move_count = ?, to_move = ?, version = version + 1, updated_at = ?
               WHERE id = ? AND version = ? AND status = 'active' RETURNING ${WITHOUT_STATE}`,
            [JSON.stringify(t.state), t.moveCount, t.toMove, t.at, t.gameId, t.version],
          );
          if (!row) return undefined;
          await recordTakeback(q, t);
          return toRecord(row, t.state, recent.get(t.gameId));
        });
      } finally {
        settled();
      }
      if (!committed) return undefined;
      for (let seat = 0; seat < committed.players.length; seat++) queues?.delete(`${t.gameId}/${seat}`);
      queuesAt.delete(t.gameId);
      signals.committed({ kind: 'game', gameId: t.gameId });
      return remember(committed);
    },

    async moveLog(gameId, after, limit) {
      const rows =
        limit === undefined
          ? await readLogs([gameId, after])
          : await db.all<MoveRow>(
              `SELECT game_id, ${MOVE_COLUMNS} FROM moves WHERE game_id = ? AND move_no > ? ORDER BY move_no LIMIT ?`,
              [gameId, after, limit],
            );
      return rows.map(
        (r): MoveRecord => ({
          moveNo: Number(r.move_no),
          seat: Number(r.seat),
          text: r.text,
          auto: Number(r.auto) === 1,
          at: Number(r.at),
        }),
      );
    },

    async snapshot(gameId, moveNo) {
      const row = await one<{ move_no: number; state: string }>(
        'SELECT move_no, state FROM snapshots WHERE game_id = ? AND move_no <= ? ORDER BY move_no DESC LIMIT 1',
        [gameId, moveNo],
      );
      return row && { moveNo: Number(row.move_no), state: JSON.parse(row.state) };
    },

    async saveSnapshots(gameId, snapshots) {
      if (snapshots.length > 0) await db.tx((q) => insertSnapshots(q, gameId, snapshots));
    },

    async queuedMoves(gameId, seat, version) {
      // Asked after every move; SQLite's single writer may answer from memory, and PostgreSQL
      // from what the game's last commit answered while that is still its current version.
      const known = queues?.get(`${gameId}/${seat}`);
      if (known) return known;
      const at = queuesAt.get(gameId);
      if (at && version !== undefined && at.version === version) return at.bySeat.get(seat) ?? [];
      const row = await one<{ moves: string }>('SELECT moves FROM queues WHERE game_id = ? AND seat = ?', [
        gameId,
        seat,
      ]);
      const moves = row ? (JSON.parse(row.moves) as string[]) : [];
      queues?.set(`${gameId}/${seat}`, moves);
      return moves;
    },

    async setQueue(gameId, seat, moves) {
      queuesAt.delete(gameId);
      await db.tx((q) => writeQueue(q, gameId, seat, moves));
      queues?.set(`${gameId}/${seat}`, [...moves]);
      // The game's version stays: other processes must be told to forget the queues they hold.
      if (kind === 'postgres') signals.committed({ kind: 'game', gameId });
    },

    async listGames(userId: string, filter: ListFilter, gameType: string | null, limit: number) {
      const where = ['p.user_id = ?'];
      const params: (string | number)[] = [userId];
      if (gameType !== null) {
        where.push('g.game_type = ?');
        params.push(gameType);
      }
      if (filter === 'active') where.push("g.status = 'active'");
      if (filter === 'inactive') where.push("g.status <> 'active'");
      if (filter === 'next') {
        where.push('g.to_move = ?');
        params.push(userId);
      }
      if (filter === 'challenges') where.push(UNANSWERED);
      params.push(limit);
      // The games the user plays come first, so challenges to them cannot crowd those out (lists
      // of ended games or of challenges alone hold one kind, newest first as the index has them).
      const mixed = filter !== 'inactive' && filter !== 'challenges';
      const rows = await db.all<GameRow>(
        `SELECT g.* FROM games g JOIN game_players p ON p.game_id = g.id WHERE ${where.join(' AND ')}
         ORDER BY ${mixed ? `CASE WHEN ${UNANSWERED} THEN 1 ELSE 0 END, ` : ''}g.id DESC LIMIT ?`,
        params,
      );
      return rows.map((row) => toRecord(row));
    },

    async playingCount(userId) {
      return (await challengerCounts(db, userId)).playing;
    },

    async unansweredChallenges(challenger) {
      return (await challengerCounts(db, challenger)).unanswered;
    },

    async finishedGames(gameType, limit) {
      const rows = await db.all<GameRow>(
        "SELECT * FROM games WHERE game_type = ? AND status <> 'active' ORDER BY updated_at DESC, id DESC LIMIT ?",
        [gameType, limit],
      );
      return rows.map((row) => toRecord(row));
    },

    async archivedGames(userId, gameType, from, limit) {
      // Through the player's endings (../schema/endings.ts), in the index's order: a page by key reads
      // only its own rows. A challenge declined before any move is no game to look back on.
      const keyset = typeof from !== 'number';
      // An offset is skipped inside the index alone (no game row read for the rows it skips).
      const rows = await db.all<GameRow & { ended_at: number | string }>(
        `SELECT ${WITHOUT_STATE.replace(/(\w+)/g, 'g.$1')}, e.ended_at FROM (
           SELECT game_id, ended_at FROM game_endings
           WHERE user_id = ?${gameType === null ? '' : ' AND game_type = ?'}
             ${keyset ? 'AND (ended_at < ? OR (ended_at = ? AND game_id < ?))' : ''}
           ORDER BY ended_at DESC, game_id DESC LIMIT ?${keyset ? '' : ' OFFSET ?'}
         ) e JOIN games g ON g.id = e.game_id
         ORDER BY e.ended_at DESC, e.game_id DESC`,
        [
          userId,
          ...(gameType === null ? [] : [gameType]),
          ...(keyset ? [from.endedAt, from.endedAt, from.gameId, limit] : [limit, from]),
        ],
      );
      return rows.map((row) => ({ ...toRecord(row, null), endedAt: Number(row.ended_at) }));
    },

    async liveGames(gameType, limit) {
      // With a type, the (game_type, status, updated_at) index answers it.
      const rows = await db.all<GameRow>(
        `SELECT * FROM games WHERE status = 'active'${gameType === null ? '' : ' AND game_type = ?'}
         ORDER BY updated_at DESC, id DESC LIMIT ?`,
        gameType === null ? [limit] : [gameType, limit],
      );
      return rows.map((row) => toRecord(row));
    },

    async addChat(gameId, user, text, at) {
      const [row] = await db.all<{ id: number }>(
        'INSERT INTO chat (game_id, user_id, text, at) VALUES (?, ?, ?, ?) RETURNING id',
        [gameId, user, text, at],
      );
      signals.committed({ kind: 'chat', gameId });
      return { id: Number(row?.id), gameId, user, text, at };
    },

    async chat(gameId, limit) {
      const rows = await db.all<{ id: number; user_id: string; text: string; at: number | string }>(
        'SELECT id, user_id, text, at FROM chat WHERE game_id = ? ORDER BY id DESC LIMIT ?',
        [gameId, limit],
      );
      return rows
        .reverse()
        .map((r): ChatRow => ({ id: Number(r.id), gameId, user: r.user_id, text: r.text, at: Number(r.at) }));
    },

    async ratings(gameType) {
      const rows = await db.all<RatingDbRow>(
        'SELECT * FROM ratings WHERE game_type = ? ORDER BY rating DESC, user_id',
        [gameType],
      );
      return rows.map((r): RatingRow => ({ user: r.user_id, ...toRating(r) }));
    },

    async listen(onSignal) {
      // While this listener hears every signal, cached games no signal touched are up to date.
      let state: 'starting' | 'up' | 'down' | 'stopped' = 'starting';
      const up = () => {
        state = 'up';
        listening++;
      };
      const down = (next: 'down' | 'stopped') => {
        if (state === 'up') listening--;
        state = next;
        touched();
      };
      const stop = await signals.listen(
        (signal) => {
          // Forgotten before anyone is told, so whoever reads the game next reads it afresh.
          if (signal.kind === 'game') touched(signal.gameId);
          if (signal.kind === 'resync') {
            touched();
            if (state === 'down') up();
          }
          onSignal(signal);
        },
        () => {
          if (state !== 'stopped') down('down');
        },
      );
      if (state === 'starting') up();
      return async () => {
        down('stopped');
        await stop();
      };
    },
  };
}

async function insertSnapshots(q: Db, gameId: number, snapshots: readonly Snapshot[]): Promise<void> {
  for (const s of snapshots) {
    await q.run(
      'INSERT INTO snapshots (game_id, move_no, state) VALUES (?, ?, ?) ON CONFLICT (game_id, move_no) DO NOTHING',
      [gameId, s.moveNo, JSON.stringify(s.state)],
    );
  }
}

async function writeQueue(q: Db, gameId: number, seat: number, moves: readonly string[]): Promise<void> {
  if (moves.length === 0) {
    await q.run('DELETE FROM queues WHERE game_id = ? AND seat = ?', [gameId, seat]);
  } else {
    await q.run(
      `INSERT INTO queues (game_id, seat, moves) VALUES (?, ?, ?)
       ON CONFLICT (game_id, seat) DO UPDATE SET moves = excluded.moves`,
      [gameId, seat, JSON.stringify(moves)],
    );
  }
}
