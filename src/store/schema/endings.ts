/**
 * Games that ended, kept per player as they end, so a player's archive and a pair's head-to-head
 * are read by key (an index range, a summary row) and cost the same at 20,000 games as at 20:
 *
 * - `game_endings`: one row per player of a game that ended (finished, or void after moves were
 *   made), with the opponent of a two-player game and when it ended; the archive pages it by
 *   (ended_at, game_id), a head-to-head takes its latest finished games of the pair.
 * - `pair_records`: each player's wins, losses and draws against each opponent, by game type.
 *
 * A trigger on the games table writes both in the transaction that ends the game, whichever
 * path ends it (a move, a resignation, a clock, a decline): nothing else has to remember to.
 */
import type { Outcome } from '../../games/game.ts';
import type { Db } from '../db/index.ts';

/** The players' rows of the games `g` that ended, `from` naming them and their players `p`. */
const endingRows = (g: string, from: string) => `
  INSERT INTO game_endings (user_id, game_id, game_type, opponent, finished, ended_at)
    SELECT p.user_id, ${g}.id, ${g}.game_type,
      (SELECT o.user_id FROM game_players o WHERE o.game_id = ${g}.id AND o.seat <> p.seat
         AND (SELECT count(*) FROM game_players c WHERE c.game_id = ${g}.id) = 2),
      CASE WHEN ${g}.status = 'finished' THEN 1 ELSE 0 END, ${g}.updated_at
    ${from}
  ON CONFLICT DO NOTHING`;
const JUST_ENDED = endingRows('NEW', 'FROM game_players p WHERE p.game_id = NEW.id');

/**
 * Adds a finished two-player game's result to both players' records against each other, the two
 * rows in one order whatever the seats: two games of one pair ending at once on PostgreSQL then
 * wait for each other's rows in turn instead of deadlocking.
 */
const pairRows = (g: string, kind: string, winner: string, also = '') => `
  INSERT INTO pair_records (user_id, opponent, game_type, wins, losses, draws)
    SELECT p.user_id, o.user_id, ${g}.game_type,
      CASE WHEN ${kind} = 'win' AND ${winner} = p.seat THEN 1 ELSE 0 END,
      CASE WHEN ${kind} = 'win' AND ${winner} <> p.seat THEN 1 ELSE 0 END,
      CASE WHEN ${kind} = 'draw' THEN 1 ELSE 0 END
    FROM game_players p JOIN game_players o ON o.game_id = p.game_id AND o.seat <> p.seat
    WHERE p.game_id = ${g}.id AND ${kind} IN ('win', 'draw')
      AND (SELECT count(*) FROM game_players c WHERE c.game_id = ${g}.id) = 2${also}
    ORDER BY p.user_id
  ON CONFLICT (user_id, opponent, game_type) DO UPDATE SET wins = pair_records.wins + excluded.wins,
    losses = pair_records.losses + excluded.losses, draws = pair_records.draws + excluded.draws`;

const ENDED = `OLD.status = 'active' AND NEW.status <> 'active' AND (NEW.status = 'finished' OR NEW.move_count > 0)`;

/**
 * Migration 14: the tables, the trigger, and the rows of the games that ended before it; and a
 * takeback proposal's mark that it was rejected or withdrawn (../ports/takebacks.ts, ./takebacks.ts).
 */
export const ENDINGS_MIGRATION = {
  version: 14,
  statements: [
    'ALTER TABLE takeback_proposals ADD COLUMN declined INTEGER NOT NULL DEFAULT 0',
    `CREATE TABLE game_endings (user_id TEXT NOT NULL, game_id INTEGER NOT NULL REFERENCES games (id),
      game_type TEXT NOT NULL, opponent TEXT, finished INTEGER NOT NULL, ended_at {time} NOT NULL,
      PRIMARY KEY (user_id, game_id))`,
    'CREATE INDEX game_endings_user ON game_endings (user_id, ended_at, game_id)',
    'CREATE INDEX game_endings_user_type ON game_endings (user_id, game_type, ended_at, game_id)',
    'CREATE INDEX game_endings_pair ON game_endings (user_id, opponent, finished, ended_at, game_id)',
    `CREATE TABLE pair_records (user_id TEXT NOT NULL, opponent TEXT NOT NULL, game_type TEXT NOT NULL,
      wins INTEGER NOT NULL, losses INTEGER NOT NULL, draws INTEGER NOT NULL,
      PRIMARY KEY (user_id, opponent, game_type))`,
    {
      sqlite: `CREATE TRIGGER games_ended AFTER UPDATE OF status ON games WHEN ${ENDED}
        BEGIN
          ${JUST_ENDED};
          ${pairRows('NEW', "json_extract(NEW.outcome, '$.kind')", "json_extract(NEW.outcome, '$.winner')", " AND NEW.status = 'finished'")};
        END`,
      postgres: `CREATE FUNCTION tessera_game_ended() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${JUST_ENDED};
          IF NEW.status = 'finished' AND NEW.outcome IS NOT NULL THEN
            ${pairRows('NEW', "(NEW.outcome::json->>'kind')", "(NEW.outcome::json->>'winner')::INTEGER")};
          END IF;
          RETURN NEW;
        END $$`,
    },
    {
      sqlite: 'SELECT 1',
      postgres: `CREATE TRIGGER games_ended AFTER UPDATE OF status ON games FOR EACH ROW
        WHEN (${ENDED}) EXECUTE FUNCTION tessera_game_ended()`,
    },
  ],
  after: backfillEndings,
};

/** The rows of the games that ended before migration 14, as the trigger would have written them. */
async function backfillEndings(q: Db): Promise<void> {
  await q.run(
    endingRows(
      'g',
      `FROM games g JOIN game_players p ON p.game_id = g.id
       WHERE g.status = 'finished' OR (g.status = 'void' AND g.move_count > 0)`,
    ),
  );
  const finished = await q.all<{ game_type: string; players: string; outcome: string | null }>(
    "SELECT game_type, players, outcome FROM games WHERE status = 'finished'",
  );
  const records = new Map<
    string,
    { user: string; opponent: string; type: string; w: number; l: number; d: number }
  >();
  for (const game of finished) {
    const players = JSON.parse(game.players) as string[];
    const outcome = game.outcome === null ? null : (JSON.parse(game.outcome) as Outcome);
    if (players.length !== 2 || !outcome || outcome.kind === 'loss') continue;
    players.forEach((user, seat) => {
      const opponent = players[1 - seat] as string;
      const key = JSON.stringify([user, opponent, game.game_type]);
      const r = records.get(key) ?? { user, opponent, type: game.game_type, w: 0, l: 0, d: 0 };
      if (outcome.kind === 'draw') r.d++;
      else if (outcome.winner === seat) r.w++;
      else r.l++;
      records.set(key, r);
    });
  }
  for (const r of records.values()) {
    await q.run(
      'INSERT INTO pair_records (user_id, opponent, game_type, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?)',
      [r.user, r.opponent, r.type, r.w, r.l, r.d],
    );
  }
}
