/**
 * Takebacks, previews and rematches, through the PBeM command language and over HTTP, on a real
 * server and store.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import {
  type GameShow,
  MAX_TAKEBACKS_PER_MOVE,
  type PreviewAnswer,
  TAKEBACK_PAGE,
  type TakebackPage,
} from '../../api/index.ts';
import { type WarpWeftState, warpweft } from '../../games/warpweft/index.ts';
import { LiveClient } from '../live/ws-client.ts';
import { testServer } from '../test-support.ts';

// On PostgreSQL when TEST_DATABASE_URL names one (in a schema of its own), else on SQLite.
const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres')
  ? process.env.TEST_DATABASE_URL
  : undefined;
const pgSchema = `t_${randomBytes(6).toString('hex')}`;

let s: Awaited<ReturnType<typeof testServer>>;
before(async () => {
  s = await testServer(pgUrl ? { databaseUrl: pgUrl, pgSchema } : {});
});
after(async () => {
  await s.close();
  if (!pgUrl) return;
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
  await client.end();
});

const pbm = async (line: string) => {
  const answer = await s.call('POST', '/api/pbm', { args: line.split(' ') });
  return { status: answer.status, ok: answer.body.ok as boolean, text: answer.body.text as string };
};
const said = async (line: string) => {
  const answer = await pbm(line);
  assert.ok(answer.ok, `${line}: ${answer.text}`);
  return answer.text;
};
const refused = async (line: string, status: number, text: RegExp) => {
  const answer = await pbm(line);
  assert.equal(answer.ok, false, line);
  assert.equal(answer.status, status, `${line}: ${answer.text}`);
  assert.match(answer.text, text);
};

/** A new Warp and Weft board between `a` (first) and `b`; its number. */
async function board(a: string, b: string): Promise<number> {
  const text = await said(`WarpAndWeft challenge -size=2 ${a} ${b} pass1234`);
  return Number(/game (\d+) created/.exec(text)?.[1]);
}

describe('takebacks, previews and rematches by PBeM command', () => {
  before(async () => {
    for (const user of ['ann', 'bob', 'cat']) await said(`signup ${user} pass1234`);
  });

  it('takes back a move both players agree to, and keeps it in the game’s history', async () => {
    const id = await board('ann', 'bob');
    await said(`WarpAndWeft move ${id} ann pass1234 A7`);
    await said(`WarpAndWeft move ${id} bob pass1234 C7`);
    await said(`WarpAndWeft move ${id} ann pass1234 E7`);
    // bob's last move and ann's answer to it: the last full turn.
    const offered = await said(`WarpAndWeft propose ${id} bob pass1234 undo`);
    assert.match(offered, /bob proposes to take back moves 2\. C7, 3\. E7/);
    assert.match(offered, new RegExp(`ann answers with: WarpAndWeft accept ${id} ann password`));
    await refused(
      `WarpAndWeft accept ${id} bob pass1234`,
      403,
      /your own proposal: ann accepts or rejects it/,
    );
    // The PBeM server's own form: the answer given as a move.
    const accepted = await said(`WarpAndWeft move ${id} ann pass1234 accept`);
    assert.match(accepted, /Moves 2 to 3 \(C7 E7\) of game \d+ taken back: bob proposed, ann accepted/);
    assert.match(accepted, /bob \(.*\) to move; next move is #2/);
    const shown = await s.call('GET', `/api/games/${id}`);
    const game = shown.body as unknown as GameShow;
    assert.equal(game.moveCount, 1);
    assert.deepEqual(
      game.takebacks?.map((t) => [t.fromMove, t.moves, t.proposer, t.acceptedBy]),
      [[2, ['C7', 'E7'], 'bob', 'ann']],
    );
    assert.match(
      await said(`WarpAndWeft show ${id}`),
      /Taken back: moves 2 to 3 \(C7 E7\), proposed by bob, accepted by ann\./,
    );
    // Play goes on from there, the move numbers reused.
    assert.match(await said(`WarpAndWeft move ${id} bob pass1234 G7#2`), /as move 2/);
  });

  it('answers every refusal with a sentence', async () => {
    const id = await board('ann', 'bob');
    await refused(`WarpAndWeft accept ${id} bob pass1234`, 400, /nobody has proposed a takeback in game/);
    await refused(`WarpAndWeft propose ${id} ann pass1234 undo`, 400, /you have not moved in game \d+ yet/);
    await refused(`WarpAndWeft propose ${id} ann pass1234 draw`, 400, /propose board userid password undo/);
    await refused(`WarpAndWeft propose ${id} cat pass1234 undo`, 403, /cat is not a player in game/);
    await said(`WarpAndWeft move ${id} ann pass1234 A7`);
    await said(`WarpAndWeft propose ${id} ann pass1234 undo`);
    await refused(`WarpAndWeft propose ${id} ann pass1234 undo`, 409, /you have already proposed a takeback/);
    await refused(`WarpAndWeft propose ${id} bob pass1234 undo`, 409, /ann has already proposed a takeback/);
    assert.match(await said(`WarpAndWeft reject ${id} bob pass1234`), /bob rejected the takeback/);
    // One proposal per player and position: asking again waits for the next move.
    await refused(
      `WarpAndWeft propose ${id} ann pass1234 undo`,
      409,
      /you have proposed a takeback at this point of game \d+ already: play on/,
    );
    await said(`WarpAndWeft move ${id} bob pass1234 C7`);
    await said(`WarpAndWeft propose ${id} ann pass1234 undo`);
    await said(`WarpAndWeft move ${id} ann pass1234 E7`);
    await refused(`WarpAndWeft accept ${id} bob pass1234`, 409, /lapsed: a move has been played since/);
    await said(`WarpAndWeft resign ${id} ann pass1234`);
    await refused(`WarpAndWeft propose ${id} bob pass1234 undo`, 400, /is over/);
    // The old reject still refuses challenges.
    assert.match(await said('WarpAndWeft reject cat pass1234 on'), /cat now rejects all/);
    await said('WarpAndWeft reject cat pass1234 off');
  });

  it('previews moves without playing them', async () => {
    const id = await board('ann', 'bob');
    const text = await said(`WarpAndWeft preview ${id} A7 C7`);
    assert.match(text, /Preview of game \d+, nothing played: 1\. A7 {2}2\. C7/);
    assert.match(text, /ann would be to move/);
    assert.match(await said(`WarpAndWeft show ${id}`), /No moves yet/);
    await refused(`WarpAndWeft preview ${id} zz99`, 400, /zz99/);
  });

  it('lets the computer agree to a takeback at once', async () => {
    const text = await said('WarpAndWeft challenge -size=2 ann computer pass1234');
    const id = Number(/game (\d+) created/.exec(text)?.[1]);
    await said(`WarpAndWeft move ${id} ann pass1234 A7`);
    // The computer answers in a moment, in a worker thread.
    let shown = await s.call('GET', `/api/games/${id}`);
    while (shown.body.moveCount !== 2) {
      await new Promise((resolve) => setImmediate(resolve));
      shown = await s.call('GET', `/api/games/${id}`);
    }
    const answer = await said(`WarpAndWeft propose ${id} ann pass1234 undo`);
    assert.match(answer, /Moves 1 to 2 \(A7 \S+\) of game \d+ taken back: ann proposed, computer accepted/);
    assert.match(answer, /ann \(.*\) to move; next move is #1/);
  });

  it('starts a rematch with the seats swapped once the game is over', async () => {
    const id = await board('cat', 'bob');
    await refused(`WarpAndWeft rematch ${id} bob pass1234`, 400, /still being played/);
    await said(`WarpAndWeft move ${id} cat pass1234 A7`);
    await said(`WarpAndWeft move ${id} bob pass1234 C7`);
    await said(`WarpAndWeft resign ${id} cat pass1234`);
    await refused(`WarpAndWeft rematch ${id} ann pass1234`, 403, /ann is not a player/);
    const text = await said(`WarpAndWeft rematch ${id} cat pass1234`);
    const again = Number(/game (\d+) created, seats swapped/.exec(text)?.[1]);
    const shown = (await s.call('GET', `/api/games/${again}`)).body as unknown as GameShow;
    assert.deepEqual(shown.players, ['bob', 'cat']);
    assert.deepEqual(shown.options, (await s.call('GET', `/api/games/${id}`)).body.options);
    assert.equal(shown.challenger, 'cat');
  });
});

describe('takebacks, previews and rematches over HTTP', () => {
  it('proposes, accepts, previews and rematches with a session', async () => {
    const dan = await s.account('dan');
    const eve = await s.account('eve');
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['dan', 'eve'], options: { size: 2 } },
      dan,
    );
    const id = made.body.id as number;
    assert.equal((await s.call('POST', `/api/games/${id}/moves`, { move: 'A7' }, dan)).status, 200);
    const seen = await s.call('POST', `/api/games/${id}/preview`, { moves: ['C7'] });
    assert.equal(seen.status, 200);
    assert.equal((seen.body as unknown as PreviewAnswer).toMove, 'dan');
    const offered = await s.call('POST', `/api/games/${id}/takeback`, { action: 'propose' }, dan);
    assert.equal(offered.status, 200);
    assert.deepEqual((offered.body as unknown as GameShow).takebackOffer, {
      by: 'dan',
      fromMove: 1,
      moves: ['A7'],
    });
    const own = await s.call('POST', `/api/games/${id}/takeback`, { action: 'accept' }, dan);
    assert.equal(own.status, 403);
    assert.equal(own.body.code, 'forbidden');
    const bad = await s.call('POST', `/api/games/${id}/takeback`, { action: 'maybe' }, eve);
    assert.equal(bad.status, 400);
    const accepted = await s.call('POST', `/api/games/${id}/takeback`, { action: 'accept' }, eve);
    assert.equal(accepted.status, 200);
    const game = accepted.body as unknown as GameShow;
    assert.equal(game.moveCount, 0);
    assert.equal(game.toMove, 'dan');
    assert.equal(game.takebackOffer, undefined);
    assert.equal(game.takebacks?.length, 1);
    assert.equal((await s.call('POST', `/api/games/${id}/rematch`, undefined, dan)).status, 400);
    await s.call('POST', `/api/games/${id}/resign`, undefined, eve);
    const rematch = await s.call('POST', `/api/games/${id}/rematch`, undefined, eve);
    assert.equal(rematch.status, 201);
    assert.deepEqual(rematch.body.players, ['eve', 'dan']);
  });
});

describe('what one player can send another', () => {
  it('bounds rematches like any challenge: three waiting for an answer at most', async () => {
    const joy = await s.account('joy');
    await s.account('kit');
    const made = await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['joy', 'kit'] }, joy);
    const id = made.body.id as number;
    await s.call('POST', `/api/games/${id}/resign`, undefined, joy);
    const asked = [];
    for (let i = 0; i < 5; i++) asked.push(await s.call('POST', `/api/games/${id}/rematch`, undefined, joy));
    assert.deepEqual(
      asked.map((a) => a.status),
      [201, 201, 201, 429, 429],
    );
    assert.equal(
      asked[3]?.body.error,
      'kit has not answered your last 3 challenges yet; wait until they move or decline',
    );
  });
});

describe('a game with many takebacks', () => {
  it('lists the latest takebacks in every view and pages the older ones by key', async () => {
    const hal = await s.account('hal');
    const ida = await s.account('ida');
    const tokens: Record<string, string> = { hal, ida };
    const made = await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['hal', 'ida'] }, hal);
    const id = made.body.id as number;
    const wanted = TAKEBACK_PAGE + 5;
    let taken = 0;
    while (taken < wanted) {
      const game = (await s.call('GET', `/api/games/${id}`)).body as unknown as GameShow;
      const user = game.toMove as string;
      const state = game.view as WarpWeftState;
      const move = warpweft.formatMove(warpweft.legalMoves(state)[0] as never, state);
      assert.equal((await s.call('POST', `/api/games/${id}/moves`, { move }, tokens[user])).status, 200);
      const offered = await s.call('POST', `/api/games/${id}/takeback`, { action: 'propose' }, tokens[user]);
      if (offered.status === 403) {
        assert.match(String(offered.body.error), new RegExp(`taken back ${MAX_TAKEBACKS_PER_MOVE} times`));
        continue;
      }
      const other = user === 'hal' ? ida : hal;
      assert.equal(
        (await s.call('POST', `/api/games/${id}/takeback`, { action: 'accept' }, other)).status,
        200,
      );
      taken++;
    }
    // Anonymous, one move of the log: still only the latest few takebacks, and the cursor.
    const shown = (await s.call('GET', `/api/games/${id}?limit=1`)).body as unknown as GameShow;
    assert.equal(shown.takebacks?.length, TAKEBACK_PAGE);
    const oldestShown = shown.takebacks?.[0]?.id as number;
    assert.equal(shown.takebacksBefore, oldestShown);
    const page = (await s.call('GET', `/api/games/${id}/takebacks?before=${oldestShown}&limit=3`))
      .body as unknown as TakebackPage;
    assert.equal(page.takebacks.length, 3);
    assert.ok(page.takebacks.every((t) => t.id < oldestShown));
    const rest = (await s.call('GET', `/api/games/${id}/takebacks?before=${page.before}`))
      .body as unknown as TakebackPage;
    assert.equal(rest.takebacks.length, wanted - TAKEBACK_PAGE - 3);
    assert.equal(rest.before, undefined);
    const all = [...rest.takebacks, ...page.takebacks, ...(shown.takebacks ?? [])];
    assert.deepEqual(
      all.map((t) => t.id),
      all.map((t) => t.id).sort((a, b) => a - b),
    );
    assert.equal(new Set(all.map((t) => t.id)).size, wanted);
    const text = (await pbm(`WarpAndWeft show ${id}`)).text;
    assert.match(text, /Earlier takebacks are not listed here; only the latest 10\./);
    assert.equal(text.match(/^Taken back:/gm)?.length, TAKEBACK_PAGE);
    assert.equal((await s.call('GET', `/api/games/${id}/takebacks?limit=0`)).status, 400);
    assert.equal((await s.call('GET', '/api/games/999999/takebacks')).status, 404);
  });
});

describe('a takeback over WebSocket', () => {
  it('tells every subscriber of an offer and its answer, and sends the position it went back to', async () => {
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const fay = await s.account('fay');
    const gus = await s.account('gus');
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['fay', 'gus'], options: { size: 2 } },
      fay,
    );
    const id = made.body.id as number;
    const start = made.body.view;
    const watcher = new LiveClient(base, { token: gus });
    await watcher.opened;
    watcher.send({ type: 'subscribe', gameId: id });
    await watcher.next((f) => f.type === 'state');
    await s.call('POST', `/api/games/${id}/moves`, { move: 'A7' }, fay);
    await watcher.next((f) => f.type === 'move' && f.moveNo === 1);
    await s.call('POST', `/api/games/${id}/takeback`, { action: 'propose' }, fay);
    const offered = await watcher.next((f) => f.type === 'takeback-offer');
    assert.deepEqual(offered.offer, { by: 'fay', fromMove: 1, moves: ['A7'] });
    await s.call('POST', `/api/games/${id}/takeback`, { action: 'reject' }, gus);
    assert.equal((await watcher.next((f) => f.type === 'takeback-offer' && f !== offered)).offer, null);
    // gus is asked once at a position: fay proposes again only once play has gone on.
    const again = await s.call('POST', `/api/games/${id}/takeback`, { action: 'propose' }, fay);
    assert.equal(again.status, 409);
    assert.match(String(again.body.error), /you have proposed a takeback at this point of game \d+ already/);
    await s.call('POST', `/api/games/${id}/moves`, { move: 'C7' }, gus);
    assert.equal((await s.call('POST', `/api/games/${id}/takeback`, { action: 'propose' }, fay)).status, 200);
    await s.call('POST', `/api/games/${id}/takeback`, { action: 'accept' }, gus);
    const state = await watcher.next((f) => f.type === 'state');
    assert.equal(state.moveCount, 0);
    assert.equal(state.toMove, 'fay');
    assert.deepEqual(state.view, start);
    await watcher.close();
  });
});
