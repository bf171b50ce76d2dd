/**
 * End to end: a 6-player Swiss of 3 rounds and a 4-player round robin played to their final
 * standings through the HTTP API, on SQLite (one process, killed with SIGKILL at a round change and
 * restarted on the same data) and on PostgreSQL (two processes, one killed at a round change while
 * the other goes on). Every round is paired exactly once: three boards a Swiss round, nobody
 * meeting anyone twice, and the round robin's six games. In every game the player earlier in the
 * alphabet wins (the other resigns), so the final standings are known.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { type WarpWeftState, warpweft } from '../src/games/warpweft/index.ts';
import { POSTGRES_URL, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call, freshDataDir, type ServerProcess, startServer } from './support.ts';

const PLAYERS = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];
const FAST = { TESSERA_CLOCK_MS: '200' };

interface Board {
  round: number;
  first: string;
  second: string | null;
  gameId: number | null;
  status: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, get: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const value = await get().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Both players move once (a game given up sooner is void), then the later name in the alphabet resigns. */
async function decide(base: string, tokens: Record<string, string>, b: Board) {
  for (const [moveNo, player] of [
    [1, b.first],
    [2, b.second as string],
  ] as const) {
    const view = (await call(base, 'GET', `/api/games/${b.gameId}`)).body.view as WarpWeftState;
    const move = warpweft.formatMove(warpweft.legalMoves(view)[0] as never, view);
    const moved = await call(base, 'POST', `/api/games/${b.gameId}/moves`, { move, moveNo }, tokens[player]);
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
  }
  const loser = [b.first, b.second as string].sort()[1] as string;
  const resigned = await call(base, 'POST', `/api/games/${b.gameId}/resign`, undefined, tokens[loser]);
  assert.equal(resigned.status, 200, JSON.stringify(resigned.body));
}

/** Each active game of `round` decided (but the last, when `keepLast`); the last is answered. */
async function playRound(
  base: () => string,
  tokens: Record<string, string>,
  id: number,
  round: number,
  keepLast = false,
) {
  const t = (await call(base(), 'GET', `/api/tournaments/${id}`)).body;
  const games = (t.boards as Board[]).filter((b) => b.round === round && b.status === 'active');
  const now = keepLast ? games.slice(0, -1) : games;
  for (const b of now) await decide(base(), tokens, b);
  return games.at(-1) as Board;
}

const roundPaired = (base: () => string, id: number, round: number) =>
  until(`round ${round} of tournament ${id}`, async () => {
    const t = (await call(base(), 'GET', `/api/tournaments/${id}`)).body;
    return t.roundsPaired >= round ? t : undefined;
  });

function checkSwiss(t: { boards: Board[]; standings: { player: string; points: number; rank: number }[] }) {
  assert.equal(t.boards.length, 9, 'three rounds of three boards, each paired once');
  for (const round of [1, 2, 3]) {
    const seated = t.boards.filter((b) => b.round === round).flatMap((b) => [b.first, b.second]);
    assert.deepEqual(seated.toSorted(), PLAYERS, `everyone plays once in round ${round}`);
  }
  const pairs = t.boards.map((b) => [b.first, b.second].sort().join('-'));
  assert.equal(new Set(pairs).size, 9, 'nobody meets anyone twice');
  assert.equal(
    t.standings.reduce((sum, s) => sum + s.points, 0),
    9,
  );
  // ann wins every game and fay loses every one. Another player who never met ann may also win
  // all three and stand above her on the tie-breaks (the Swiss pairs by score, and the first
  // round's pairing follows the entry order), so ann is among the leaders, not always first.
  const row = (player: string) => t.standings.find((s) => s.player === player);
  assert.deepEqual(row('ann'), { ...row('ann'), points: 3 });
  assert.equal(t.standings[0]?.points, 3);
  assert.deepEqual(row('fay'), { ...row('fay'), points: 0, rank: t.standings.at(-1)?.rank });
}

function checkRoundRobin(t: { boards: Board[]; standings: { player: string; points: number }[] }) {
  assert.equal(t.boards.length, 6);
  assert.equal(new Set(t.boards.map((b) => [b.first, b.second].sort().join('-'))).size, 6);
  assert.deepEqual(
    t.standings.map((s) => [s.player, s.points]),
    [
      ['ann', 3],
      ['bob', 2],
      ['cat', 1],
      ['dan', 0],
    ],
  );
}

const backends = [
  { name: 'sqlite', skip: false as const },
  { name: 'postgres', skip: skipWithoutPostgres('PostgreSQL tournament tests') },
];

for (const backend of backends) {
  describe(`end to end: tournaments on ${backend.name}`, { skip: backend.skip, timeout: 240_000 }, () => {
    const servers: ServerProcess[] = [];
    const dataDir = freshDataDir();
    const schema = `tour_${randomBytes(5).toString('hex')}`;
    const env: Record<string, string> =
      backend.name === 'postgres'
        ? { ...FAST, DATABASE_URL: POSTGRES_URL as string, TESSERA_PG_SCHEMA: schema }
        : FAST;
    const start = async () => {
      const server = await startServer(env, dataDir);
      servers.push(server);
      return server;
    };
    after(async () => {
      await Promise.all(servers.map((s) => s.kill('SIGKILL')));
      rmSync(dataDir, { recursive: true, force: true });
      if (backend.name === 'postgres') {
        const db = new pg.Client({ connectionString: POSTGRES_URL });
        await db.connect();
        await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await db.end();
      }
    });

    it('plays a Swiss and a round robin to their standings, surviving a kill -9 at a round change', async () => {
      let live = await start();
      // PostgreSQL: a second process shares the work, and carries on when the first is killed.
      const second = backend.name === 'postgres' ? await start() : undefined;
      const base = () => (second ?? live).url;
      const tokens: Record<string, string> = {};
      for (const user of PLAYERS) tokens[user] = await account(live.url, user);

      const swiss = await call(
        live.url,
        'POST',
        '/api/tournaments',
        { gameType: 'warpweft', format: 'swiss', rounds: 3, maxPlayers: 6, timeControl: '3d', rated: false },
        tokens.ann,
      );
      assert.equal(swiss.status, 201, JSON.stringify(swiss.body));
      const rr = await call(
        live.url,
        'POST',
        '/api/tournaments',
        { gameType: 'warpweft', format: 'round-robin', maxPlayers: 4, name: 'Four' },
        tokens.bob,
      );
      assert.equal(rr.status, 201, JSON.stringify(rr.body));
      for (const user of PLAYERS) {
        const joined = await call(
          live.url,
          'POST',
          `/api/tournaments/${swiss.body.id}/join`,
          undefined,
          tokens[user],
        );
        assert.equal(joined.status, 200, JSON.stringify(joined.body));
      }
      const late = await account(live.url, 'gus');
      const refused = await call(live.url, 'POST', `/api/tournaments/${swiss.body.id}/join`, undefined, late);
      assert.equal(refused.status, 409);
      assert.match(refused.body.error, /has started/);
      for (const user of PLAYERS.slice(0, 4))
        await call(
          second?.url ?? live.url,
          'POST',
          `/api/tournaments/${rr.body.id}/join`,
          undefined,
          tokens[user],
        );

      // The round robin: all six games at once.
      const robin = await roundPaired(base, rr.body.id, 3);
      assert.equal(robin.state, 'running');
      assert.equal(robin.boards.length, 6);
      for (const round of [1, 2, 3]) await playRound(base, tokens, rr.body.id, round);

      await roundPaired(base, swiss.body.id, 1);
      // Round 1 but its last game; then the last game ends and the process is killed at once.
      const last = await playRound(base, tokens, swiss.body.id, 1, true);
      await decide(live.url, tokens, last);
      await live.kill('SIGKILL');
      if (!second) live = await start();
      await roundPaired(base, swiss.body.id, 2);
      await playRound(base, tokens, swiss.body.id, 2);
      await roundPaired(base, swiss.body.id, 3);
      await playRound(base, tokens, swiss.body.id, 3);

      const finished = await until('the Swiss to finish', async () => {
        const t = (await call(base(), 'GET', `/api/tournaments/${swiss.body.id}`)).body;
        return t.state === 'finished' ? t : undefined;
      });
      checkSwiss(finished);
      const robinDone = await until('the round robin to finish', async () => {
        const t = (await call(base(), 'GET', `/api/tournaments/${rr.body.id}`)).body;
        return t.state === 'finished' ? t : undefined;
      });
      checkRoundRobin(robinDone);
      // Each game links to its replay: a finished game of the tournament's players.
      const game = (await call(base(), 'GET', `/api/games/${finished.boards[0].gameId}`)).body;
      assert.equal(game.status, 'finished');
      assert.equal(game.rated, false);
    });
  });
}
