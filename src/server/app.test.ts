/** The whole server in process: accounts, sessions and their sockets, games. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GAMES } from '../games/index.ts';
import { warpweft } from '../games/warpweft/index.ts';
import { LiveClient } from './live/ws-client.ts';
import { hashToken } from './service/auth.ts';
import { testServer } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

const firstLegal = (view: unknown) =>
  warpweft.formatMove(warpweft.legalMoves(view as never)[0] as never, view as never);

describe('server: accounts', () => {
  let s: Server;
  before(async () => {
    s = await testServer();
  });
  after(() => s.close());

  it('signs up, logs in with a hashed expiring session, changes password, logs out', async () => {
    assert.equal((await s.call('POST', '/api/signup', { user: 'Ann', password: 'pass1234' })).status, 201);
    const taken = await s.call('POST', '/api/signup', { user: 'ann', password: 'other123' });
    assert.equal(taken.status, 409);
    assert.match(taken.body.error ?? '', /taken/);
    const bad = await s.call('POST', '/api/login', { user: 'ann', password: 'nope1234' });
    assert.equal(bad.status, 401);
    const login = await s.call('POST', '/api/login', { user: 'ANN', password: 'pass1234' });
    assert.equal(login.status, 200);
    const token = login.body.token as string;
    assert.ok((login.body.expiresAt as number) > Date.now());
    // Only the token's hash is stored.
    assert.equal(await s.store.getSession(token), undefined);
    assert.equal((await s.store.getSession(hashToken(token)))?.userId, 'ann');
    assert.deepEqual((await s.call('GET', '/api/me', undefined, token)).body, { user: 'ann' });
    const other = (await s.call('POST', '/api/login', { user: 'ann', password: 'pass1234' })).body
      .token as string;
    assert.equal(
      (await s.call('POST', '/api/password', { old: 'pass1234', new: 'newpass99' }, token)).status,
      200,
    );
    assert.equal((await s.call('GET', '/api/me', undefined, other)).status, 401, 'other sessions end');
    assert.equal((await s.call('GET', '/api/me', undefined, token)).status, 200);
    assert.equal((await s.call('POST', '/api/login', { user: 'ann', password: 'newpass99' })).status, 200);
    await s.call('POST', '/api/logout', undefined, token);
    assert.equal((await s.call('GET', '/api/me', undefined, token)).status, 401);
  });

  it('refuses bad user ids, the reserved computer id, and logging in as the computer', async () => {
    const badId = await s.call('POST', '/api/signup', { user: '1abc', password: 'pass1234' });
    assert.equal(badId.status, 400);
    assert.match(badId.body.error ?? '', /user/);
    assert.equal(
      (await s.call('POST', '/api/signup', { user: 'computer', password: 'pass1234' })).status,
      409,
    );
    assert.equal((await s.call('POST', '/api/login', { user: 'computer', password: '!' })).status, 400);
    assert.equal((await s.call('POST', '/api/login', { user: 'computer', password: '!!!!' })).status, 401);
  });

  it('expires sessions', async () => {
    const token = await s.account('old');
    const session = await s.store.getSession(hashToken(token));
    assert.ok(session);
    await s.store.deleteSession(hashToken(token));
    await s.store.createSession(hashToken(token), 'old', Date.now() - 1);
    assert.equal((await s.call('GET', '/api/me', undefined, token)).status, 401);
  });
});

describe('server: a session that ends takes its WebSockets with it', () => {
  let s: Server;
  let base: string;
  let bob: string;
  let game: { id: number; view: unknown };
  before(async () => {
    s = await testServer();
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    await s.account('ann');
    bob = await s.account('bob');
    const login = await s.call('POST', '/api/login', { user: 'ann', password: 'pass1234' });
    game = (
      await s.call(
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['ann', 'bob'] },
        login.body.token as string,
      )
    ).body as typeof game;
  });
  after(() => s.close());

  const login = async (user: string, password = 'pass1234') =>
    (await s.call('POST', '/api/login', { user, password })).body.token as string;
  /** A socket logged in with an auth frame and subscribed to the game as a player. */
  const player = async (token: string) => {
    const live = new LiveClient(base, { format: 'json' });
    await live.opened;
    live.send({ type: 'auth', token });
    await live.next((f) => f.type === 'auth');
    live.send({ type: 'subscribe', gameId: game.id });
    assert.equal((await live.next((f) => f.type === 'subscribed')).seat, 0);
    return live;
  };
  const ended = { code: 1008, reason: 'your session has ended; log in again' };
  const chat = async (text: string) =>
    assert.equal((await s.call('POST', `/api/games/${game.id}/chat`, { text }, bob)).status, 201);

  it('closes the sockets of a session that logs out; another session of the user keeps its own', async () => {
    const [first, second] = [await login('ann'), await login('ann')];
    const [out, stays] = [await player(first), await player(second)];
    assert.equal((await s.call('POST', '/api/logout', undefined, first)).status, 200);
    assert.deepEqual(await out.closed, ended);
    await chat('still there?');
    assert.equal((await stays.next((f) => f.type === 'chat')).text, 'still there?');
    assert.equal(out.frames.filter((f) => f.type === 'chat').length, 0);
    await stays.close();
  });

  it('closes the sockets of the sessions a password change ends, but not the changer’s', async () => {
    const [changer, other] = [await login('ann'), await login('ann')];
    const [kept, gone] = [await player(changer), await player(other)];
    const changed = await s.call('POST', '/api/password', { old: 'pass1234', new: 'pass5678' }, changer);
    assert.equal(changed.status, 200);
    assert.deepEqual(await gone.closed, ended);
    await chat('new password?');
    assert.equal((await kept.next((f) => f.type === 'chat')).text, 'new password?');
    // A password changed by PBeM command ends every session.
    const pbm = await s.call('POST', '/api/pbm', { args: ['password', 'ann', 'pass5678', 'pass1234'] });
    assert.equal(pbm.status, 200, pbm.body.text as string);
    assert.deepEqual(await kept.closed, ended);
  });

  it('refuses a move from a socket whose session another process ended, and closes it', async () => {
    const token = await login('ann');
    const live = await player(token);
    await s.store.deleteSession(hashToken(token));
    live.send({ type: 'move', gameId: game.id, move: firstLegal(game.view), moveNo: 1, ref: 7 });
    assert.deepEqual(await live.closed, ended);
    assert.equal(live.frames.filter((f) => f.type === 'ack').length, 0);
    assert.equal((await s.call('GET', `/api/games/${game.id}`)).body.moveCount, 0);
  });

  it('ends what a socket was granted when it authenticates again as someone else or as nobody', async () => {
    await s.account('cat');
    for (const token of ['not-a-session', await login('cat')]) {
      const ann = await login('ann');
      const live = await player(ann);
      live.send({ type: 'subscribe', notices: true });
      await live.next((f) => f.type === 'subscribed' && f.notices === true);
      live.send({ type: 'auth', token });
      await live.next((f) => f.type === 'auth' || f.code === 'unauthorized');
      // The socket no longer acts for ann's session, so her logout leaves it open: it must no
      // longer hear her board's chat or her notices.
      assert.equal((await s.call('POST', '/api/logout', undefined, ann)).status, 200);
      await chat('for ann only');
      const challenge = await s.call(
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['bob', 'ann'] },
        bob,
      );
      assert.equal(challenge.status, 201);
      live.send({ type: 'ping', ref: 'after' });
      await live.next((f) => f.type === 'pong');
      assert.deepEqual(
        live.frames.filter((f) => f.type === 'chat' || f.type === 'notice').map((f) => f.type),
        [],
      );
      await live.close();
    }
  });

  it('closes the sockets of sessions that expired or were ended elsewhere at the periodic check', async () => {
    const [expiring, removed, current] = [await login('ann'), await login('ann'), await login('ann')];
    const sockets = [await player(expiring), await player(removed), await player(current)];
    await s.store.deleteSession(hashToken(expiring));
    await s.store.createSession(hashToken(expiring), 'ann', Date.now() - 1);
    await s.store.deleteSession(hashToken(removed));
    await s.checkSessions();
    assert.deepEqual(await sockets[0]?.closed, ended);
    assert.deepEqual(await sockets[1]?.closed, ended);
    assert.equal(sockets[2]?.open, true);
    assert.equal(s.sessions.size(), 1);
    await sockets[2]?.close();
  });
});

describe('server: games', () => {
  let s: Server;
  let ann: string;
  let bob: string;
  let eve: string;
  before(async () => {
    s = await testServer();
    ann = await s.account('ann');
    bob = await s.account('bob');
    eve = await s.account('eve');
  });
  after(() => s.close());

  const challenge = async (options: object = { size: 2 }, opponent = 'bob') => {
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', opponent], options },
      ann,
    );
    assert.equal(made.status, 201, made.body.error);
    return made.body as { id: number; view: unknown; moveCount: number };
  };

  it('creates a board at once by challenge, and only for a game the challenger plays in', async () => {
    const game = await challenge();
    assert.equal(game.moveCount, 0);
    const listed = await s.call('GET', '/api/games?user=bob&filter=active', undefined, bob);
    const mine = (listed.body as unknown as { id: number; challenger: string | null }[]).find(
      (g) => g.id === game.id,
    );
    assert.equal(mine?.challenger, 'ann', 'the challenged player sees who challenged them');
    const forOthers = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'] },
      eve,
    );
    assert.equal(forOthers.status, 403);
    const anon = await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['ann', 'bob'] });
    assert.equal(anon.status, 401);
    const ghost = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'ghost'] },
      ann,
    );
    assert.equal(ghost.status, 404);
    const badOption = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 7 } },
      ann,
    );
    assert.equal(badOption.status, 400);
    assert.match(badOption.body.error ?? '', /size/);
  });

  it('honours reject-all for a game type', async () => {
    assert.equal((await s.call('PUT', '/api/rejects/warpweft', { reject: true }, eve)).status, 200);
    const refused = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'eve'] },
      ann,
    );
    assert.equal(refused.status, 403);
    assert.match(refused.body.error ?? '', /rejects all Warp and Weft challenges/);
    await s.call('PUT', '/api/rejects/warpweft', { reject: false }, eve);
    assert.equal(
      (await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['ann', 'eve'] }, ann)).status,
      201,
    );
  });

  it('plays moves by number, refusing a stale one with the current number', async () => {
    const game = await challenge();
    const move = firstLegal(game.view);
    const ok = await s.call('POST', `/api/games/${game.id}/moves`, { move, moveNo: 1 }, ann);
    assert.equal(ok.status, 200, ok.body.error);
    const dup = await s.call('POST', `/api/games/${game.id}/moves`, { move, moveNo: 1 }, ann);
    assert.equal(dup.status, 409);
    assert.match(dup.body.error ?? '', /game is at move 1, the next move is #2/);
    const shown = await s.call('GET', `/api/games/${game.id}?at=0`);
    assert.equal(shown.body.asOf, 0);
    assert.equal((shown.body.moves as unknown[]).length, 1);
  });

  it('lets an outsider move, resign, queue or read chat in no game, and shows them no private part', async () => {
    const game = await challenge();
    await s.call('POST', `/api/games/${game.id}/chat`, { text: 'secret plan' }, ann);
    await s.call('POST', `/api/games/${game.id}/queue`, { moves: ['threads'] }, bob);
    const move = firstLegal(game.view);
    for (const [method, path, body] of [
      ['POST', 'moves', { move }],
      ['POST', 'resign', undefined],
      ['POST', 'decline', undefined],
      ['GET', 'chat', undefined],
      ['POST', 'chat', { text: 'hi' }],
      ['GET', 'queue', undefined],
      ['POST', 'queue', { moves: [move] }],
      ['DELETE', 'queue', undefined],
    ] as const) {
      const r = await s.call(method, `/api/games/${game.id}/${path}`, body, eve);
      assert.equal(r.status, 403, `${method} ${path}: ${r.body.error}`);
      const anon = await s.call(method, `/api/games/${game.id}/${path}`, body);
      assert.equal(anon.status, 401, `${method} ${path} without logging in`);
    }
    const asEve = await s.call('GET', `/api/games/${game.id}`, undefined, eve);
    assert.equal(asEve.body.private, undefined);
    assert.doesNotMatch(JSON.stringify(asEve.body), /secret plan/);
    const asAnn = await s.call('GET', `/api/games/${game.id}`, undefined, ann);
    assert.match(JSON.stringify(asAnn.body.private), /secret plan/);
    const asBob = await s.call('GET', `/api/games/${game.id}/queue`, undefined, bob);
    assert.deepEqual(asBob.body, { moves: ['threads'] });
    assert.equal((await s.store.loadGame(game.id))?.moveCount, 0);
  });

  it('declines, resigns, lists, rates and keeps history', async () => {
    const declined = await challenge({ size: 2 }, 'eve');
    assert.equal(
      (await s.call('POST', `/api/games/${declined.id}/decline`, undefined, eve)).body.status,
      'void',
    );
    // Resigning before both players have moved voids the game; after, the other player wins.
    const early = await challenge({ size: 2 }, 'eve');
    const e = await s.call('POST', `/api/games/${early.id}/resign`, undefined, ann);
    assert.equal(e.body.status, 'void');
    const resigned = await challenge({ size: 2 }, 'eve');
    for (const player of [ann, eve]) {
      const { view } = (await s.call('GET', `/api/games/${resigned.id}`)).body;
      assert.equal(
        (await s.call('POST', `/api/games/${resigned.id}/moves`, { move: firstLegal(view) }, player)).status,
        200,
      );
    }
    const r = await s.call('POST', `/api/games/${resigned.id}/resign`, undefined, ann);
    assert.equal(r.body.status, 'finished');
    const inactive = await s.call('GET', '/api/games?user=ann&filter=inactive');
    const ids = (inactive.body as unknown as { id: number }[]).map((g) => g.id);
    assert.ok(ids.includes(declined.id) && ids.includes(resigned.id));
    const ratings = (await s.call('GET', '/api/ratings/warpweft')).body as unknown as {
      user: string;
      wins: number;
      provisional: boolean;
    }[];
    assert.equal(ratings.find((x) => x.user === 'eve')?.wins, 1);
    assert.equal(ratings[0]?.provisional, true);
    const history = (await s.call('GET', '/api/history/warpweft')).body as unknown as { id: number }[];
    assert.ok(history.some((g) => g.id === resigned.id));
    assert.equal((await s.call('GET', '/api/ratings/chess')).status, 404);
  });

  it('plays the computer’s moves in a worker thread', async () => {
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['computer', 'ann'], options: { size: 2 } },
      ann,
    );
    assert.equal(made.status, 201, made.body.error);
    const id = made.body.id as number;
    let moveCount = 0;
    for (let i = 0; i < 100 && moveCount === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      moveCount = (await s.store.loadGame(id))?.moveCount ?? 0;
    }
    assert.equal(moveCount, 1);
    assert.equal((await s.store.loadGame(id))?.toMove, 'ann');
  });
});

describe('server: limits and bad input', () => {
  let s: Server;
  before(async () => {
    const slow = { perSecond: 1, burst: 5 };
    s = await testServer({ rate: { client: slow, account: slow, socket: slow, password: slow } });
  });
  after(() => s.close());

  it('refuses unknown fields, oversize bodies and floods with clear 4xx replies', async () => {
    const extra = await s.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { user: 'zed', password: 'pass1234', admin: true },
    });
    assert.equal(extra.statusCode, 400);
    assert.match(extra.json().error, /^there is no field "admin"; the fields are user, password and email$/);
    const big = await s.app.inject({
      method: 'POST',
      url: '/api/pbm',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ args: ['x'.repeat(20_000)] }),
    });
    assert.equal(big.statusCode, 413);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await s.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    assert.ok(statuses.includes(429));
    const limited = await s.app.inject({ method: 'GET', url: '/api/health' });
    assert.match(limited.json().error, /too many requests/);
  });
});

describe('server: password checks are rate limited per address', () => {
  it('refuses a flood of logins with 429 before spending scrypt on them', async () => {
    const fast = { perSecond: 1000, burst: 1000 };
    const s = await testServer({
      rate: { client: fast, account: fast, socket: fast, password: { perSecond: 1, burst: 3 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await s.call('POST', '/api/login', { user: 'nobody', password: 'guess123' })).status);
      }
      assert.deepEqual(statuses.slice(0, 3), [401, 401, 401]);
      assert.equal(statuses.at(-1), 429);
      assert.equal((await s.call('GET', '/api/health')).status, 200, 'other requests still pass');
    } finally {
      await s.close();
    }
  });
});

describe('server: game type names', () => {
  it('answers a name that is a property of every object as an unknown game, not a server error', async () => {
    const s = await testServer();
    try {
      const token = await s.account('ann');
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        for (const [method, url, body] of [
          ['GET', `/api/history/${name}`, undefined],
          ['GET', `/api/ratings/${name}`, undefined],
          ['PUT', `/api/rejects/${name}`, { reject: true }],
          ['GET', `/api/games/live?type=${name}`, undefined],
          ['GET', `/api/games?user=ann&type=${name}`, undefined],
          ['POST', '/api/games', { gameType: name, players: ['ann', 'computer'] }],
        ] as const) {
          const answer = await s.call(method, url, body, token);
          assert.equal(answer.status, 404, `${method} ${url}: ${answer.body.error}`);
          assert.equal(answer.body.error, `there is no game called ${name}`);
        }
      }
    } finally {
      await s.close();
    }
  });
});

describe('server: the web client', () => {
  it('serves the built client at /, its files, and its page for any other address', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'tessera-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Tessera</title>');
    writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1)');
    const s = await testServer({ webRoot });
    try {
      const home = await s.app.inject({ method: 'GET', url: '/' });
      assert.equal(home.statusCode, 200);
      assert.match(home.body, /<title>Tessera/);
      // Security headers: only its own scripts, no framing, no content sniffing.
      assert.match(String(home.headers['content-security-policy']), /default-src 'self'.*script-src 'self'/);
      assert.match(String(home.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(home.headers['x-frame-options'], 'DENY');
      assert.equal(home.headers['x-content-type-options'], 'nosniff');
      const script = await s.app.inject({ method: 'GET', url: '/assets/app.js' });
      assert.match(String(script.headers['content-type']), /javascript/);
      const deep = await s.app.inject({ method: 'GET', url: '/games/12' });
      assert.equal(deep.statusCode, 200);
      assert.match(deep.body, /<title>Tessera/);
      const api = await s.app.inject({ method: 'GET', url: '/api/nothing' });
      assert.equal(api.statusCode, 404);
      assert.match(api.json().error, /no such endpoint/);
      // Every answer carries them, the API's and its refusals too.
      for (const answer of [api, await s.app.inject({ method: 'POST', url: '/api/login', payload: {} })]) {
        assert.equal(answer.headers['x-content-type-options'], 'nosniff');
        assert.match(String(answer.headers['content-security-policy']), /frame-ancestors 'none'/);
      }
    } finally {
      await s.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('server: every two-player game in the registry', () => {
  it('is challenged, moved, shown and resigned through the same endpoints', async () => {
    const s = await testServer();
    try {
      const ann = await s.account('ann');
      const bob = await s.account('bob');
      const twoPlayer = Object.values(GAMES).filter((g) => {
        const options = g.parseOptions(undefined);
        return options.ok && g.seatCount(options.value) === 2;
      });
      assert.ok(twoPlayer.some((g) => g.id === 'warpweft'));
      for (const game of twoPlayer) {
        const made = await s.call('POST', '/api/games', { gameType: game.id, players: ['ann', 'bob'] }, ann);
        assert.equal(made.status, 201, `${game.id}: ${made.body.error}`);
        const id = made.body.id as number;
        const record = await s.store.loadGame(id);
        const first = game.legalMoves(record?.state)[0];
        const text = game.formatMove(first, record?.state);
        const moved = await s.call('POST', `/api/games/${id}/moves`, { move: text, moveNo: 1 }, ann);
        assert.equal(moved.status, 200, `${game.id} ${text}: ${moved.body.error}`);
        const shown = await s.call('GET', `/api/games/${id}`);
        assert.equal(shown.body.moveCount, 1);
        assert.equal(typeof shown.body.board, 'string');
        const after = (await s.store.loadGame(id))?.state;
        const reply = game.formatMove(game.legalMoves(after)[0], after);
        assert.equal((await s.call('POST', `/api/games/${id}/moves`, { move: reply }, bob)).status, 200);
        assert.equal(
          (await s.call('POST', `/api/games/${id}/resign`, undefined, bob)).body.status,
          'finished',
        );
      }
    } finally {
      await s.close();
    }
  });
});
