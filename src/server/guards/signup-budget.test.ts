/**
 * New accounts are few per client: every account is one more turn in the shared workers' queues,
 * one more challenger and one more rated opponent, so one client must not make them by the
 * hundred. The budget is the client address's (an IPv6 /64 being one) over HTTP, and the sender's
 * by mail.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { testServer } from '../test-support.ts';

const TWO_AN_HOUR = { perSecond: 2 / 3600, burst: 2 };

describe('new accounts are limited per client', () => {
  it('makes two accounts an hour from one address, however asked, and refuses the third with why', async () => {
    const s = await testServer({ signups: TWO_AN_HOUR });
    try {
      const signup = (remoteAddress: string, user: string) =>
        s.app
          .inject({
            method: 'POST',
            url: '/api/signup',
            payload: { user, password: 'pass1234' },
            remoteAddress,
          })
          .then((r) => ({ status: r.statusCode, error: (r.json() as { error?: string }).error }));
      const pbm = (remoteAddress: string, user: string) =>
        s.app
          .inject({
            method: 'POST',
            url: '/api/pbm',
            payload: { args: ['signup', user, 'pass1234'] },
            remoteAddress,
          })
          .then((r) => ({ status: r.statusCode, text: (r.json() as { text: string }).text }));
      const home = '2001:db8:1:2::a';
      assert.equal((await signup(home, 'ann')).status, 201);
      // Mistakes spend nothing: a name taken, a name that is no user id.
      assert.equal((await signup(home, 'ann')).status, 409);
      assert.equal((await signup(home, '1ann')).status, 400);
      assert.equal(
        (await pbm('2001:db8:1:2::b', 'bob')).status,
        200,
        'the PBeM sign-up spends the same budget',
      );
      const third = await signup('2001:db8:1:2:ffff::c', 'cat');
      assert.deepEqual(third, {
        status: 429,
        error: 'too many new accounts from your address: at most 2 an hour; try again later',
      });
      const byPbm = await pbm(home, 'cat');
      assert.equal(byPbm.status, 429);
      assert.equal(
        byPbm.text,
        'Error: too many new accounts from your address: at most 2 an hour; try again later',
      );
      // Another /64 has its own budget, and the refused sign-ups made nothing (cat is not taken).
      assert.equal((await signup('2001:db8:1:3::a', 'cat')).status, 201);
    } finally {
      await s.close();
    }
  });

  it('counts sign-ups mailed in against their sender', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-signups-'));
    const s = await testServer({ dataDir, signups: TWO_AN_HOUR });
    try {
      const mailed = async () => {
        await s.mail.mailer.runOnce();
        const dir = join(dataDir, 'mail');
        return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
      };
      // ann's address is confirmed, so her mails are played.
      await s.call('POST', '/api/pbm', { args: ['signup', 'ann', 'pass1234', 'ann@example.org'] });
      const code = /code (\d{6})/.exec((await mailed()).join('\n'))?.[1] as string;
      assert.equal(
        (await s.call('POST', '/api/pbm', { args: ['verify', 'ann', 'pass1234', code] })).status,
        200,
      );
      const mail = [
        'From: ann@example.org',
        'To: tessera@example.org',
        'Subject: more of me',
        'Message-ID: <signups@example.org>',
        '',
        'signup ann2 pass1234',
        'signup ann3 pass1234',
        'signup ann4 pass1234',
        '',
      ].join('\r\n');
      assert.equal((await s.mailIn.handle(Buffer.from(mail))).kind, 'played');
      const reply = (await mailed()).find((text) => text.includes('In-Reply-To: <signups@example.org>'));
      // The third line is answered with the refusal (the reply echoes a sign-up without its password).
      assert.match(
        reply ?? '',
        /Welcome, ann3[^>]*> signup ann4 =E2=80=A6\r?\nError: too many new accounts from your/,
      );
      assert.ok(await s.store.getUser('ann3'), 'the budget is the sender’s, not the HTTP client’s');
      assert.equal(await s.store.getUser('ann4'), undefined);
    } finally {
      await s.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
