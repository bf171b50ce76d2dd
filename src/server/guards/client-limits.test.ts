/**
 * Per-client limits on a real server: the connection caps and request timeouts (real sockets),
 * the password and frame limits, and which address rate limits and the caps key on behind a
 * reverse proxy (TESSERA_TRUST_PROXY).
 */
import assert from 'node:assert/strict';
import { type Socket, connect as tcp } from 'node:net';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import type { ServerConfig } from '../config/settings.ts';
import { testServer } from '../test-support.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

// A full garbage collection on demand, to see what the server still holds.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

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

/**
 * A raw TCP connection to the server from `from` (on Linux every 127.x address is this machine, so
 * tests can be several clients). `sent` is what the server answered; `closed` settles when the
 * server (or the test) ends the connection.
 */
function raw(base: string, from = '127.0.0.1', first = '') {
  const socket = tcp({ port: Number(new URL(base).port), host: '127.0.0.1', localAddress: from });
  let sent = '';
  socket.on('data', (d) => {
    sent += d;
  });
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  if (first) socket.write(first);
  return { socket, opened, closed, sent: () => sent };
}

/** One request on its own connection; resolves with the status line and body. */
async function rawRequest(base: string, from: string, request: string) {
  const c = raw(base, from, request);
  await c.closed;
  const text = c.sent();
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
    body: text.split('\r\n\r\n')[1] ?? '',
  };
}

const post = (path: string, body: object) => {
  const json = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`;
};
const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
/** A request whose body never finishes arriving. */
const SLOW_BODY =
  'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user":';

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
      const made = await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['ann', 'bob'] }, ann);
      assert.equal((await again.answer({ type: 'subscribe', gameId: made.body.id })).type, 'subscribed');
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

  it('refuses a client over its budget at once, then reads nothing more from that connection for about the delay', async () => {
    const { s, base } = await listening({ rate, overBudgetDelayMs: 2000 });
    try {
      // One keep-alive connection from 127.0.0.2, answered in order.
      const c = raw(base, '127.0.0.2');
      await c.opened;
      const answers = () => c.sent().match(/HTTP\/1\.1 \d{3}/g) ?? [];
      const ask = async (count: number) => {
        c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
        await until(() => answers().length === count, `answer ${count} arrived`);
      };
      await ask(1);
      await ask(2);
      const asked = performance.now();
      await ask(3);
      const refusedAt = performance.now();
      // At once: a refusal held for the delay kept its request alive meanwhile, and a flood's
      // held requests made every garbage collection longer for everyone.
      assert.ok(refusedAt - asked < 1000, `refused after ${Math.round(refusedAt - asked)} ms`);
      assert.deepEqual(answers(), ['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 429']);
      assert.match(c.sent(), /too many requests from your address; slow down/);
      // The next request on that connection waits unread, while someone else is served at once.
      c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.equal(await health(s, {}, '127.0.0.3'), 200);
      assert.equal((await rawRequest(base, '127.0.0.3', HEALTH)).status, 200);
      assert.equal(answers().length, 3, 'the connection is not read meanwhile');
      await until(() => answers().length === 4, 'the waiting request was answered in the end');
      const waited = performance.now() - refusedAt;
      // A random time from half the delay to one and a half times it.
      assert.ok(waited >= 990, `answered after ${Math.round(waited)} ms`);
      c.socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('lets one address’s connections over budget come back only in turn, however many it keeps', async () => {
    const { s, base } = await listening({
      rate,
      overBudgetDelayMs: 100,
      refusalsPerSecond: 20,
      // Shorter than the last connection's wait: a connection waiting its turn is not timed out.
      headersTimeoutMs: 300,
    });
    const KEEP_ALIVE = 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n';
    const clients = Array.from({ length: 20 }, () => raw(base, '127.0.0.2'));
    try {
      await Promise.all(clients.map((c) => c.opened));
      const answered = (count: number) => () =>
        clients.every((c) => (c.sent().match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= count);
      for (const c of clients) c.socket.write(KEEP_ALIVE);
      await until(answered(1), 'every first request was answered');
      const refusedAt = performance.now();
      // A second request on each: every connection refused above is read again only in its turn.
      const second: number[] = [];
      for (const c of clients) {
        c.socket.write(KEEP_ALIVE);
        c.socket.on('data', () => {
          if ((c.sent().match(/HTTP\/1\.1 \d{3}/g) ?? []).length === 2) second.push(performance.now());
        });
      }
      assert.equal((await rawRequest(base, '127.0.0.3', HEALTH)).status, 200, 'someone else is served');
      await until(answered(2), 'every second request was answered');
      for (const c of clients) assert.deepEqual(c.sent().match(/HTTP\/1\.1 \d{3}/g)?.[1], 'HTTP/1.1 429');
      // 18 connections were held (two fitted the burst), 20 a second: the last about 0.9 s on.
      // Each held for its own delay only, they would all have come back within 0.15 s.
      const spread = Math.max(...second) - refusedAt;
      assert.ok(spread >= 700, `the last came back ${Math.round(spread)} ms after the refusals`);
    } finally {
      for (const c of clients) c.socket.destroy();
      await s.close();
    }
  });

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

describe('slow requests and the connection cap for every connection', { timeout: 30_000 }, () => {
  it('answers a request whose headers or body arrive too slowly with 408 and closes it', async () => {
    const { s, base } = await listening({ requestTimeoutMs: 400, headersTimeoutMs: 200 });
    try {
      const body = raw(base, '127.0.0.1', SLOW_BODY);
      const headers = raw(base, '127.0.0.1', 'POST /api/login HTTP/1.1\r\nHost: x\r\n');
      const silent = raw(base);
      await Promise.all([body.closed, headers.closed, silent.closed]);
      assert.match(body.sent(), /^HTTP\/1\.1 408/);
      assert.match(headers.sent(), /^HTTP\/1\.1 408/);
      await until(() => s.connections.open() === 0, 'the server let go of the connections');
    } finally {
      await s.close();
    }
  });

  it('closes an idle keep-alive connection, but never a quiet WebSocket', async () => {
    const { s, base } = await listening({ keepAliveTimeoutMs: 200, idleTimeoutMs: 200 });
    try {
      const live = connect(base);
      await live.opened;
      // A request answered, then nothing: the connection is let go once idle.
      const idle = raw(base, '127.0.0.1', 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      await idle.closed;
      assert.match(idle.sent(), /^HTTP\/1\.1 200/);
      // The WebSocket has been quiet at least as long, and still answers.
      assert.deepEqual(await live.answer({ type: 'ping' }), { type: 'pong' });
      live.socket.close();
      await until(() => s.connections.open() === 0, 'every connection was released');
    } finally {
      await s.close();
    }
  });

  it('caps open connections per client address, HTTP included, and serves other clients meanwhile', async () => {
    const { s, base } = await listening({ maxConnectionsPerAddress: 3 });
    try {
      const slow = [1, 2, 3].map(() => raw(base, '127.0.0.2', SLOW_BODY));
      await Promise.all(slow.map((c) => c.opened));
      await until(() => s.connections.openFrom('127.0.0.2') === 3, 'the slow connections are counted');
      const refused = await rawRequest(base, '127.0.0.2', HEALTH);
      assert.equal(refused.status, 429);
      assert.deepEqual(JSON.parse(refused.body), {
        error: 'too many connections from your address (at most 3)',
        code: 'rate-limited',
      });
      // Someone else is served.
      assert.equal((await rawRequest(base, '127.0.0.3', HEALTH)).status, 200);
      // A WebSocket counts too.
      const ws = connect(base);
      await ws.opened;
      assert.equal(s.connections.openFrom('127.0.0.1'), 1);
      ws.socket.close();
      // Closing a connection frees its place.
      slow[0]?.socket.destroy();
      await slow[0]?.closed;
      await until(() => s.connections.openFrom('127.0.0.2') === 2, 'the server saw the close');
      assert.equal((await rawRequest(base, '127.0.0.2', HEALTH)).status, 200);
      for (const c of slow) c.socket.destroy();
      await until(() => s.connections.open() === 0, 'every connection was released');
    } finally {
      await s.close();
    }
  });

  /** A server allowing one connection per address, `requests` counting what its HTTP server read,
   * and 127.0.0.2's one connection taken by a request whose body never finishes. */
  async function capTaken(overrides: Partial<ServerConfig> = {}) {
    const { s, base } = await listening({ maxConnectionsPerAddress: 1, ...overrides });
    let requests = 0;
    s.app.server.on('request', () => {
      requests++;
    });
    const held = raw(base, '127.0.0.2', SLOW_BODY);
    try {
      await until(() => requests === 1, 'the first connection’s request arrived');
    } catch (error) {
      await s.close();
      throw error;
    }
    return { s, base, held, requests: () => requests };
  }

  it('never reads a request from a connection over the cap', async () => {
    const { s, base, held, requests } = await capTaken();
    try {
      // The request is already on its way when the connection is refused.
      const refused = await rawRequest(base, '127.0.0.2', post('/api/signup', { user: 'x', password: 'y' }));
      assert.equal(refused.status, 429);
      assert.equal(requests(), 1, 'the refused connection’s request never reached the HTTP server');
      // Clients that reset the connection at once (the refusal's write then fails) harm nothing.
      for (let i = 0; i < 20; i++) {
        const reset = raw(base, '127.0.0.2', 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
        reset.socket.once('connect', () => reset.socket.resetAndDestroy());
        await reset.closed;
      }
      assert.equal((await rawRequest(base, '127.0.0.3', HEALTH)).status, 200);
      held.socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('refuses a connection over the cap only after about the delay, reading nothing of it, while others are served', async () => {
    const { s, base, held, requests } = await capTaken({ overBudgetDelayMs: 2000 });
    try {
      const began = performance.now();
      // Its request is on its way: a client that reconnects as soon as it is refused waits too.
      const over = raw(base, '127.0.0.2', HEALTH);
      assert.equal((await rawRequest(base, '127.0.0.3', HEALTH)).status, 200, 'someone else is served');
      await over.closed;
      const waited = performance.now() - began;
      // A random time from half the delay to one and a half times it.
      assert.ok(waited >= 990, `refused after ${Math.round(waited)} ms`);
      assert.match(over.sent(), /^HTTP\/1\.1 429/);
      assert.equal(requests(), 2, 'the refused connection’s request never reached the HTTP server');
      held.socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('refuses one address’s connections over the cap in turn, however many it opens at once', async () => {
    const { s, base, held } = await capTaken({ overBudgetDelayMs: 100, refusalsPerSecond: 20 });
    try {
      const began = performance.now();
      const refusedAt: number[] = [];
      const over = Array.from({ length: 10 }, () => raw(base, '127.0.0.2', HEALTH));
      await Promise.all(over.map((c) => c.closed.then(() => refusedAt.push(performance.now()))));
      for (const c of over) assert.match(c.sent(), /^HTTP\/1\.1 429/);
      // 20 a second: the last about 0.5 s on; each held for its own delay only, within 0.15 s.
      const spread = Math.max(...refusedAt) - began;
      assert.ok(spread >= 400, `the last was refused ${Math.round(spread)} ms after they came`);
      held.socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('lets go of a refused connection as soon as it has closed', async () => {
    const { s, base } = await listening({ maxConnectionsPerAddress: 1 });
    // Only weak references to the server's side of each connection: the test must not keep
    // alive what it checks the server lets go of.
    const accepted: WeakRef<Socket>[] = [];
    s.app.server.prependListener('connection', (socket: Socket) => {
      accepted.push(new WeakRef(socket));
    });
    try {
      const held = raw(base, '127.0.0.2', SLOW_BODY);
      await until(() => accepted.length === 1, 'the first connection was accepted');
      assert.equal((await rawRequest(base, '127.0.0.2', HEALTH)).status, 429);
      // A flood of refusals must not pile up in memory for the cut-off time, a second each.
      const refused = accepted[1] as WeakRef<Socket>;
      await until(() => refused.deref()?.destroyed !== false, 'the server closed the refused connection');
      // (Checked well within the cut-off: a second.)
      for (let i = 0; i < 40 && refused.deref() !== undefined; i++) {
        await new Promise((r) => setTimeout(r, 5));
        collectGarbage();
      }
      assert.equal(refused.deref(), undefined, 'the refused connection is still held');
      held.socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('refuses everyone with 503 at the server-wide cap', async () => {
    const { s, base } = await listening({ maxConnectionsPerAddress: 10, maxConnections: 2 });
    try {
      const held = [raw(base, '127.0.0.2', SLOW_BODY), raw(base, '127.0.0.3', SLOW_BODY)];
      await until(() => s.connections.open() === 2, 'both are counted');
      const refused = await rawRequest(base, '127.0.0.4', HEALTH);
      assert.equal(refused.status, 503);
      assert.match(refused.body, /the server has too many connections; try again later/);
      for (const c of held) c.socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('does not cap a trusted proxy per address (only in all); its clients are capped by their own address', async () => {
    const { s, base } = await listening({
      maxConnectionsPerAddress: 2,
      maxSocketsPerAddress: 1,
      trustProxy: ['127.0.0.2'],
    });
    try {
      const proxied = [1, 2, 3, 4].map(() => raw(base, '127.0.0.2', SLOW_BODY));
      await until(() => s.connections.openFrom('127.0.0.2') === 4, 'the proxy holds four connections');
      const forwarded = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.1\r\nConnection: close\r\n\r\n`;
      assert.equal((await rawRequest(base, '127.0.0.2', forwarded)).status, 200);
      // An untrusted address is still capped.
      const direct = [raw(base, '127.0.0.3', SLOW_BODY), raw(base, '127.0.0.3', SLOW_BODY)];
      await until(() => s.connections.openFrom('127.0.0.3') === 2, 'two direct connections');
      assert.equal((await rawRequest(base, '127.0.0.3', HEALTH)).status, 429);
      for (const c of [...proxied, ...direct]) c.socket.destroy();
    } finally {
      await s.close();
    }
  });
});

describe('password checks are limited on the routes themselves', { timeout: 20_000 }, () => {
  const fast = { perSecond: 10_000, burst: 10_000 };
  it('counts every spelling of a password-checking address against the same limit', async () => {
    const { s, base } = await listening({
      rate: { client: fast, account: fast, socket: fast, password: { perSecond: 0.001, burst: 1 } },
    });
    try {
      const guess = { user: 'nobody', password: 'guess123' };
      const spellings = [
        post('/api/%6cogin', guess),
        post('/api/logi%6E', guess),
        post('/api/%70bm', { args: ['login', 'nobody', 'guess123'] }),
        post('http://x/api/login', guess),
        post('/api/login?again=1', guess),
        post('/api/%73ignup', guess),
      ];
      for (const [i, spelling] of spellings.entries()) {
        // Each client spends its one password check, then tries another spelling.
        const from = `127.0.1.${i + 1}`;
        assert.equal((await rawRequest(base, from, post('/api/login', guess))).status, 401);
        const again = await rawRequest(base, from, spelling);
        assert.equal(again.status, 429, spelling.split('\r\n')[0]);
        assert.match(again.body, /too many password checks from your address/);
      }
    } finally {
      await s.close();
    }
  });

  it('keys request and password limits on the client, an IPv6 /64 being one', async () => {
    const s = await testServer({
      rate: {
        client: { perSecond: 0.001, burst: 2 },
        account: fast,
        socket: fast,
        password: { perSecond: 0.001, burst: 1 },
      },
    });
    try {
      const from = (remoteAddress: string, url = '/api/health') =>
        s.app.inject({ method: 'GET', url, remoteAddress }).then((r) => r.statusCode);
      assert.equal(await from('2001:db8:1:2::a'), 200);
      assert.equal(await from('2001:db8:1:2::b'), 200);
      assert.equal(await from('2001:db8:1:2:ffff::c'), 429, 'the same /64 shares a bucket');
      assert.equal(await from('2001:db8:1:3::a'), 200, 'another /64 has its own');
      const login = (remoteAddress: string) =>
        s.app
          .inject({
            method: 'POST',
            url: '/api/login',
            payload: { user: 'nobody', password: 'guess123' },
            remoteAddress,
          })
          .then((r) => r.statusCode);
      assert.equal(await login('2001:db8:9:9::1'), 401);
      assert.equal(await login('2001:db8:9:9::2'), 429);
    } finally {
      await s.close();
    }
  });
});

describe('a WebSocket that floods is cut off', { timeout: 20_000 }, () => {
  it('warns once for frames over the limit, answers no more of them, and closes with 1008', async () => {
    const fast = { perSecond: 10_000, burst: 10_000 };
    const { s, base } = await listening({
      rate: { client: fast, account: fast, password: fast, socket: { perSecond: 0.001, burst: 2 } },
    });
    try {
      const c = connect(base);
      await c.opened;
      assert.deepEqual(await c.answer({ type: 'ping', ref: 0 }), { type: 'pong', ref: 0 });
      assert.deepEqual(await c.answer({ type: 'ping', ref: 1 }), { type: 'pong', ref: 1 });
      const answers: Record<string, unknown>[] = [];
      c.socket.on('message', (data) => answers.push(JSON.parse(String(data))));
      for (let i = 2; i < 40; i++) c.socket.send(JSON.stringify({ type: 'ping', ref: i }));
      assert.deepEqual(await c.closed, { code: 1008, reason: 'too many frames' });
      assert.deepEqual(answers, [
        { type: 'error', error: 'too many frames; slow down', code: 'rate-limited' },
      ]);
    } finally {
      await s.close();
    }
  });

  it('gives all the sockets of one client address one frame budget', async () => {
    const fast = { perSecond: 10_000, burst: 10_000 };
    const { s, base } = await listening({
      rate: { client: fast, account: fast, password: fast, socket: { perSecond: 0.001, burst: 2 } },
    });
    try {
      const [a, b] = [connect(base), connect(base)];
      await Promise.all([a.opened, b.opened]);
      assert.deepEqual(await a.answer({ type: 'ping' }), { type: 'pong' });
      assert.deepEqual(await a.answer({ type: 'ping' }), { type: 'pong' });
      // A second socket buys no fresh frames.
      assert.deepEqual(await b.answer({ type: 'ping' }), {
        type: 'error',
        error: 'too many frames; slow down',
        code: 'rate-limited',
      });
      // Another client has its own.
      const other = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?format=json`, {
        localAddress: '127.0.0.5',
      });
      await new Promise((resolve) => other.once('open', resolve));
      const pong = new Promise((resolve) => other.once('message', (d) => resolve(JSON.parse(String(d)))));
      other.send(JSON.stringify({ type: 'ping' }));
      assert.deepEqual(await pong, { type: 'pong' });
      for (const socket of [a.socket, b.socket, other]) socket.close();
    } finally {
      await s.close();
    }
  });
});

describe('connections the server is done with are closed whatever the client does', {
  timeout: 30_000,
}, () => {
  /** A WebSocket upgrade request, written by hand so the client can misbehave at will. */
  const UPGRADE =
    'GET /ws?format=json HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
    'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

  it('closes a WebSocket request refused by a rate limit, even if the client keeps its end open', async () => {
    const fast = { perSecond: 10_000, burst: 10_000 };
    const { s, base } = await listening({
      rate: { client: { perSecond: 0.001, burst: 1 }, account: fast, password: fast, socket: fast },
    });
    try {
      assert.equal((await rawRequest(base, '127.0.0.7', HEALTH)).status, 200);
      const c = raw(base, '127.0.0.7', UPGRADE);
      let closed = false;
      void c.closed.then(() => {
        closed = true;
      });
      await until(() => c.sent().startsWith('HTTP/1.1 429'), 'the upgrade is refused with 429');
      await until(() => closed, 'the server closes the refused connection');
      await until(() => s.connections.open() === 0, 'the server holds no connection from the client');
    } finally {
      await s.close();
    }
  });

  it('drops a socket cut off for flooding that neither reads nor answers the closing handshake', async () => {
    const fast = { perSecond: 10_000, burst: 10_000 };
    const { s, base } = await listening({
      rate: { client: fast, account: fast, password: fast, socket: { perSecond: 0.001, burst: 2 } },
    });
    try {
      const c = raw(base, '127.0.0.9', UPGRADE);
      await until(() => c.sent().startsWith('HTTP/1.1 101'), 'the socket is upgraded');
      // Masked text frames (a zero mask leaves the text as it is), then no more reading.
      const ping = Buffer.from(JSON.stringify({ type: 'ping' }));
      const frame = Buffer.concat([Buffer.from([0x81, 0x80 | ping.length, 0, 0, 0, 0]), ping]);
      c.socket.write(Buffer.concat(Array<Buffer>(40).fill(frame)));
      c.socket.pause();
      await until(() => s.connections.open() === 0, 'the server drops the connection');
      c.socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('shuts down promptly while a WebSocket client neither reads nor answers the closing handshake', async () => {
    const { s, base } = await listening({});
    let closing: Promise<void> | undefined;
    try {
      const c = raw(base, '127.0.0.8', UPGRADE);
      await until(() => c.sent().startsWith('HTTP/1.1 101'), 'the socket is upgraded');
      c.socket.pause();
      closing = s.close();
      const late = new Promise<'late'>((resolve) => setTimeout(resolve, 10_000, 'late').unref());
      assert.notEqual(await Promise.race([closing, late]), 'late', 'close() resolves within 10 s');
      c.socket.destroy();
    } finally {
      if (!closing) await s.close();
    }
  });
});
