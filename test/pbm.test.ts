/** End to end: the PBeM command language against a real server process, through `tessera pbm`. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { call, type ServerProcess, startServer, TESSERA } from './support.ts';

const run = promisify(execFile);

describe('end to end: PBeM commands', () => {
  let server: ServerProcess;
  let board: string;
  before(async () => {
    server = await startServer({ TESSERA_BOT_MS: '50' });
  });
  after(() => server.kill());

  /** `tessera pbm --server … words`: stdout and stderr, and the exit status. */
  const cli = async (...words: string[]) => {
    try {
      const { stdout } = await run(process.execPath, [TESSERA, 'pbm', '--server', server.url, ...words]);
      return { code: 0, out: stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };
  /** The same language sent straight to the server's /api/pbm (what the command does). */
  const pbm = async (...args: string[]) => {
    const r = await call(server.url, 'POST', '/api/pbm', { args });
    return { code: r.status === 200 ? 0 : 1, out: r.body.text as string };
  };

  it('plays through the command: signup, challenge with options, move with #moveno, a stale move, show', async () => {
    const signups = await Promise.all([cli('signup', 'ann', 'annpass1'), cli('signup', 'bob', 'bobpass1')]);
    assert.match(signups[0].out, /Welcome, ann/);
    assert.match(signups[1].out, /Welcome, bob/);
    const made = await cli('WarpAndWeft', 'challenge', '-size=2', '-compact', 'ann', 'bob', 'annpass1');
    assert.equal(made.code, 0, made.out);
    board = /game (\d+) created/.exec(made.out)?.[1] as string;
    assert.match(made.out, /ann \(Warp \(Vert\)\) to move; next move is #1/);
    const moved = await cli('warpandweft', 'move', board, 'ann', 'annpass1', 'C5#1');
    assert.equal(moved.code, 0, moved.out);
    assert.match(moved.out, /ann played C5 as move 1/);
    assert.match(moved.out, /\|#\|/, 'the compact board shows the claimed thread');
    const [stale, shown, unreachable] = await Promise.all([
      cli('WarpAndWeft', 'move', board, 'bob', 'bobpass1', 'A2#1'),
      cli('WarpAndWeft', 'show', `${board}#0`),
      run(process.execPath, [TESSERA, 'pbm', '--server', 'http://127.0.0.1:9', 'help']).catch(
        (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
      ),
    ]);
    assert.equal(stale.code, 1);
    assert.match(stale.out, /Error: move #1 is stale: game is at move 1, the next move is #2/);
    assert.match(shown.out, /As of move 0 of 1/);
    // A rated game names its players with their current ratings: newcomers are provisional.
    assert.match(shown.out, /game \d+: ann 1500\? \(Warp \(Vert\)\) vs bob 1500\? \(/);
    assert.equal((unreachable as { code: number }).code, 2);
    assert.match(
      (unreachable as { out: string }).out,
      /cannot reach http:\/\/127\.0\.0\.1:9: nothing is listening there \(is the server running\?\)\n$/,
    );
  });

  it('lists, resigns, rates and keeps history', async () => {
    assert.match(
      (await pbm('WarpAndWeft', 'move', board, 'bob', 'nottheone', 'A2')).out,
      /wrong user id or password/,
    );
    assert.match(
      (await pbm('WarpAndWeft', 'games', 'bob', 'next')).out,
      new RegExp(`\\b${board}\\b.*ann vs bob`),
    );
    assert.match((await pbm('WarpAndWeft', 'games', 'ann', 'next')).out, /none/);
    // Bob plays before resigning: a game resigned before both players moved is void, not rated.
    assert.match((await pbm('WarpAndWeft', 'move', board, 'bob', 'bobpass1', 'A5#2')).out, /bob played A5/);
    assert.match(
      (await pbm('WarpAndWeft', 'resign', board, 'bob', 'bobpass1')).out,
      /ann \(Warp \(Vert\)\) wins: bob/,
    );
    assert.match((await pbm('WarpAndWeft', 'standings')).out, /1 {2}ann\s+1662\?\s+1\s+1\s+0\s+0/);
    assert.match((await pbm('WarpAndWeft', 'ratings')).out, /bob\s+1338\?/);
    assert.match((await pbm('WarpAndWeft', 'show', board)).out, /: ann 1662\? \(.*\) vs bob 1338\? \(/);
    assert.match(
      (await pbm('WarpAndWeft', 'history')).out,
      new RegExp(`\\b${board}\\b.*Game over: ann wins`),
    );
  });

  it('queues, chats, declines, rejects and plays the computer', async () => {
    const made = await pbm('WarpAndWeft', 'challenge', '-size=2', '-patch', 'bob', 'ann', 'annpass1');
    const id = /game (\d+) created/.exec(made.out)?.[1] as string;
    assert.match(
      (await pbm('WarpAndWeft', 'queue', id, 'ann', 'annpass1', 'A5', 'threads')).out,
      /Queued for game \d+: A5 threads/,
    );
    assert.match(
      (await pbm('WarpAndWeft', 'queue', id, 'ann', 'annpass1', 'clear')).out,
      /queue for game \d+ is empty/,
    );
    assert.match(
      (await pbm('WarpAndWeft', 'chat', id, 'bob', 'bobpass1', 'good', 'luck')).out,
      /bob: good luck/,
    );
    assert.match(
      (await pbm('WarpAndWeft', 'chat', id, 'ann', 'bobpass1', 'hi')).out,
      /wrong user id or password/,
    );
    assert.match(
      (await pbm('WarpAndWeft', 'decline', id, 'ann', 'annpass1')).out,
      /Void: ann declined the game/,
    );
    assert.match((await pbm('WarpAndWeft', 'reject', 'bob', 'bobpass1', 'on')).out, /rejects all/);
    assert.match(
      (await pbm('WarpAndWeft', 'challenge', 'ann', 'bob', 'annpass1')).out,
      /bob rejects all Warp and Weft challenges/,
    );
    const bot = await pbm('WarpAndWeft', 'challenge', '-size=2', 'computer', 'ann', 'annpass1');
    const botGame = /game (\d+) created/.exec(bot.out)?.[1] as string;
    let shown = '';
    for (let i = 0; i < 100 && !/next move is #2/.test(shown); i++) {
      await new Promise((r) => setTimeout(r, 30));
      shown = (await pbm('WarpAndWeft', 'show', botGame)).out;
    }
    assert.match(shown, /1\. \w+\s+ann \(Weft \(Horz\)\) to move; next move is #2/);
  });

  it('answers mistakes with a clear error', async () => {
    assert.match((await pbm('Chess', 'show', '1')).out, /unknown game or command "Chess"/);
    assert.match(
      (await pbm('WarpAndWeft', 'challenge', '-size=9', 'ann', 'computer', 'annpass1')).out,
      /size must be/,
    );
    assert.match(
      (await pbm('WarpAndWeft', 'challenge', '-wobbly', 'ann', 'computer', 'annpass1')).out,
      /unknown option -wobbly/,
    );
    assert.match((await pbm('WarpAndWeft', 'move', '1', 'ann')).out, /usage: WarpAndWeft move/);
    assert.match((await pbm('WarpAndWeft', 'show', 'twelve')).out, /not a board number/);
    assert.match((await pbm('WarpAndWeft', 'show', '999')).out, /there is no game 999/);
    assert.match((await pbm('WarpAndWeft', 'fly')).out, /unknown command "fly"/);
    assert.match(
      (await pbm('WarpAndWeft', 'help')).out,
      /WarpAndWeft move board userid password move\[#moveno\]/,
    );
  });
});
