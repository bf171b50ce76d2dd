/** The tournaments part of the store (../ports/tournaments.ts) over the shared SQL surface. */
import type { GameRecord, NewGame } from '../../engine/index.ts';
import type { Db } from '../db/index.ts';
import type {
  JoinAnswer,
  NewTournament,
  RoundPairing,
  Tournament,
  TournamentDetail,
  TournamentGame,
  TournamentStore,
} from '../ports/index.ts';
import { insertMail } from './mail.ts';

interface TournamentRow {
  id: number;
  name: string;
  creator: string;
  game_type: string;
  options: string;
  time_control: string | null;
  rated: number;
  format: Tournament['format'];
  rounds: number;
  max_players: number;
  starts_at: number | string | null;
  round_days: number | null;
  state: Tournament['state'];
  rounds_paired: number;
  created_at: number | string;
  started_at: number | string | null;
  finished_at: number | string | null;
}

const nullable = (v: number | string | null): number | null => (v === null ? null : Number(v));

const toTournament = (r: TournamentRow, entrants: readonly string[]): Tournament => ({
  id: Number(r.id),
  name: r.name,
  creator: r.creator,
  gameType: r.game_type,
  options: JSON.parse(r.options) as unknown,
  timeControl: r.time_control === null ? null : (JSON.parse(r.time_control) as Tournament['timeControl']),
  rated: Number(r.rated) === 1,
  format: r.format,
  rounds: Number(r.rounds),
  maxPlayers: Number(r.max_players),
  startsAt: nullable(r.starts_at),
  roundDays: nullable(r.round_days),
  state: r.state,
  roundsPaired: Number(r.rounds_paired),
  at: Number(r.created_at),
  startedAt: nullable(r.started_at),
  finishedAt: nullable(r.finished_at),
  entrants,
});

async function entrantsOf(q: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await q.all<{ tournament_id: number; user_id: string }>(
    `SELECT tournament_id, user_id FROM tournament_entrants WHERE tournament_id IN (${ids.map(() => '?').join(', ')})
     ORDER BY joined_at, user_id`,
    ids,
  );
  for (const r of rows) byId.get(Number(r.tournament_id))?.push(r.user_id);
  return byId;
}

async function withEntrants(q: Db, rows: readonly TournamentRow[]): Promise<Tournament[]> {
  const entrants = await entrantsOf(
    q,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toTournament(r, entrants.get(Number(r.id)) ?? []));
}

interface BoardRow {
  round: number;
  board: number;
  first_player: string;
  second_player: string | null;
  game_id: number | null;
  status: string | null;
  outcome: string | null;
}

const firstScore = (status: string | null, outcome: string | null): number | null => {
  if (status !== 'finished' || outcome === null) return null;
  const o = JSON.parse(outcome) as { kind: string; winner?: number };
  return o.kind === 'draw' ? 0.5 : o.kind === 'win' && o.winner === 0 ? 1 : 0;
};

const toBoard = (r: BoardRow): TournamentGame => ({
  round: Number(r.round),
  board: Number(r.board),
  first: r.first_player,
  second: r.second_player,
  gameId: nullable(r.game_id),
  status: r.status === null ? null : r.status === 'active' ? 'active' : 'finished',
  firstScore: firstScore(r.status, r.outcome),
  voided: r.status === 'void',
});

/** Thrown to roll a pairing back when its round was paired already. */
const ALREADY_PAIRED = new Error('the round was paired already');

/** Writes the boards, games and mails of a pairing; throws (rolling all back) if the round was paired or is not the next. */
async function writePairing(
  q: Db,
  p: RoundPairing,
  insertGame: (q: Db, game: NewGame) => Promise<GameRecord>,
): Promise<number[]> {
  const rounds = [...new Set(p.boards.map((b) => b.round))].sort((a, b) => a - b);
  // The guard: the round's row. A second pairing of the same round (a restart, another process)
  // finds it there (on PostgreSQL, waits for the first to commit) and writes nothing.
  for (const round of rounds) {
    const written = await q.run(
      `INSERT INTO tournament_rounds (tournament_id, round, paired_at, deadline) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
      [p.tournamentId, round, p.at, p.deadline],
    );
    if (written === 0) throw ALREADY_PAIRED;
  }
  const last = rounds.at(-1) ?? p.round;
  const moved = await q.run(
    `UPDATE tournaments SET rounds_paired = ?, state = 'running',
       rounds = CASE WHEN state = 'open' THEN ? ELSE rounds END,
       started_at = CASE WHEN state = 'open' THEN ? ELSE started_at END
     WHERE id = ? AND rounds_paired = ? AND state IN ('open', 'running')`,
    [last, p.start?.rounds ?? 0, p.at, p.tournamentId, p.round - 1],
  );
  if (moved === 0) throw new Error(`round ${p.round} is not the next round of tournament ${p.tournamentId}`);
  const ids: number[] = [];
  let game = 0;
  const boardNo = new Map<number, number>();
  for (const b of p.boards) {
    const board = (boardNo.get(b.round) ?? 0) + 1;
    boardNo.set(b.round, board);
    let gameId: number | null = null;
    if (b.second !== null) {
      const next = p.games[game++];
      if (!next) throw new Error('a pairing needs a game for every board of two players');
      gameId = (await insertGame(q, next)).id;
      ids.push(gameId);
    }
    await q.run(
      `INSERT INTO tournament_games (tournament_id, round, board, first_player, second_player, game_id)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [p.tournamentId, b.round, board, b.first, b.second, gameId],
    );
  }
  for (const mail of p.mails) await insertMail(q, mail);
  return ids;
}

async function detail(q: Db, id: number): Promise<TournamentDetail | undefined> {
  const [row] = await q.all<TournamentRow>('SELECT * FROM tournaments WHERE id = ?', [id]);
  if (!row) return undefined;
  const [tournament] = await withEntrants(q, [row]);
  if (!tournament) return undefined;
  const paired = await q.all<{ round: number; paired_at: number | string; deadline: number | string | null }>(
    'SELECT round, paired_at, deadline FROM tournament_rounds WHERE tournament_id = ? ORDER BY round',
    [id],
  );
  const boards = await q.all<BoardRow>(
    `SELECT t.round, t.board, t.first_player, t.second_player, t.game_id, g.status, g.outcome
     FROM tournament_games t LEFT JOIN games g ON g.id = t.game_id
     WHERE t.tournament_id = ? ORDER BY t.round, t.board`,
    [id],
  );
  return {
    ...tournament,
    paired: paired.map((r) => ({
      round: Number(r.round),
      pairedAt: Number(r.paired_at),
      deadline: nullable(r.deadline),
    })),
    games: boards.map(toBoard),
  };
}

export function sqlTournamentStore(
  db: Db,
  insertGame: (q: Db, game: NewGame) => Promise<GameRecord>,
  created: (gameIds: readonly number[]) => void,
): TournamentStore {
  /** The tournament's row locked to the commit on PostgreSQL (SQLite runs one transaction at a time). */
  const lockRow = async (q: Db, id: number) => {
    const forUpdate = q.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const [row] = await q.all<{ state: string; max_players: number }>(
      `SELECT state, max_players FROM tournaments WHERE id = ?${forUpdate}`,
      [id],
    );
    return row;
  };
  return {
    async createTournament(t: NewTournament) {
      const [row] = await db.all<TournamentRow>(
        `INSERT INTO tournaments (name, creator, game_type, options, time_control, rated, format, rounds, max_players,
           starts_at, round_days, state, rounds_paired, created_at, started_at, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?, NULL, NULL) RETURNING *`,
        [
          t.name,
          t.creator,
          t.gameType,
          JSON.stringify(t.options),
          t.timeControl === null ? null : JSON.stringify(t.timeControl),
          t.rated ? 1 : 0,
          t.format,
          t.rounds,
          t.maxPlayers,
          t.startsAt,
          t.roundDays,
          t.at,
        ],
      );
      if (!row) throw new Error('INSERT … RETURNING returned no row');
      return toTournament(row, []);
    },

    tournament: (id) => detail(db, id),

    async tournaments({ state, user, creator, limit }) {
      const where: string[] = [];
      const params: (string | number)[] = [];
      if (state) {
        where.push('t.state = ?');
        params.push(state);
      }
      if (creator) {
        where.push('t.creator = ?');
        params.push(creator);
      }
      if (user) {
        where.push(
          'EXISTS (SELECT 1 FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.user_id = ?)',
        );
        params.push(user);
      }
      const rows = await db.all<TournamentRow>(
        `SELECT t.* FROM tournaments t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY t.id DESC LIMIT ?`,
        [...params, limit],
      );
      return withEntrants(db, rows);
    },

    joinTournament: (id, user, at) =>
      db.tx(async (q): Promise<JoinAnswer> => {
        const row = await lockRow(q, id);
        if (!row) return 'not-found';
        if (row.state !== 'open') return 'not-open';
        const [count] = await q.all<{ n: number | string }>(
          'SELECT count(*) AS n FROM tournament_entrants WHERE tournament_id = ?',
          [id],
        );
        const written = await q.run(
          `INSERT INTO tournament_entrants (tournament_id, user_id, joined_at)
           SELECT ?, ?, ? WHERE ? < ? ON CONFLICT DO NOTHING`,
          [id, user, at, Number(count?.n ?? 0), Number(row.max_players)],
        );
        if (written === 1) return 'joined';
        const [mine] = await q.all(
          'SELECT 1 FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?',
          [id, user],
        );
        return mine ? 'already' : 'full';
      }),

    leaveTournament: (id, user) =>
      db.tx(async (q): Promise<JoinAnswer> => {
        const row = await lockRow(q, id);
        if (!row) return 'not-found';
        if (row.state !== 'open') return 'not-open';
        const gone = await q.run('DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?', [
          id,
          user,
        ]);
        return gone === 1 ? 'left' : 'not-entered';
      }),

    async pairRound(pairing) {
      try {
        const ids = await db.tx((q) => writePairing(q, pairing, insertGame));
        created(ids);
        return ids;
      } catch (error) {
        if (error === ALREADY_PAIRED) return false;
        throw error;
      }
    },

    async tournamentsToLookAt(now) {
      const rows = await db.all<{ id: number }>(
        `SELECT t.id FROM tournaments t WHERE (t.state = 'open' AND (t.starts_at <= ? OR (t.starts_at IS NULL AND
           (SELECT count(*) FROM tournament_entrants e WHERE e.tournament_id = t.id) >= t.max_players)))
         OR (t.state = 'running' AND NOT EXISTS (SELECT 1 FROM tournament_games b JOIN games g ON g.id = b.game_id
           WHERE b.tournament_id = t.id AND g.status = 'active'))
         OR (t.state = 'running' AND EXISTS (SELECT 1 FROM tournament_rounds r WHERE r.tournament_id = t.id
           AND r.round = t.rounds_paired AND r.deadline <= ?))
         ORDER BY t.id`,
        [now, now],
      );
      return rows.map((r) => Number(r.id));
    },

    async tournamentOfGame(gameId) {
      const [row] = await db.all<{ tournament_id: number }>(
        'SELECT tournament_id FROM tournament_games WHERE game_id = ?',
        [gameId],
      );
      return row ? Number(row.tournament_id) : undefined;
    },

    endTournament: (id, state, mails, at) =>
      db.tx(async (q) => {
        const ended = await q.run(
          `UPDATE tournaments SET state = ?, finished_at = ? WHERE id = ? AND state IN ('open', 'running')`,
          [state, at, id],
        );
        if (ended === 0) return false;
        for (const mail of mails) await insertMail(q, mail);
        return true;
      }),
  };
}
