/** End to end against real server processes on SQLite: races, crashes, outsiders. */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { replay } from '../src/games/index.ts';
import { warpweft } from '../src/games/warpweft/index.ts';
import { LiveClient } from '../src/server/live/ws-client.ts';
import { account, call, freshDataDir, type ServerProcess, startServer } from './support.ts';

const legal = (view: unknown, i = 0) => {
  const moves = warpweft.legalMoves(view as never);
  return warpweft.formatMove(moves[i % moves.length] as never, view as never);
};

describe('end to end: one server process', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  after(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const start = async (dir?: string) => {
    const dataDir = dir ?? freshDataDir();
    if (!dir) dirs.push(dataDir);
    const server = await startServer({}, dataDir);
    servers.push(server);
    return { server, dataDir };
  };

  it('lets exactly one of two clients racing the same move number through, telling the other why', async () => {
    const { server } = await start();
    const base = server.url;
    const phone = await account(base, 'ann');
    const laptop = (await call(base, 'POST', '/api/login', { user: 'ann', password: 'pass1234' })).body.token;
    const bob = await account(base, 'bob');
    const made = await call(
      base,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 3 } },
      phone,
    );
    const id = made.body.id;
    let view = made.body.view;
    for (let round = 0; round < 8; round++) {
      const moveNo = 2 * round + 1;
      const replies = await Promise.all([
        call(base, 'POST', `/api/games/${id}/moves`, { move: legal(view, 0), moveNo }, phone),
        call(base, 'POST', `/api/games/${id}/moves`, { move: legal(view, 1), moveNo }, laptop),
      ]);
      const statuses = replies.map((r) => r.status).sort();
      if (replies.some((r) => r.body.game?.status === 'finished')) break;
      assert.deepEqual(statuses, [200, 409], JSON.stringify(replies.map((r) => r.body)));
      const refused = replies.find((r) => r.status === 409);
      assert.match(
        refused?.body.error,
        new RegExp(`game is at move ${moveNo}, the next move is #${moveNo + 1}`),
      );
      view = (await call(base, 'GET', `/api/games/${id}`)).body.view;
      const reply = await call(
        base,
        'POST',
        `/api/games/${id}/moves`,
        { move: legal(view), moveNo: moveNo + 1 },
        bob,
      );
      if (reply.body.game?.status === 'finished') break;
      assert.equal(reply.status, 200, reply.body.error);
      view = (await call(base, 'GET', `/api/games/${id}`)).body.view;
    }
    const shown = (await call(base, 'GET', `/api/games/${id}`)).body;
    assert.deepEqual(
      shown.moves.map((m: { moveNo: number }) => m.moveNo),
      Array.from({ length: shown.moveCount }, (_, i) => i + 1),
    );
  });

  it('keeps every acknowledged move through SIGKILL and restart, and no game is corrupted', async () => {
    const { server, dataDir } = await start();
    const base = server.url;
    const ann = await account(base, 'ann');
    const bob = await account(base, 'bob');
    const tokens: Record<string, string> = { ann, bob };
    const ids: number[] = [];
    // Each challenges the other in turn: a player may leave only a few challenges unanswered.
    for (let g = 0; g < 4; g++) {
      ids.push(
        (
          await call(
            base,
            'POST',
            '/api/games',
            { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 4 } },
            g % 2 === 0 ? ann : bob,
          )
        ).body.id,
      );
    }
    const acked = new Map<number, string[]>(ids.map((id) => [id, []]));
    const views = new Map<number, unknown>();
    for (const id of ids) views.set(id, (await call(base, 'GET', `/api/games/${id}`)).body.view);
    // Four players' streams of moves, one per game, until the process is killed under them.
    let killed = false;
    const stream = async (id: number) => {
      const log = acked.get(id) as string[];
      for (let n = 1; !killed; n++) {
        const view = views.get(id) as { result: unknown; turn: string; warpSeat: number };
        if (view.result) return;
        const user = (view.turn === 'warp') === (view.warpSeat === 0) ? 'ann' : 'bob';
        const move = legal(view, n * 7);
        try {
          const r = await call(base, 'POST', `/api/games/${id}/moves`, { move, moveNo: n }, tokens[user]);
          if (r.status !== 200) throw new Error(`move refused: ${r.body.error}`);
          log.push(r.body.moves[0].text);
          const parsed = warpweft.parseMove(move, view as never);
          const next = parsed.ok ? warpweft.play(view as never, parsed.value) : parsed;
          if (!next.ok) throw new Error(next.error);
          views.set(id, next.value);
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    };
    const streams = Promise.all(ids.map(stream));
    // Kill it once a good number of moves are through, with more in flight.
    const count = () => [...acked.values()].reduce((n, l) => n + l.length, 0);
    for (let i = 0; i < 200 && count() < 40; i++) await new Promise((r) => setTimeout(r, 25));
    killed = true;
    await server.kill('SIGKILL');
    await streams;
    assert.ok(count() >= 40, `only ${count()} moves were acknowledged before the kill`);

    const restarted = (await start(dataDir)).server;
    for (const id of ids) {
      const shown = (await call(restarted.url, 'GET', `/api/games/${id}`)).body;
      const stored: string[] = shown.moves.map((m: { move: string }) => m.move);
      const mine = acked.get(id) as string[];
      // Every acknowledged move is there, in order; at most the one in flight is extra.
      assert.deepEqual(stored.slice(0, mine.length), mine);
      assert.ok(stored.length <= mine.length + 1);
      const rebuilt = replay(warpweft, shown.options, 0, stored);
      assert.ok(rebuilt.ok);
      assert.deepEqual(rebuilt.value, shown.view, `game ${id}'s cached state matches its log`);
    }
    const annAgain = (await call(restarted.url, 'POST', '/api/login', { user: 'ann', password: 'pass1234' }))
      .body.token;
    assert.ok(annAgain);
  });

  it('lets an outsider move, resign or read nothing private, over HTTP, PBeM and WebSocket', async () => {
    const { server } = await start();
    const base = server.url;
    const ann = await account(base, 'ann');
    await account(base, 'bob');
    const eve = await account(base, 'eve', 'evepass1');
    const made = await call(
      base,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'] },
      ann,
    );
    const id = made.body.id;
    await call(base, 'POST', `/api/games/${id}/chat`, { text: 'our secret' }, ann);
    const move = legal(made.body.view);
    assert.equal((await call(base, 'POST', `/api/games/${id}/moves`, { move }, eve)).status, 403);
    assert.equal((await call(base, 'POST', `/api/games/${id}/resign`, undefined, eve)).status, 403);
    assert.equal((await call(base, 'GET', `/api/games/${id}/chat`, undefined, eve)).status, 403);
    const pbm = await call(base, 'POST', '/api/pbm', {
      args: ['WarpAndWeft', 'move', String(id), 'eve', 'evepass1', move],
    });
    assert.equal(pbm.status, 403, 'a PBeM refusal has the status of its code');
    assert.equal(pbm.body.code, 'forbidden');
    assert.match(pbm.body.text, /eve is not a player/);
    const pbmResign = await call(base, 'POST', '/api/pbm', {
      args: ['WarpAndWeft', 'resign', String(id), 'ann', 'evepass1'],
    });
    assert.match(pbmResign.body.text, /wrong user id or password/);
    const socket = new LiveClient(base, { token: eve, format: 'json' });
    await socket.opened;
    socket.send({ type: 'subscribe', gameId: id });
    socket.send({ type: 'move', gameId: id, move, ref: 1 });
    assert.match(String((await socket.next((f) => f.ref === 1)).error), /eve is not a player/);
    await call(base, 'POST', `/api/games/${id}/chat`, { text: 'another secret' }, ann);
    socket.send({ type: 'ping', ref: 2 });
    await socket.next((f) => f.ref === 2);
    assert.equal(socket.frames.filter((f) => f.type === 'chat').length, 0);
    await socket.close();
    const seen = await call(base, 'GET', `/api/games/${id}`, undefined, eve);
    assert.doesNotMatch(JSON.stringify(seen.body), /secret/);
    const stored = (await call(base, 'GET', `/api/games/${id}`)).body;
    assert.equal(stored.moveCount, 0);
    assert.equal(stored.status, 'active');
  });
});
