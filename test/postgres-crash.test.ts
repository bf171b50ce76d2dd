/**
 * End to end on PostgreSQL: a server process is killed with SIGKILL in the middle of streams of
 * moves (over HTTP and WebSocket) and restarted on the same database. Every acknowledged move is
 * there, and no game is half-written: each game's move log is complete and numbered 1..n, its row
 * says n moves, and replaying the log gives the stored state. Needs
 * TEST_DATABASE_URL=postgres://…; skipped with a message when it is unset.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Packr } from 'msgpackr';
import pg from 'pg';
import WebSocket from 'ws';
import { replay } from '../src/games/index.ts';
import { type WarpWeftState, warpweft } from '../src/games/warpweft/index.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';

const url = process.env.TEST_DATABASE_URL;
const skip = url
  ? false
  : 'PostgreSQL crash test skipped: TEST_DATABASE_URL is not set (e.g. postgres://tessera:tessera@localhost/tessera_test)';

const packr = new Packr({ useRecords: false, mapsAsObjects: true });

const legal = (view: WarpWeftState, i: number) => {
  const moves = warpweft.legalMoves(view);
  return warpweft.formatMove(moves[i % moves.length] as never, view);
};

/** Move over a WebSocket, one at a time; resolves with the acknowledged move text. */
function socketMover(base: string, token: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?token=${token}`);
  let waiting: { resolve: (text: string) => void; reject: (e: Error) => void } | undefined;
  const gone = (why: string) => () => waiting?.reject(new Error(why));
  socket.on('close', gone('the connection closed'));
  socket.on('error', gone('the connection failed'));
  socket.on('message', (data) => {
    const frame = packr.unpack(data as Buffer) as {
      type: string;
      ref?: number;
      move?: string;
      error?: string;
    };
    if (frame.ref !== 1 || !waiting) return;
    if (frame.type === 'ack') waiting.resolve(frame.move as string);
    else waiting.reject(new Error(`move refused: ${frame.error}`));
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    opened,
    move: (game: number, move: string, moveNo: number) =>
      new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject };
        socket.send(packr.pack({ type: 'move', gameId: game, move, moveNo, ref: 1 }));
      }),
    close: () => socket.terminate(),
  };
}

describe('end to end: SIGKILL on PostgreSQL', { skip, timeout: 120_000 }, () => {
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  const env = { DATABASE_URL: url as string, TESSERA_PG_SCHEMA: schema };
  const servers: ServerProcess[] = [];
  after(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
  const start = async () => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };

  it('keeps every acknowledged move through SIGKILL and restart, and no game is half-written', async () => {
    assert.match(url as string, /^postgres(ql)?:\/\//, 'TEST_DATABASE_URL must be a postgres:// URL');
    const server = await start();
    const base = server.url;
    assert.equal((await call(base, 'GET', '/api/health')).body.store, 'postgres');
    const tokens: Record<string, string> = {
      ann: await account(base, 'ann'),
      bob: await account(base, 'bob'),
    };
    const ids: number[] = [];
    // Each challenges the other in turn: a player may leave only a few challenges unanswered.
    for (let g = 0; g < 6; g++) {
      const made = await call(
        base,
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 4 } },
        g % 2 === 0 ? tokens.ann : tokens.bob,
      );
      assert.equal(made.status, 201, made.body.error);
      ids.push(made.body.id);
    }
    const acked = new Map<number, string[]>(ids.map((id) => [id, []]));
    let killed = false;
    // Six streams of moves until the process dies under them: even games over HTTP, odd over
    // WebSocket (each player on their own connection).
    const stream = async (id: number, overSocket: boolean) => {
      const log = acked.get(id) as string[];
      let view = (await call(base, 'GET', `/api/games/${id}`)).body.view as WarpWeftState;
      const movers = overSocket
        ? { ann: socketMover(base, tokens.ann as string), bob: socketMover(base, tokens.bob as string) }
        : undefined;
      try {
        if (movers) await Promise.all([movers.ann.opened, movers.bob.opened]);
        for (let n = 1; !killed && !view.result; n++) {
          const user = (view.turn === 'warp') === (view.warpSeat === 0) ? 'ann' : 'bob';
          const move = legal(view, n * 7 + id);
          let text: string;
          try {
            if (movers) {
              text = await movers[user].move(id, move, n);
            } else {
              const r = await call(base, 'POST', `/api/games/${id}/moves`, { move, moveNo: n }, tokens[user]);
              if (r.status !== 200) throw new Error(`move refused: ${r.body.error}`);
              text = r.body.moves[0].text;
            }
          } catch (error) {
            if (killed) return;
            throw error;
          }
          log.push(text);
          const parsed = warpweft.parseMove(move, view);
          const next = parsed.ok ? warpweft.play(view, parsed.value) : parsed;
          if (!next.ok) throw new Error(next.error);
          view = next.value;
        }
      } finally {
        movers?.ann.close();
        movers?.bob.close();
      }
    };
    const streams = Promise.all(ids.map((id, i) => stream(id, i % 2 === 1)));
    // Kill it once a good number of moves are through, with more in flight.
    const count = () => [...acked.values()].reduce((n, l) => n + l.length, 0);
    for (let i = 0; i < 400 && count() < 60; i++) await new Promise((r) => setTimeout(r, 25));
    killed = true;
    await server.kill('SIGKILL');
    await streams;
    assert.ok(count() >= 60, `only ${count()} moves were acknowledged before the kill`);
    for (const [id, log] of acked) assert.ok(log.length > 0, `game ${id}'s stream got moves through`);

    const restarted = await start();
    for (const id of ids) {
      const shown = (await call(restarted.url, 'GET', `/api/games/${id}`)).body;
      const stored: string[] = shown.moves.map((m: { move: string }) => m.move);
      const mine = acked.get(id) as string[];
      // Every acknowledged move is there, in order; at most the one in flight is extra.
      assert.deepEqual(stored.slice(0, mine.length), mine, `game ${id} kept its acknowledged moves`);
      assert.ok(stored.length <= mine.length + 1, `game ${id} has no moves nobody sent`);
      const rebuilt = replay(warpweft, shown.options, 0, stored);
      assert.ok(rebuilt.ok);
      assert.deepEqual(rebuilt.value, shown.view, `game ${id}'s cached state matches its log`);
    }

    // The rows themselves: each game's log is 1..n with n its move count, and its stored state
    // is the replay of that log (a move and its game row are one transaction).
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const games = await db.query<{
        id: number;
        move_count: number;
        options: string;
        seed: string;
        state: string;
      }>(`SELECT id, move_count, options, seed, state FROM "${schema}".games ORDER BY id`);
      assert.equal(games.rows.length, ids.length);
      for (const row of games.rows) {
        const moves = await db.query<{ move_no: number; text: string }>(
          `SELECT move_no, text FROM "${schema}".moves WHERE game_id = $1 ORDER BY move_no`,
          [row.id],
        );
        assert.deepEqual(
          moves.rows.map((m) => Number(m.move_no)),
          Array.from({ length: Number(row.move_count) }, (_, i) => i + 1),
          `game ${row.id}: the log is numbered 1..move_count`,
        );
        const rebuilt = replay(
          warpweft,
          JSON.parse(row.options),
          Number(row.seed),
          moves.rows.map((m) => m.text),
        );
        assert.ok(rebuilt.ok, `game ${row.id}'s log replays`);
        assert.deepEqual(
          rebuilt.value,
          JSON.parse(row.state),
          `game ${row.id}'s stored state matches its log`,
        );
      }
    } finally {
      await db.end();
    }

    // The restarted server carries on: accounts log in and the games take their next move.
    const ann = (await call(restarted.url, 'POST', '/api/login', { user: 'ann', password: 'pass1234' })).body
      .token;
    assert.ok(ann, 'ann can log in after the restart');
    const bob = (await call(restarted.url, 'POST', '/api/login', { user: 'bob', password: 'pass1234' })).body
      .token;
    const game = (await call(restarted.url, 'GET', `/api/games/${ids[0]}`)).body;
    if (game.status === 'active') {
      const view = game.view as WarpWeftState;
      const user = (view.turn === 'warp') === (view.warpSeat === 0) ? ann : bob;
      const next = await call(
        restarted.url,
        'POST',
        `/api/games/${ids[0]}/moves`,
        { move: legal(view, 0), moveNo: game.moveCount + 1 },
        user,
      );
      assert.equal(next.status, 200, next.body.error);
    }
  });
});
