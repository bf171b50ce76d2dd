/**
 * Fuzzing a real server process: thousands of malformed HTTP bodies, WebSocket frames and PBeM
 * commands. Every one is answered (4xx or an error frame; a harmless read may succeed), the
 * server never fails (no 5xx) and the stored games, ratings and accounts are unchanged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { LiveClient } from '../src/server/live/ws-client.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';

const packr = new Packr({ useRecords: false });

describe('end to end: fuzzing HTTP, WebSocket and PBeM input', () => {
  let server: ServerProcess;
  let ann: string;
  let gameId: number;
  const snapshot = async () => {
    const game = (await call(server.url, 'GET', `/api/games/${gameId}`, undefined, ann)).body;
    const ratings = (await call(server.url, 'GET', '/api/ratings/warpweft')).body;
    const games = (await call(server.url, 'GET', '/api/games?user=ann')).body;
    return JSON.stringify({ game, ratings, games, users: ['ann', 'bob'] });
  };
  let before_: string;

  before(async () => {
    server = await startServer();
    ann = await account(server.url, 'ann', 'annpass1');
    await account(server.url, 'bob', 'bobpass1');
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'] },
      ann,
    );
    gameId = made.body.id;
    await call(server.url, 'POST', `/api/games/${gameId}/moves`, { move: 'C15', moveNo: 1 }, ann);
    before_ = await snapshot();
  });
  after(() => server.kill());

  const json = fc.jsonValue({ maxDepth: 3 });
  const nasty = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('', '{', '[1,', 'null', '"x"', '{"__proto__":{"a":1}}', '\u0000', 'x'.repeat(3000)),
    json.map((v) => JSON.stringify(v)),
  );

  it('answers malformed HTTP bodies with 4xx and never fails', async () => {
    const routes = [
      ['POST', '/api/signup'],
      ['POST', '/api/login'],
      ['POST', '/api/games'],
      ['POST', `/api/games/${gameId}/moves`],
      ['POST', `/api/games/${gameId}/queue`],
      ['POST', `/api/games/${gameId}/chat`],
      ['POST', '/api/pbm'],
      ['PUT', '/api/rejects/warpweft'],
      ['POST', '/api/password'],
    ] as const;
    const bodies = fc.oneof(
      nasty,
      json,
      fc.record({ user: json, password: json }, { requiredKeys: [] }),
      fc.record({ move: json, moveNo: json }, { requiredKeys: [] }),
      fc.record({ args: fc.array(json, { maxLength: 5 }) }),
    );
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        bodies,
        fc.boolean(),
        async ([method, path], body, withToken) => {
          const r = await call(server.url, method, path, body, withToken ? ann : undefined);
          sent++;
          // Now and then a random body is a well-formed sign-up ({"user":"A0","password":"bpgk#x"}),
          // which rightly makes that account. Otherwise it is never a valid request: no move or
          // chat from the right player with the right number.
          if (path === '/api/signup' && r.status === 201) {
            assert.equal(r.body.user, (body as { user: string }).user.toLowerCase());
            return;
          }
          assert.ok(
            r.status >= 400 && r.status < 500,
            `${method} ${path} ${JSON.stringify(body)} → ${r.status}`,
          );
          assert.equal(typeof (r.body.error ?? r.body.text), 'string');
        },
      ),
      { numRuns: 1500 },
    );
    assert.equal(sent, 1500);
  });

  it('answers malformed WebSocket frames with error frames and stays open', async () => {
    for (const format of ['msgpack', 'json'] as const) {
      const socket = new LiveClient(server.url, { format, token: ann });
      await socket.opened;
      const frames = fc.oneof(
        fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b)),
        nasty,
        json.map((v) => packr.pack(v)),
        fc
          .record(
            {
              type: fc.constantFrom('move', 'subscribe', 'auth', 'nope'),
              gameId: json,
              move: json,
              token: json,
            },
            {
              requiredKeys: ['type'],
            },
          )
          .map((v) => (format === 'json' ? JSON.stringify(v) : packr.pack(v))),
      );
      await fc.assert(
        fc.asyncProperty(frames, async (frame) => {
          socket.frames.length = 0;
          socket.sendRaw(frame);
          socket.send({ type: 'ping', ref: 'probe' });
          await socket.next((f) => f.ref === 'probe');
          // Frames are handled in order, so the answer to the fuzzed one came first.
          assert.ok(socket.frames.length >= 1, 'every frame is answered');
          assert.ok(socket.open);
        }),
        { numRuns: 750 },
      );
      await socket.close();
    }
  });

  it('answers malformed PBeM commands with an error and changes nothing', async () => {
    const word = fc.oneof(
      fc.constantFrom(
        'WarpAndWeft',
        'warpandweft',
        'move',
        'queue',
        'resign',
        'decline',
        'chat',
        'show',
        'games',
      ),
      fc.constantFrom(
        'challenge',
        'swap',
        'reject',
        'standings',
        'ann',
        'bob',
        String(gameId),
        `${gameId}#2`,
        '-size=3',
      ),
      fc.constantFrom('wrongpw1', 'C15', 'threads', '#', '-compact', '-patch', 'on', 'off', 'help', 'clear'),
      fc.string({ maxLength: 12 }).filter((s) => !/\s/.test(s) && s.length > 0),
    );
    const commands = fc.array(fc.array(word, { minLength: 1, maxLength: 8 }), { minLength: 8, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(commands, async (batch) => {
        const replies = await Promise.all(
          batch.map((args) => call(server.url, 'POST', '/api/pbm', { args })),
        );
        for (const [i, r] of replies.entries()) {
          // A refusal is a client error with the status of its code, never a server error.
          const refused = r.status >= 400 && r.status < 500;
          assert.ok(r.status === 200 || refused, `${batch[i]?.join(' ')} → ${r.status}`);
          assert.equal(typeof r.body.text, 'string');
          if (refused) {
            assert.match(r.body.text, /^Error: /);
            assert.equal(typeof r.body.code, 'string', `${batch[i]?.join(' ')} has a code`);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('left the stored data unchanged and the server running', async () => {
    assert.equal(await snapshot(), before_);
    assert.equal((await call(server.url, 'GET', '/api/health')).status, 200);
    assert.equal(server.child.exitCode, null);
    assert.doesNotMatch(server.errors(), /internal|error/i);
  });
});
