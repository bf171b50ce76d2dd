/** The server's log never holds a session token or a mailed code, at any level. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { testServer } from '../test-support.ts';
import { redactedUrl } from './log-redaction.ts';

describe('the log keeps secrets in URLs out', () => {
  const lines: string[] = [];
  let s: Awaited<ReturnType<typeof testServer>>;
  let base = '';
  before(async () => {
    s = await testServer({ log: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => s.close());

  it('names the WebSocket token and the mail links’ codes without their values', async () => {
    const token = await s.account('lou');
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?format=json&token=${token}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.close();
    await fetch(`${base}/api/mail/verify?user=lou&code=864209`);
    await fetch(`${base}/api/mail/unsubscribe?user=lou&TOKEN=s3cr3t-unsubscribe`);
    const log = lines.join('');
    assert.match(log, /\/ws\?format=json&token=\[redacted\]/);
    assert.match(log, /\/api\/mail\/verify\?user=lou&code=\[redacted\]/);
    for (const secret of [token, '864209', 's3cr3t-unsubscribe']) assert.ok(!log.includes(secret), secret);
  });

  it('redacts however the parameter is spelled, and leaves other URLs alone', () => {
    assert.equal(redactedUrl('/ws?%74oken=abc&format=json'), '/ws?%74oken=[redacted]&format=json');
    assert.equal(redactedUrl('/ws?token&x=1'), '/ws?token=[redacted]&x=1');
    assert.equal(redactedUrl('/api/games/3?at=2'), '/api/games/3?at=2');
    assert.equal(redactedUrl('/api/games/3'), '/api/games/3');
  });
});
