/**
 * Challenges: creating a game (a challenge accepted or made against the computer), with the
 * challenger's limits checked in the same transaction, and what a challenger has under way.
 */
import type { ChallengerCounts, GameRecord, NewGame } from '../../engine/index.ts';
import type { Db } from '../db/index.ts';
import type { GameStore } from '../ports/index.ts';
import { claimSeek, type GameRow, insertClock, insertNotice, toRecord } from '../sql/index.ts';
import type { GameStoreContext } from './context.ts';
import { insertSnapshots, UNANSWERED } from './rows.ts';

/** Active games a player plays, challenges to them they have not answered left out. */
async function playingCount(q: Db, user: string): Promise<number> {
  const [playing] = await q.all<{ n: number | string }>(
    `SELECT count(*) AS n FROM games g JOIN game_players p ON p.game_id = g.id
     WHERE p.user_id = ? AND g.status = 'active' AND NOT ${UNANSWERED}`,
    [user],
  );
  return Number(playing?.n ?? 0);
}

/** What a challenger has: games they play, and their challenges not yet answered. */
async function challengerCounts(q: Db, challenger: string): Promise<ChallengerCounts> {
  const rows = await q.all<{ user_id: string; n: number | string }>(
    `SELECT p.user_id, count(*) AS n FROM game_players mine JOIN games g ON g.id = mine.game_id
       JOIN game_players p ON p.game_id = g.id
     WHERE mine.user_id = ? AND g.challenger = mine.user_id AND ${UNANSWERED} GROUP BY p.user_id`,
    [challenger],
  );
  return {
    playing: await playingCount(q, challenger),
    unanswered: new Map(rows.map((r) => [r.user_id, Number(r.n)])),
  };
}

/**
 * Inside the caller's transaction: a new game's rows (the game, its seats, its first snapshot, the
 * first mover's notice, its clock). Every game is created by this, whatever creates it.
 */
export async function insertGame(q: Db, game: NewGame): Promise<GameRecord> {
  const [row] = await q.all<GameRow>(
    `INSERT INTO games (game_type, options, seed, players, challenger, status, outcome, move_count, version,
         state, to_move, rated, compact, binding, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'active', NULL, 0, 0, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
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
      game.binding ? 1 : 0,
      game.at,
      game.at,
    ],
  );
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  for (const [seat, user] of game.players.entries()) {
    await q.run('INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)', [row.id, seat, user]);
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
  // A taken open challenge: the player not to move hears the game began (the other's move mail
  // says so).
  if (game.takes !== undefined) {
    for (const user of game.players) {
      if (user !== game.toMove)
        await insertNotice(q, { user, kind: 'paired', gameId: Number(row.id), moveNo: 0, at: game.at });
    }
  }
  if (game.timeControl) await insertClock(q, Number(row.id), game.timeControl, game.at);
  return toRecord(row, game.state);
}

export type GameChallenges = Pick<GameStore, 'createGame' | 'playingCount' | 'unansweredChallenges'>;

export function gameChallenges({ db, signals, cache }: GameStoreContext): GameChallenges {
  return {
    async createGame(game: NewGame) {
      const created = await db.tx(async (q) => {
        if (game.guard) {
          // PostgreSQL: the lock of each player counted, held to the commit, first: a parallel
          // challenge involving the same player waits for this one's insert, then counts it (each
          // statement of a read-committed transaction sees what committed before it). Taken in
          // name order, so two transactions never wait for each other. SQLite runs its
          // transactions one at a time already.
          const others = game.guard.alsoCounted ?? [];
          if (q.dialect === 'postgres') {
            for (const user of [...new Set([game.guard.challenger, ...others])].sort())
              await q.all('SELECT pg_advisory_xact_lock(27005, hashtext(?::text))', [user]);
          }
          const playing = new Map<string, number>();
          for (const user of others) playing.set(user, await playingCount(q, user));
          const refused = game.guard.check(await challengerCounts(q, game.guard.challenger), playing);
          if (refused !== undefined) return { refused };
        }
        if (game.takes !== undefined && !(await claimSeek(q, game.takes, game.at)))
          return { refused: 'that open challenge was taken, cancelled or has expired', gone: true as const };
        return insertGame(q, game);
      });
      if ('refused' in created) return created;
      signals.committed({ kind: 'game', gameId: created.id });
      if (game.takes !== undefined) signals.committed({ kind: 'seek', gameId: game.takes });
      // Not taken for current on PostgreSQL: another process may have touched it already.
      return cache.remember(created);
    },

    async playingCount(userId) {
      return playingCount(db, userId);
    },

    async unansweredChallenges(challenger) {
      return (await challengerCounts(db, challenger)).unanswered;
    },
  };
}
