/**
 * Every route's schema walked with bad input: each refusal is a sentence for people, never a
 * schema's own words, a path into the request or a pattern.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TSchema } from '@sinclair/typebox';
import fc from 'fast-check';
import { LiveClient } from './live/ws-client.ts';
import { testServer } from './test-support.ts';

/** What a refusal must never show: TypeBox's or Ajv's words, a request path, a pattern. */
const RAW = /Expected|must match|must be|(body|querystring|params)\/|\^|\\S|\$'|\{\d+,\d*\}|\[A-Z/;

const assertSentence = (error: unknown, what: string) => {
  assert.equal(typeof error, 'string', what);
  assert.ok((error as string).length > 0, what);
  assert.doesNotMatch(error as string, RAW, `${what}: ${error}`);
};

/** Values of every kind, and values just outside common limits. */
const ODD_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  12_345_678_901,
  '',
  'a b',
  'x'.repeat(5000),
  [],
  ['x'],
  {},
  { a: 1 },
];

type Props = Record<string, TSchema>;
const propertiesOf = (schema: TSchema | undefined): Props =>
  ((schema as { properties?: Props } | undefined)?.properties ?? {}) as Props;

describe('refusals of malformed requests are sentences', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let token: string;
  before(async () => {
    s = await testServer();
    token = await s.account('ann');
  });
  after(() => s.close());

  const send = async (method: string, url: string, payload?: unknown) => {
    const response = await s.app.inject({
      method: method as 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as { error?: string; code?: string } };
  };

  it('the sign-up of a short password says what a password is', async () => {
    const answer = await s.call('POST', '/api/signup', { user: 'bea', password: 'ab' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, 'a password is 4 to 128 characters without spaces');
  });

  it('walks every route with a schema: bad bodies, queries and addresses', async () => {
    const routes = s.routes.filter((r) => r.schema && !r.url.startsWith('/ws') && r.method !== 'HEAD');
    assert.ok(routes.length > 20, 'the routes were found');
    let refusals = 0;
    for (const route of routes) {
      const schema = route.schema as { body?: TSchema; querystring?: TSchema; params?: TSchema };
      const params = propertiesOf(schema.params);
      // A well-formed address: each parameter a small number or a word, as its schema takes.
      const fill = (bad?: [string, string]) =>
        route.url.replace(/:(\w+)/g, (_, name: string) =>
          bad?.[0] === name ? bad[1] : (params[name] as { type?: string })?.type === 'integer' ? '1' : 'ann',
        );
      const attempts: { url: string; body?: unknown }[] = [];
      for (const name of Object.keys(params))
        for (const bad of ['abc', '-1', '99999999999', 'x'.repeat(300)])
          attempts.push({ url: fill([name, bad]) });
      for (const name of Object.keys(propertiesOf(schema.querystring)))
        for (const bad of ['abc', '-5', '', '99999999999'])
          attempts.push({ url: `${fill()}?${name}=${encodeURIComponent(bad)}` });
      if (schema.querystring) attempts.push({ url: `${fill()}?unheard=1` });
      if (schema.body) {
        const fields = Object.keys(propertiesOf(schema.body));
        for (const body of ['text', [1, 2], 42, {}, { unheard: 1 }]) attempts.push({ url: fill(), body });
        for (const field of fields)
          for (const value of ODD_VALUES) attempts.push({ url: fill(), body: { [field]: value } });
        // Random JSON in every field, shrunk to the smallest refusal that shows raw text.
        await fc.assert(
          fc.asyncProperty(
            fc.dictionary(fc.constantFrom(...fields, 'other'), fc.jsonValue()),
            async (body) => {
              const answer = await send(route.method, fill(), body);
              if (answer.status === 400) assertSentence(answer.body.error, `${route.method} ${route.url}`);
            },
          ),
          { numRuns: 15 },
        );
      }
      for (const attempt of attempts) {
        const answer = await send(route.method, attempt.url, attempt.body);
        const what = `${route.method} ${attempt.url} ${JSON.stringify(attempt.body)?.slice(0, 80)}`;
        assert.ok(answer.status < 500, `${what} answered ${answer.status}`);
        if (answer.status >= 400) {
          assertSentence(answer.body.error, what);
          refusals++;
        }
      }
    }
    assert.ok(refusals > 200, `${refusals} refusals looked at`);
  });

  it('answers a body it cannot read in a sentence', async () => {
    const broken = await s.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user": "ann",',
    });
    assert.equal(broken.statusCode, 400);
    assert.equal(broken.json().error, 'the body is not valid JSON');
    const empty = await s.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    assertSentence(empty.json().error, 'an empty body');
  });

  it('answers a malformed WebSocket frame in a sentence', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.app.server.address() as { port: number };
    const client = new LiveClient(`http://127.0.0.1:${address.port}`, { format: 'json' });
    await client.opened;
    try {
      for (const frame of [
        { type: 'subscribe' },
        { type: 'move', gameId: 'one', move: 'C5' },
        { type: 'move', gameId: 1, move: '' },
        { type: 'hello' },
        { type: 'auth', token: 5 },
        [1, 2, 3],
      ]) {
        client.send(frame);
        const error = await client.next((f) => f.type === 'error');
        assert.match(String(error.error), /^bad frame: /);
        assertSentence(error.error, JSON.stringify(frame));
      }
    } finally {
      client.close();
    }
  });
});
