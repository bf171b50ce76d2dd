/**
 * Per-client limits on a real server: the WebSocket connection cap (real sockets) and which
 * address rate limits and the cap key on behind a reverse proxy (TESSERA_TRUST_PROXY).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import WebSocket from 'ws';
import type { ServerConfig } from './config.ts';
import { testServer } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

/** Open a socket; resolves when it is open, or with its close code and reason if refused. */
function connect(base: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?format=json`, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const answer = (frame: object) =>
    new Promise<Record<string, unknown>>((resolve) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.send(JSON.stringify(frame));
    });
  return { socket, opened, closed, answer };
}

/** Wait (bounded) for the server to see what the clients did: closes arrive asynchronously. */
async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(condition(), what);
}

async function listening(overrides: Partial<ServerConfig>): Promise<{ s: Server; base: string }> {
  const s = await testServer(overrides);
  const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, base };
}

describe('WebSocket connection cap per client address', { timeout: 20_000 }, () => {
  it('refuses the connection after the cap with 1008 and a reason, and frees places on close', async () => {
    const { s, base } = await listening({ maxSocketsPerAddress: 3 });
    try {
      const admitted = [connect(base), connect(base), connect(base)];
      await Promise.all(admitted.map((c) => c.opened));
      // The admitted ones work.
      assert.deepEqual(await admitted[0]?.answer({ type: 'ping', ref: 1 }), { type: 'pong', ref: 1 });
      const extra = connect(base);
      assert.deepEqual(await extra.closed, {
        code: 1008,
        reason: 'too many connections from your address (at most 3)',
      });
      assert.equal(s.sockets.open(), 3, 'the refused connection is not counted');
      // Closing one makes room for one more.
      admitted[0]?.socket.close();
      await admitted[0]?.closed;
      await until(() => s.sockets.open() === 2, 'the server saw the close');
      const again = connect(base);
      await again.opened;
      assert.deepEqual(await again.answer({ type: 'ping' }), { type: 'pong' });
      // Subscribed connections leave nothing behind when they go.
      const ann = await s.account('ann');
      await s.account('bob');
      const made = await s.call('POST', '/api/games', { game: 'warpweft', players: ['ann', 'bob'] }, ann);
      assert.equal((await again.answer({ type: 'subscribe', game: made.body.id })).type, 'subscribed');
      assert.equal(s.hub.size(), 1);
      for (const c of [...admitted.slice(1), again]) c.socket.close();
      await Promise.all([...admitted.slice(1), again].map((c) => c.closed));
      await until(() => s.sockets.open() === 0, 'every connection was released');
      assert.equal(s.sockets.addresses(), 0);
      assert.equal(s.hub.size(), 0);
    } finally {
      await s.close();
    }
  });

  it('refuses everyone with 1013 when the server-wide cap is reached', async () => {
    const { s, base } = await listening({ maxSocketsPerAddress: 10, maxSockets: 2 });
    try {
      const admitted = [connect(base), connect(base)];
      await Promise.all(admitted.map((c) => c.opened));
      const { code, reason } = await connect(base).closed;
      assert.equal(code, 1013);
      assert.match(reason, /too many connections; try again later/);
      for (const c of admitted) c.socket.close();
      await until(() => s.sockets.open() === 0, 'every connection was released');
    } finally {
      await s.close();
    }
  });
});

describe('behind a reverse proxy (trustProxy)', { timeout: 20_000 }, () => {
  const tight = { perSecond: 0.001, burst: 2 };
  const fast = { perSecond: 10_000, burst: 10_000 };
  const rate = { client: tight, account: fast, socket: fast, password: fast };
  const health = (s: Server, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    s.app.inject({ method: 'GET', url: '/api/health', headers, remoteAddress }).then((r) => r.statusCode);

  it('keys the rate limit on the connecting address when off, whatever X-Forwarded-For says', async () => {
    const s = await testServer({ rate });
    try {
      assert.equal(await health(s, { 'x-forwarded-for': '198.51.100.1' }), 200);
      assert.equal(await health(s, { 'x-forwarded-for': '198.51.100.2' }), 200);
      // A forged header does not buy a fresh bucket.
      assert.equal(await health(s, { 'x-forwarded-for': '198.51.100.3' }), 429);
    } finally {
      await s.close();
    }
  });

  it('keys the rate limit on the X-Forwarded-For client when on', async () => {
    const s = await testServer({ rate, trustProxy: true });
    try {
      const one = { 'x-forwarded-for': '198.51.100.1' };
      assert.deepEqual([await health(s, one), await health(s, one), await health(s, one)], [200, 200, 429]);
      assert.equal(await health(s, { 'x-forwarded-for': '198.51.100.2' }), 200, 'another client has its own');
    } finally {
      await s.close();
    }
  });

  it('believes X-Forwarded-For only from listed proxies, and only as many hops as trusted', async () => {
    const s = await testServer({ rate, trustProxy: ['10.0.0.0/8'] });
    try {
      const one = { 'x-forwarded-for': '198.51.100.1' };
      // Through the proxy at 10.1.2.3: the client's own bucket.
      assert.equal(await health(s, one, '10.1.2.3'), 200);
      assert.equal(await health(s, one, '10.1.2.3'), 200);
      assert.equal(await health(s, one, '10.1.2.3'), 429);
      assert.equal(await health(s, { 'x-forwarded-for': '198.51.100.2' }, '10.1.2.3'), 200);
      // Straight from an untrusted address, the header is ignored: its own bucket, not 198.51.100.2's.
      const direct = { 'x-forwarded-for': '198.51.100.2' };
      assert.deepEqual(
        [await health(s, direct, '203.0.113.9'), await health(s, direct, '203.0.113.9')],
        [200, 200],
      );
      assert.equal(await health(s, direct, '203.0.113.9'), 429);
    } finally {
      await s.close();
    }
    // One trusted hop: a client cannot pick its address by prepending to the header.
    const hop = await testServer({ rate, trustProxy: 1 });
    try {
      const forged = (fake: string) => ({ 'x-forwarded-for': `${fake}, 198.51.100.7` });
      assert.deepEqual(
        [
          await health(hop, forged('192.0.2.1')),
          await health(hop, forged('192.0.2.2')),
          await health(hop, forged('192.0.2.3')),
        ],
        [200, 200, 429],
      );
      // The address the proxy saw is the key: another client still has its own bucket.
      assert.equal(await health(hop, { 'x-forwarded-for': '192.0.2.1, 198.51.100.8' }), 200);
    } finally {
      await hop.close();
    }
  });

  it('keys the WebSocket cap on the forwarded client address when trusted', async () => {
    const { s, base } = await listening({ maxSocketsPerAddress: 1, trustProxy: ['127.0.0.1'] });
    try {
      const a = connect(base, { 'x-forwarded-for': '198.51.100.1' });
      const b = connect(base, { 'x-forwarded-for': '198.51.100.2' });
      await Promise.all([a.opened, b.opened]);
      assert.equal(s.sockets.openFrom('198.51.100.1'), 1);
      assert.equal((await connect(base, { 'x-forwarded-for': '198.51.100.1' }).closed).code, 1008);
      for (const c of [a, b]) c.socket.close();
      await until(() => s.sockets.open() === 0, 'every connection was released');
    } finally {
      await s.close();
    }
  });
});
