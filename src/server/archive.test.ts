/** A player's archive and a game's export, on each backend. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { warpweft } from '../games/warpweft/index.ts';
import { TEST_BACKENDS, testServerOn } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServerOn>>;
type Listed = { id: number; players: string[]; status: string; outcome: { reason: string } | null };

for (const backend of TEST_BACKENDS)
  describe(`a player’s archive and a game’s export on ${backend.name}`, () => {
    let s: Server;
    let ann: string;
    let bob: string;
    const firstLegal = (view: unknown) =>
      warpweft.formatMove(warpweft.legalMoves(view as never)[0] as never, view as never);
    /** A Warp and Weft game ann challenges bob to, where each moves once; then `ender` resigns. */
    const played = async (ender: string) => {
      const made = await s.call(
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 2 } },
        ann,
      );
      const id = made.body.id as number;
      for (const player of [ann, bob]) {
        const { view } = (await s.call('GET', `/api/games/${id}`)).body;
        assert.equal(
          (await s.call('POST', `/api/games/${id}/moves`, { move: firstLegal(view) }, player)).status,
          200,
        );
      }
      assert.equal(
        (await s.call('POST', `/api/games/${id}/resign`, undefined, ender)).body.status,
        'finished',
      );
      return id;
    };

    before(async () => {
      s = await testServerOn(backend);
      ann = await s.account('ann');
      bob = await s.account('bob');
    });
    after(() => s.close());

    it('lists the finished games a player played, newest first, a page at a time', async () => {
      const declined = await s.call(
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['ann', 'bob'] },
        ann,
      );
      await s.call('POST', `/api/games/${declined.body.id}/decline`, undefined, bob);
      const first = await played(bob);
      const second = await played(ann);
      const active = await s.call(
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['ann', 'bob'] },
        ann,
      );

      const all = await s.call('GET', '/api/games/finished?user=ann');
      assert.equal(all.status, 200);
      const games = all.body.games as Listed[];
      assert.deepEqual(
        games.map((g) => g.id),
        [second, first],
        'the finished games, newest first; neither the declined challenge nor the game being played',
      );
      assert.ok(!games.some((g) => g.id === active.body.id));
      assert.equal(all.body.more, false);
      assert.match(games[0]?.outcome?.reason ?? '', /ann \(.*\) resigned/);

      const page1 = await s.call('GET', '/api/games/finished?user=ann&limit=1');
      assert.deepEqual(
        (page1.body.games as Listed[]).map((g) => g.id),
        [second],
      );
      assert.equal(page1.body.more, true);
      const page2 = await s.call('GET', '/api/games/finished?user=ann&limit=1&offset=1');
      assert.deepEqual(
        (page2.body.games as Listed[]).map((g) => g.id),
        [first],
      );
      assert.equal(page2.body.more, false);
      assert.deepEqual((await s.call('GET', '/api/games/finished?user=bob&type=atom4')).body.games, []);
    });

    it('pages the archive by key with the cursor each page gives, and keeps the head-to-head by summary', async () => {
      const before = (await s.call('GET', '/api/players/ann/versus/bob')).body as {
        records: { wins: number; losses: number }[];
      };
      const wonBefore = before.records[0]?.wins ?? 0;
      const lostBefore = before.records[0]?.losses ?? 0;
      for (let i = 0; i < 5; i++) await played(i % 2 ? ann : bob);
      const byOffset = (await s.call('GET', '/api/games/finished?user=ann&limit=100')).body.games as Listed[];
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = (
          await s.call('GET', `/api/games/finished?user=ann&limit=2${cursor ? `&before=${cursor}` : ''}`)
        ).body as { games: Listed[]; more: boolean; next?: string };
        assert.ok(page.games.length <= 2);
        seen.push(...page.games.map((g) => g.id));
        assert.equal(page.next !== undefined, page.more);
        cursor = page.next;
      } while (cursor);
      assert.deepEqual(
        seen,
        byOffset.map((g) => g.id),
      );
      const versus = (await s.call('GET', '/api/players/ann/versus/bob')).body as {
        records: { gameType: string; wins: number; losses: number; draws: number }[];
        recent: Listed[];
      };
      // bob resigned three of the five, ann two.
      assert.deepEqual(
        versus.records.map((r) => [r.gameType, r.wins - wonBefore, r.losses - lostBefore, r.draws]),
        [['warpweft', 3, 2, 0]],
      );
      assert.deepEqual(
        versus.recent.map((g) => g.id),
        byOffset
          .filter((g) => g.status === 'finished')
          .slice(0, 10)
          .map((g) => g.id),
      );
      const bad = await s.call('GET', '/api/games/finished?user=ann&before=yesterday');
      assert.equal(bad.status, 400);
      assert.match(String(bad.body.error), /before is the cursor an archive page gave as next/);
    });

    it('counts every game of a pair that ends at the same moment as another, whatever the seats', async () => {
      const cy = await s.account('cy');
      const di = await s.account('di');
      const ids: number[] = [];
      for (let k = 0; k < 12; k++) {
        const players = k % 2 ? ['di', 'cy'] : ['cy', 'di'];
        const made = await s.call(
          'POST',
          '/api/games',
          { gameType: 'warpweft', players, options: { size: 2 } },
          cy,
        );
        const id = made.body.id as number;
        for (const token of k % 2 ? [di, cy] : [cy, di]) {
          const { view } = (await s.call('GET', `/api/games/${id}`)).body;
          assert.equal(
            (await s.call('POST', `/api/games/${id}/moves`, { move: firstLegal(view) }, token)).status,
            200,
          );
        }
        ids.push(id);
      }
      // cy resigns them all at once: each ending writes both players' records.
      const ended = await Promise.all(
        ids.map((id) => s.call('POST', `/api/games/${id}/resign`, undefined, cy)),
      );
      assert.deepEqual(
        ended.map((e) => e.status),
        ids.map(() => 200),
      );
      const versus = (await s.call('GET', '/api/players/di/versus/cy')).body as {
        records: { wins: number; losses: number }[];
      };
      assert.deepEqual(
        versus.records.map((r) => [r.wins, r.losses]),
        [[12, 0]],
      );
    });

    it('refuses a bad archive request with a sentence', async () => {
      const unknown = await s.call('GET', '/api/games/finished?user=ann&type=chess');
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.error, 'there is no game called chess');
      const noUser = await s.call('GET', '/api/games/finished');
      assert.equal(noUser.status, 400);
      assert.equal(noUser.body.code, 'bad-request');
    });

    it('exports a game as text: header, result naming the players, and every move', async () => {
      const id = await played(bob);
      const shown = (await s.call('GET', `/api/games/${id}`)).body;
      const response = await s.app.inject({ method: 'GET', url: `/api/games/${id}/export` });
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] as string, /^text\/plain/);
      assert.equal(
        response.headers['content-disposition'],
        `attachment; filename="tessera-warpweft-${id}.txt"`,
      );
      const moves = (shown.moves as { move: string }[]).map((m) => m.move);
      assert.match(response.body, new RegExp(`^Game: +Warp and Weft \\(warpweft\\)\nBoard: +${id}\n`));
      assert.match(response.body, /\nPlayers: ann \(Warp \(Vert\)\) vs bob \(Weft \(Horz\)\)\n/);
      assert.match(response.body, /\nResult: +ann \(Warp \(Vert\)\) wins: bob \(Weft \(Horz\)\) resigned\n/);
      assert.match(response.body, new RegExp(`\n\n1\\. ${moves[0]} {2}2\\. ${moves[1]}\n$`));
      const missing = await s.call('GET', '/api/games/999999/export');
      assert.equal(missing.status, 404);
    });
  });
