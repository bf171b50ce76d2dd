/**
 * Post-game analysis on a real server and store (SQLite, and PostgreSQL with TEST_DATABASE_URL):
 * a finished game is analysed in a worker thread and kept with it, served over HTTP and PBeM; an
 * unfinished game is refused with a sentence; a kept analysis costs no more work; analyses are
 * queued per account.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AnalysisAnswer } from '../../api/index.ts';
import { GAMES, GAMES_MODULE, type GameAnalysis } from '../../games/index.ts';
import { TEST_BACKENDS, testServer, testServerOn } from '../test-support.ts';
import analyse from '../workers/analysis-worker.ts';
import type { AnalysisTask } from '../workers/index.ts';
import { createAnalyses, MAX_ANALYSES } from './index.ts';

/** Weft's F6 leaves Warp the patch B2 that joins its edges (see src/games/analysis.test.ts). */
const GAME = 'A7 G3 C5 G7 A3 A1 C1 patches patches F2 B6 F4 B4 F6 B2'.split(' ');

for (const backend of TEST_BACKENDS) {
  describe(`post-game analysis on ${backend.name}`, () => {
    let s: Awaited<ReturnType<typeof testServerOn>>;
    let ann: string;
    before(async () => {
      s = await testServerOn(backend);
      ann = await s.account('ann');
      await s.account('bob');
      await s.account('cat');
    });
    after(async () => await s.close());

    const pbm = async (line: string) => {
      const answer = await s.call('POST', '/api/pbm', { args: line.split(' ') });
      return { status: answer.status, ok: answer.body.ok as boolean, text: answer.body.text as string };
    };
    /** A size-2 board between ann (Warp) and bob with `moves` played; its number. */
    const board = async (moves: readonly string[]): Promise<number> => {
      const made = await pbm('WarpAndWeft challenge -size=2 ann bob pass1234');
      const id = Number(/game (\d+) created/.exec(made.text)?.[1]);
      for (const [i, move] of moves.entries()) {
        const said = await pbm(`WarpAndWeft move ${id} ${i % 2 === 0 ? 'ann' : 'bob'} pass1234 ${move}`);
        assert.ok(said.ok, `${move}: ${said.text}`);
      }
      return id;
    };
    const poll = async (id: number): Promise<AnalysisAnswer> => {
      for (;;) {
        const read = await s.call('GET', `/api/games/${id}/analysis`);
        assert.equal(read.status, 200);
        const answer = read.body as unknown as AnalysisAnswer;
        if (answer.state !== 'running') return answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    it('analyses a finished game in a worker thread, keeps it with the game, and serves it', async () => {
      const id = await board(GAME);
      assert.deepEqual((await s.call('GET', `/api/games/${id}/analysis`)).body, { state: 'none' });
      assert.equal((await s.call('POST', `/api/games/${id}/analysis`)).status, 401);
      const started = await s.call('POST', `/api/games/${id}/analysis`, undefined, ann);
      assert.equal(started.status, 202);
      assert.deepEqual(started.body, { state: 'running' });
      const ready = await poll(id);
      assert.equal(ready.state, 'ready');
      if (ready.state !== 'ready') return;
      assert.equal(ready.analysis.chances.length, GAME.length + 1);
      const blunder = ready.analysis.moves[13];
      assert.deepEqual([blunder?.move, blunder?.mark, blunder?.better], ['F6', 'blunder', 'B2']);
      // Kept in the store: asked again, it is there at once.
      const again = await s.call('POST', `/api/games/${id}/analysis`, undefined, ann);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, ready);
      assert.equal((await s.store.analysis(id))?.moveCount, GAME.length);
      // PBeM answers with the marked moves, the blunder and its better move among them.
      const text = (await pbm(`WarpAndWeft analyse ${id} bob pass1234`)).text;
      assert.match(text, /Analysis of Warp and Weft game \d+/);
      assert.match(text, /14\. bob F6: blunder, lost \d+ % \(better B2\)/);
      assert.match(text, /bob: \d+ mistakes?, \d+ blunders?/);
      // The export carries the marks once analysed.
      const exported = await s.app.inject({ method: 'GET', url: `/api/games/${id}/export` });
      assert.match(exported.body, /14\. bob F6: blunder/);
    });

    it('refuses a game still being played, with a sentence, over HTTP and PBeM', async () => {
      const id = await board(GAME.slice(0, 3));
      const refused = await s.call('POST', `/api/games/${id}/analysis`, undefined, ann);
      assert.equal(refused.status, 400);
      assert.equal(
        refused.body.error,
        `game ${id} is still being played: a game can be analysed once it is over`,
      );
      const mailed = await pbm(`WarpAndWeft analyse ${id} ann pass1234`);
      assert.equal(mailed.ok, false);
      assert.match(mailed.text, /is still being played/);
      assert.equal((await s.call('GET', '/api/games/99999/analysis')).status, 404);
    });

    it('does the work once however often it is asked, and queues one analysis per account', async () => {
      const ids = [await board(GAME), await board(GAME), await board(GAME)];
      const tasks: AnalysisTask[] = [];
      const release: (() => void)[] = [];
      const analyses = createAnalyses({
        store: s.store,
        games: GAMES,
        gamesModule: GAMES_MODULE,
        threads: 1,
        run: (task: AnalysisTask) => {
          tasks.push(task);
          return new Promise<GameAnalysis>((resolve) => release.push(() => resolve(analyse(task))));
        },
      });
      const [one, two, three] = ids as [number, number, number];
      // ann's game, then asked for by two more at once, and again later: one job, ann's (who asked
      // first; were two first at once, either could own it, and the next check would be a race).
      const running = { ok: true, value: { state: 'running' } };
      assert.deepEqual(await analyses.request('ann', one), running);
      assert.deepEqual(await Promise.all([analyses.request('bob', one), analyses.request('cat', one)]), [
        running,
        running,
      ]);
      assert.deepEqual(await analyses.request('bob', one), running);
      // A second game of ann's waits for her first.
      assert.deepEqual(await analyses.request('ann', two), {
        ok: false,
        code: 'rate-limited',
        error: 'you already have an analysis under way; ask for the next when it is ready',
      });
      assert.deepEqual(await analyses.request('cat', three), { ok: true, value: { state: 'running' } });
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(tasks.length, 1, 'one thread: cat waits for ann');
      release.shift()?.();
      await analyses.settle(one, 5000);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(tasks.length, 2);
      release.shift()?.();
      await analyses.settle(three, 5000);
      for (const id of [one, three]) {
        const read = await analyses.read(id);
        assert.ok(read.ok && read.value.state === 'ready');
      }
      assert.equal((await analyses.request('ann', one)).ok, true);
      assert.equal(tasks.length, 2, 'a kept analysis costs no work');
      await analyses.close();
      assert.ok(MAX_ANALYSES >= 1);
    });
  });
}

describe('post-game analysis by mail', () => {
  it('answers a mailed analyse with the marked moves, the password left out', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-analysis-mail-'));
    const s = await testServer({ dataDir });
    try {
      const pbm = async (line: string) =>
        (await s.call('POST', '/api/pbm', { args: line.split(' ') })).body.text as string;
      const mailed = async () => {
        await s.mail.mailer.runOnce();
        return readdirSync(join(dataDir, 'mail')).map((name) =>
          readFileSync(join(dataDir, 'mail', name), 'utf8'),
        );
      };
      await pbm('signup ann pass1234 ann@example.org');
      const code = /code (\d{6})/.exec((await mailed()).join('\n'))?.[1] as string;
      await pbm(`verify ann pass1234 ${code}`);
      await pbm('signup bob pass1234');
      const id = Number(
        /game (\d+) created/.exec(await pbm('WarpAndWeft challenge -size=2 ann bob pass1234'))?.[1],
      );
      for (const [i, move] of GAME.entries())
        await pbm(`WarpAndWeft move ${id} ${i % 2 === 0 ? 'ann' : 'bob'} pass1234 ${move}`);
      const mail = [
        'From: ann@example.org',
        'To: tessera@example.org',
        'Subject: how did I do',
        'Message-ID: <analyse@example.org>',
        '',
        `WarpAndWeft analyse ${id} ann pass1234`,
        '',
      ].join('\r\n');
      assert.equal((await s.mailIn.handle(Buffer.from(mail))).kind, 'played');
      const reply =
        (await mailed()).find((text) => text.includes('In-Reply-To: <analyse@example.org>')) ?? '';
      assert.match(reply, /> WarpAndWeft analyse \d+ ann =E2=80=A6/);
      assert.match(reply, /14\. bob F6: blunder, lost \d+ % \(better B2\)/);
      assert.doesNotMatch(reply, /pass1234/);
    } finally {
      await s.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
