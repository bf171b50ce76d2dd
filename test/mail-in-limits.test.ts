/**
 * The SMTP listener's limits: a sender past its rate is told to try later (451), as is a client
 * address past its own (421), and a message over the size limit is refused while it is sent (552).
 * Nothing refused reaches the mail-in handler.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { buildServer, DEFAULTS } from '../src/server/index.ts';
import { OURS, rawMail } from './mail-play.ts';
import { freshDataDir } from './support.ts';

describe('mail in: the SMTP listener’s limits', () => {
  let close: (() => Promise<unknown>) | undefined;
  after(() => close?.());

  it('refuses senders and clients past their rates, and messages past the size limit', async () => {
    const server = await buildServer({
      ...DEFAULTS,
      port: 0,
      host: '127.0.0.1',
      dataDir: freshDataDir(),
      log: false,
      mail: { from: OURS, holdMs: 5000, publicUrl: 'https://games.example' },
      smtpListen: {
        host: '127.0.0.1',
        port: 0,
        perClient: { perSecond: 0.001, burst: 4 },
        // Per sender counts the mails read (the one refused for its size is not).
        perSender: { perSecond: 0.001, burst: 1 },
      },
    });
    close = () => server.app.close();
    const [host, port] = (server.smtp?.address ?? '').split(':');
    const client = nodemailer.createTransport({ host, port: Number(port), secure: false, ignoreTLS: true });
    const send = (from: string, body = 'help') =>
      client.sendMail({ envelope: { from, to: [OURS] }, raw: rawMail(from, body).raw }).then(
        () => 250,
        (error: { responseCode?: number }) => error.responseCode,
      );
    assert.equal(await send('eve@x.example', 'x'.repeat(300 * 1024)), 552, 'too large');
    assert.equal(await send('eve@x.example'), 250);
    assert.equal(await send('eve@x.example'), 451, 'the sender is past its rate');
    assert.equal(await send('joe@x.example'), 250);
    assert.equal(await send('kim@x.example'), 421, 'the client address is past its rate');
    const { played, refused, dropped } = server.mailIn.counts;
    assert.equal(played + refused + dropped, 2, 'only the two accepted mails were handled');
  });
});
