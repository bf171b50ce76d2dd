/**
 * The account settings: changing the password and logging out everywhere end sessions on every
 * device (their sockets close), both are rate limited as logins are; and what a player keeps of
 * Intricacy on the server (progress, saved locks) is checked, limited and private to them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { MAX_SAVED_LOCKS } from '../api/index.ts';
import { LiveClient } from './live/ws-client.ts';
import { testServer } from './test-support.ts';

const LOCK = readFileSync(new URL('../../locks/tutorial/01-winning.lock', import.meta.url), 'utf8');

describe('account settings: sessions', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let base: string;
  before(async () => {
    s = await testServer();
    await s.account('ann');
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  });
  after(() => s.close());

  const login = async (password = 'pass1234') =>
    (await s.call('POST', '/api/login', { user: 'ann', password })).body.token as string;
  const socket = async (token: string) => {
    const live = new LiveClient(base, { format: 'json' });
    await live.opened;
    live.send({ type: 'auth', token });
    await live.next((f) => f.type === 'auth');
    return live;
  };
  const ended = { code: 1008, reason: 'your session has ended; log in again' };

  it('logs out everywhere: every session is refused after, and every socket is closed, this one too', async () => {
    const [phone, desktop] = [await login(), await login()];
    const [phoneSocket, desktopSocket] = [await socket(phone), await socket(desktop)];
    assert.equal((await s.call('POST', '/api/logout/everywhere', undefined, desktop)).status, 200);
    assert.deepEqual(await phoneSocket.closed, ended);
    assert.deepEqual(await desktopSocket.closed, ended);
    for (const token of [phone, desktop]) {
      const me = await s.call('GET', '/api/me', undefined, token);
      assert.equal(me.status, 401);
      assert.equal(me.body.code, 'unauthorized');
    }
    assert.equal((await s.call('POST', '/api/logout/everywhere')).status, 401, 'needs a session');
  });

  it('changes the password: the old one is refused after, other devices are logged out, this one stays', async () => {
    const [here, elsewhere] = [await login(), await login()];
    const wrong = await s.call('POST', '/api/password', { old: 'nope1234', new: 'fresh5678' }, here);
    // The session is still good: the refusal is about the current password only, not a 401.
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.error, 'the current password is wrong');
    assert.equal((await s.call('GET', '/api/me', undefined, here)).status, 200);
    const short = await s.call('POST', '/api/password', { old: 'pass1234', new: 'ab' }, here);
    assert.equal(short.body.error, 'a password is 4 to 128 characters without spaces');
    assert.equal(
      (await s.call('POST', '/api/password', { old: 'pass1234', new: 'fresh5678' }, here)).status,
      200,
    );
    assert.equal((await s.call('POST', '/api/login', { user: 'ann', password: 'pass1234' })).status, 401);
    assert.equal((await s.call('GET', '/api/me', undefined, elsewhere)).status, 401);
    assert.equal((await s.call('GET', '/api/me', undefined, here)).status, 200);
    assert.equal((await s.call('POST', '/api/login', { user: 'ann', password: 'fresh5678' })).status, 200);
  });
});

describe('account settings: rate limits', () => {
  it('counts a password change and logging out everywhere as password checks, as logins are', async () => {
    const fast = { perSecond: 1000, burst: 1000 };
    const s = await testServer({
      rate: { client: fast, account: fast, socket: fast, password: { perSecond: 0.01, burst: 4 } },
    });
    try {
      const token = await s.account('ann'); // a sign-up and a login: two checks
      const statuses = [
        (await s.call('POST', '/api/password', { old: 'wrong123', new: 'fresh5678' }, token)).status,
        (await s.call('POST', '/api/password', { old: 'wrong123', new: 'fresh5678' }, token)).status,
        (await s.call('POST', '/api/logout/everywhere', undefined, token)).status,
      ];
      assert.deepEqual(statuses, [403, 403, 429]);
    } finally {
      await s.close();
    }
  });
});

describe('Intricacy progress and saved locks on the server', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let ann: string;
  let bob: string;
  before(async () => {
    s = await testServer();
    ann = await s.account('ann');
    bob = await s.account('bob');
  });
  after(() => s.close());

  it('merges progress from every device, keeping the fewest turns, and refuses locks it does not know', async () => {
    assert.deepEqual((await s.call('GET', '/api/intricacy/progress', undefined, ann)).body, {
      solved: {},
      skipInitiation: false,
    });
    await s.call('POST', '/api/intricacy/progress', { solved: { 'tutorial/01-winning': 6 } }, ann);
    const merged = await s.call(
      'POST',
      '/api/intricacy/progress',
      { solved: { 'tutorial/01-winning': 9, 'tutorial/02-tools': 3 }, skipInitiation: true },
      ann,
    );
    assert.deepEqual(merged.body, {
      solved: { 'tutorial/01-winning': 6, 'tutorial/02-tools': 3 },
      skipInitiation: true,
    });
    const unknown = await s.call('POST', '/api/intricacy/progress', { solved: { 'tutorial/99': 1 } }, ann);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error, 'there is no tutorial or initiation lock called "tutorial/99"');
    assert.deepEqual((await s.call('GET', '/api/intricacy/progress', undefined, bob)).body.solved, {});
    assert.equal((await s.call('GET', '/api/intricacy/progress')).status, 401);
  });

  it('keeps saved locks per account, checks them, and says why one is refused', async () => {
    const put = (name: string, body: unknown, token = ann) =>
      s.call('PUT', `/api/intricacy/saved/${encodeURIComponent(name)}`, body, token);
    assert.equal((await put('My lock', { text: LOCK, solution: 'hE hE' })).status, 200);
    const list = (await s.call('GET', '/api/intricacy/saved', undefined, ann)).body;
    assert.equal(list.max, MAX_SAVED_LOCKS);
    assert.deepEqual(
      (list.locks as { name: string; text: string; solution: string }[]).map((l) => [
        l.name,
        l.text,
        l.solution,
      ]),
      [['My lock', LOCK, 'hE hE']],
    );
    assert.deepEqual((await s.call('GET', '/api/intricacy/saved', undefined, bob)).body.locks, []);
    const broken = await put('Broken', { text: 'hello', solution: null });
    assert.equal(broken.status, 400);
    assert.match(broken.body.error as string, /^the lock: line 1/);
    const badMoves = await put('Bad moves', { text: LOCK, solution: 'zz' });
    assert.match(badMoves.body.error as string, /^the solution: /);
    const long = await put('x'.repeat(61), { text: LOCK, solution: null });
    assert.equal(long.body.error, "a saved lock's name is 1 to 60 characters");
    const gone = await s.call('DELETE', '/api/intricacy/saved/Nothing', undefined, ann);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error, 'you have no saved lock called "Nothing"');
    assert.equal(
      (await s.call('DELETE', `/api/intricacy/saved/${encodeURIComponent('My lock')}`, undefined, ann))
        .status,
      200,
    );
    assert.deepEqual((await s.call('GET', '/api/intricacy/saved', undefined, ann)).body.locks, []);
  });

  it('keeps at most its limit of locks per account', async () => {
    for (let i = 0; i < MAX_SAVED_LOCKS; i++)
      assert.equal(
        (await s.call('PUT', `/api/intricacy/saved/lock${i}`, { text: LOCK, solution: null }, bob)).status,
        200,
      );
    const over = await s.call('PUT', '/api/intricacy/saved/one-more', { text: LOCK, solution: null }, bob);
    assert.equal(over.status, 409);
    assert.equal(
      over.body.error,
      `you have ${MAX_SAVED_LOCKS} saved locks, the most an account keeps: delete one first`,
    );
    assert.equal(
      (await s.call('PUT', '/api/intricacy/saved/lock0', { text: LOCK, solution: null }, bob)).status,
      200,
    );
  });
});
