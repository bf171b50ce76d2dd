/**
 * Password checks (scrypt) run in a worker thread of their own, never in libuv's pool beside
 * SQLite's fsyncs: the server runs one at a time, whoever asks, and refuses one at once rather
 * than queue it behind seconds of others.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testServer } from '../test-support.ts';
import { PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_WAITING } from './auth.ts';

describe('password checks, server-wide', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    s = await testServer();
    await s.account('kim');
  });
  after(() => s.close());

  it('runs a bounded number at once and refuses those that would wait too long', async () => {
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, s.service.passwordChecks().running);
    }, 1);
    const tries = PASSWORD_CHECKS_WAITING + 40;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        s.call('POST', '/api/login', { user: 'kim', password: i % 2 ? 'pass1234' : 'wrong123' }),
      ),
    );
    clearInterval(watch);
    assert.equal(most, PASSWORD_CHECKS_AT_ONCE);
    const busy = answers.filter((a) => a.status === 503);
    assert.ok(busy.length > 0, 'some checks past the waiting limit are refused');
    assert.ok(busy.length <= tries - PASSWORD_CHECKS_WAITING - PASSWORD_CHECKS_AT_ONCE);
    assert.equal(
      busy[0]?.body.error,
      'the server is checking too many passwords at once; try again in a few seconds',
    );
    assert.ok(answers.every((a) => [200, 401, 503].includes(a.status)));
    // Once they are done, a check goes through again.
    assert.equal((await s.call('POST', '/api/login', { user: 'kim', password: 'pass1234' })).status, 200);
  });
});
