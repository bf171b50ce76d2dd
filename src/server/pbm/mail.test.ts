/** The PBeM commands for mail: sign up with an address, verify its code, choose what to be mailed. */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testServer } from '../test-support.ts';

describe('PBeM mail commands', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-pbm-mail-'));
  let server: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    server = await testServer({ dataDir });
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const pbm = async (...args: string[]) => {
    const answer = await server.call('POST', '/api/pbm', { args });
    return answer.body as { ok: boolean; text: string };
  };
  const mailedCode = async () => {
    await server.mail.mailer.runOnce();
    await server.mail.mailer.runOnce();
    const dir = join(dataDir, 'mail');
    const texts = readdirSync(dir).map((n) => readFileSync(join(dir, n), 'utf8'));
    return /code (\d{6})/.exec(texts.find((t) => t.includes('To: ann@example.org')) ?? '')?.[1] as string;
  };

  it('signs up with an address, verifies it with the mailed code, and chooses digests', async () => {
    assert.match((await pbm('help')).text, /signup userid password \[address\]/);
    const bad = await pbm('signup', 'ann', 'pass1234', 'ann-at-example');
    assert.equal(bad.ok, false);
    assert.match(bad.text, /^Error: "ann-at-example" is not a mail address/);
    const made = await pbm('signup', 'ann', 'pass1234', 'ann@example.org');
    assert.equal(made.ok, true, made.text);
    assert.match(made.text, /A code was mailed to ann@example\.org; send "verify ann PASSWORD CODE"/);
    assert.match(
      (await pbm('email', 'ann', 'pass1234')).text,
      /ann has no verified address\.\nann@example\.org is waiting for its code/,
    );
    const wrong = await pbm('verify', 'ann', 'wrongpass', '123456');
    assert.equal(wrong.text, 'Error: wrong user id or password');
    const code = await mailedCode();
    const verified = await pbm('verify', 'ann', 'pass1234', code);
    assert.equal(verified.text, 'Verified: your mail goes to ann@example.org.');
    const chose = await pbm('notify', 'ann', 'pass1234', 'digest');
    assert.equal(chose.text, 'ann now gets one mail a day listing the games awaiting your move.');
    assert.match((await pbm('notify', 'ann', 'pass1234', 'often')).text, /^Error: "often" is not a choice/);
    assert.equal(
      (await pbm('email', 'ann', 'pass1234', 'off')).text,
      'ann has no address any more: no mail is sent.',
    );
    assert.equal((await pbm('notify', 'ann')).text, 'Error: usage: notify userid password move|digest|none');
  });
});
