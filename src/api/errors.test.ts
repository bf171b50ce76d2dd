/** Refusal codes and their one table of HTTP statuses; the wire contract stays free of server code. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { codeOfStatus, ERROR_CODES, ERROR_STATUS, isErrorCode, statusOf } from './index.ts';

describe('refusal codes', () => {
  it('gives each code its HTTP status', () => {
    assert.equal(statusOf('bad-request'), 400);
    assert.equal(statusOf('illegal-move'), 400);
    assert.equal(statusOf('not-your-turn'), 400);
    assert.equal(statusOf('game-over'), 400);
    assert.equal(statusOf('unauthorized'), 401);
    assert.equal(statusOf('forbidden'), 403);
    assert.equal(statusOf('not-found'), 404);
    assert.equal(statusOf('conflict'), 409);
    assert.equal(statusOf('stale-move'), 409);
    assert.equal(statusOf('busy'), 409);
    assert.equal(statusOf('too-large'), 413);
    assert.equal(statusOf('rate-limited'), 429);
    assert.equal(statusOf('internal'), 500);
    assert.equal(statusOf('unavailable'), 503);
    assert.deepEqual([...ERROR_CODES].sort(), Object.keys(ERROR_STATUS).sort());
  });

  it('names a refusal that arrived with a status only by the most general code for it', () => {
    assert.equal(codeOfStatus(400), 'bad-request');
    assert.equal(codeOfStatus(404), 'not-found');
    assert.equal(codeOfStatus(409), 'conflict');
    assert.equal(codeOfStatus(413), 'too-large');
    assert.equal(codeOfStatus(429), 'rate-limited');
    assert.equal(codeOfStatus(503), 'unavailable');
    assert.equal(codeOfStatus(415), 'bad-request');
    assert.equal(codeOfStatus(502), 'internal');
    for (const code of ERROR_CODES) assert.equal(statusOf(codeOfStatus(statusOf(code))), statusOf(code));
  });

  it('knows its codes and nothing else', () => {
    assert.equal(isErrorCode('not-found'), true);
    assert.equal(isErrorCode('FST_ERR_CTP_BODY_TOO_LARGE'), false);
    assert.equal(isErrorCode('constructor'), false);
    assert.equal(isErrorCode(404), false);
  });
});

describe('the wire contract module', () => {
  it('imports only TypeBox and itself, so a browser bundle can take it', () => {
    const dir = new URL('./', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      for (const [, from] of text.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
        assert.ok(
          from === '@sinclair/typebox' || /^\.\/[\w-]+\.ts$/.test(from ?? ''),
          `${file} imports ${from}`,
        );
      }
    }
  });
});
