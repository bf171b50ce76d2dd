/**
 * The mail routes through the HTTP API: an address given at sign-up or later is used only once
 * its mailed code comes back (by the API or the link), the choice of notices, clear sentences for
 * bad input, and the one-click unsubscribe that mail programs POST.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testServer } from '../test-support.ts';

describe('mail routes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-mail-routes-'));
  let server: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    server = await testServer({
      dataDir,
      mail: { from: 'tessera@games.example', holdMs: 60_000, publicUrl: 'https://games.example' },
    });
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  /** The .eml files written so far (no relay is set), as text. */
  const mails = async () => {
    await server.mail.mailer.runOnce();
    await server.mail.mailer.runOnce();
    let names: string[] = [];
    try {
      names = readdirSync(join(dataDir, 'mail')).filter((n) => n.endsWith('.eml'));
    } catch {}
    return names.map((n) => readFileSync(join(dataDir, 'mail', n), 'utf8'));
  };
  const codeFor = async (address: string) => {
    const found = (await mails()).filter((m) => m.includes(`To: ${address}`) && /Subject: .*code/.test(m));
    return /code (\d{6})/.exec(found.at(-1) ?? '')?.[1] as string;
  };

  it('signs up with an address, which is used only once its mailed code comes back', async () => {
    const bad = await server.call('POST', '/api/signup', {
      user: 'zed',
      password: 'pass1234',
      email: 'nope',
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error ?? '', /"nope" is not a mail address/);
    assert.equal(
      (await server.call('POST', '/api/login', { user: 'zed', password: 'pass1234' })).status,
      401,
      'no account made',
    );

    const made = await server.call('POST', '/api/signup', {
      user: 'ann',
      password: 'pass1234',
      email: 'ann@example.org',
    });
    assert.equal(made.status, 201);
    assert.deepEqual(made.body, { user: 'ann', pendingAddress: 'ann@example.org' });
    const token = (await server.call('POST', '/api/login', { user: 'ann', password: 'pass1234' })).body
      .token as string;
    const before = await server.call('GET', '/api/mail', undefined, token);
    assert.deepEqual(before.body, {
      address: null,
      pendingAddress: 'ann@example.org',
      notify: 'move',
      failures: [],
    });
    const code = await codeFor('ann@example.org');
    assert.match(code, /^\d{6}$/);
    const wrong = await server.call(
      'POST',
      '/api/mail/verify',
      { code: code === '000000' ? '111111' : '000000' },
      token,
    );
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.error ?? '', /not the code we mailed/);
    const right = await server.call('POST', '/api/mail/verify', { code }, token);
    assert.deepEqual(right.body, { address: 'ann@example.org' });
    assert.equal((await server.call('GET', '/api/mail', undefined, token)).body.address, 'ann@example.org');
  });

  it('verifies by the mailed link, and chooses what to be mailed', async () => {
    const token = await server.account('bob');
    assert.equal(
      (await server.call('PUT', '/api/mail/address', { address: 'bob@example.org' }, token)).status,
      202,
    );
    const code = await codeFor('bob@example.org');
    const page = await server.app.inject({ method: 'GET', url: `/api/mail/verify?user=Bob&code=${code}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Address confirmed/);
    assert.equal(
      (await server.call('PUT', '/api/mail/notify', { notify: 'digest' }, token)).body.notify,
      'digest',
    );
    const bad = await server.call('PUT', '/api/mail/notify', { notify: 'weekly' }, token);
    assert.equal(bad.status, 400);
    assert.equal((await server.call('DELETE', '/api/mail/address', undefined, token)).status, 200);
    assert.equal((await server.call('GET', '/api/mail', undefined, token)).body.address, null);
    assert.equal((await server.call('GET', '/api/mail')).status, 401);
  });

  it('unsubscribes with one click: the link asks, a POST does it, a forged token does nothing', async () => {
    const token = (await server.call('POST', '/api/login', { user: 'ann', password: 'pass1234' })).body
      .token as string;
    await server.account('cat');
    const made = await server.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['cat', 'ann'] },
      (await server.call('POST', '/api/login', { user: 'cat', password: 'pass1234' })).body.token as string,
    );
    assert.equal(made.status, 201, made.body.error);
    // Headers unfolded (long ones are folded onto a second line).
    const challenge = (await mails())
      .map((m) => m.replace(/\r?\n[ \t]+/g, ' '))
      .find((m) => m.includes('cat challenges you'));
    assert.ok(challenge, 'ann was mailed the challenge');
    assert.match(challenge, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    assert.match(challenge, /^Auto-Submitted: auto-generated$/m);
    const url = /^List-Unsubscribe: <https:\/\/games\.example(\S+)>$/m.exec(challenge)?.[1] as string;
    assert.ok(url);
    const asked = await server.app.inject({ method: 'GET', url });
    assert.match(asked.body, /<form method="post"/);
    assert.equal(
      (await server.call('GET', '/api/mail', undefined, token)).body.notify,
      'move',
      'opening the link changes nothing',
    );
    const forged = await server.app.inject({
      method: 'POST',
      url: url.replace(/token=[^&]+/, 'token=forged'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    assert.equal(forged.statusCode, 403);
    const done = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    assert.equal(done.statusCode, 200);
    assert.match(done.body, /Unsubscribed/);
    assert.equal((await server.call('GET', '/api/mail', undefined, token)).body.notify, 'none');
  });
});
