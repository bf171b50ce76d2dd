/**
 * Hostile mail: over a thousand generated messages (malformed MIME, bytes that are no mail, huge
 * bodies, senders spoofing a player's address without the password, forged replies to move mails,
 * auto-replies, bounces and other loops) handed to a server's mail-in. None crashes it, none
 * changes a game or an account, each is counted, and no sender outside the accounts is answered
 * more than once.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { buildServer, DEFAULTS } from '../src/server/index.ts';
import { ADDRESS, accounts, OURS, PASSWORD, rawMail } from './mail-play.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { freshDataDir } from './support.ts';

const RUNS = 1200;

const word = fc.stringMatching(/^[A-Za-z0-9#.-]{1,12}$/);
const line = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' ')),
  // Commands a spoofer would send: right game and user, any password but the right one.
  fc
    .tuple(
      fc.constantFrom('move', 'resign', 'decline', 'swap', 'queue', 'chat'),
      word,
      fc.constantFrom('ann', 'bob'),
    )
    .filter(([, password]) => !Object.values(PASSWORD).includes(password))
    .map(([verb, password, user]) => `WarpAndWeft ${verb} 1 ${user} ${password} A2`),
  fc.constantFrom('WarpAndWeft show 1', 'help', 'Atom4 history', `password ann wrong ${'x'.repeat(9)}`),
);
const body = fc.array(line, { maxLength: 6 }).map((lines) => lines.join('\n'));
const sender = fc.oneof(
  fc.constantFrom(ADDRESS.ann as string, ADDRESS.bob as string, 'eve@elsewhere.example', OURS),
  fc.constantFrom('MAILER-DAEMON@players.example', 'postmaster@players.example', 'not an address', ''),
  fc.emailAddress(),
);
const loopHeaders = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Record<string, string>>({}) },
  fc.constantFrom<Record<string, string>>(
    { 'Auto-Submitted': 'auto-replied' },
    { Precedence: 'bulk' },
    { Precedence: 'junk' },
    { 'Return-Path': '<>' },
    { 'List-Id': '<games.lists.example>' },
    { 'X-Tessera-Kind': 'move' },
    // A forged answer to a move mail, naming a Message-ID as one would guess it.
    { 'In-Reply-To': '<tessera.n1.bob@games.example>' },
  ),
);

/** A well-formed mail with hostile content, or a broken one. */
const message = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(sender, body, loopHeaders)
      .map(([from, text, extra]) => rawMail(from, text, extra).raw),
  },
  // Malformed MIME: a multipart whose boundary never comes, bad encodings, nested parts.
  {
    weight: 2,
    arbitrary: fc.tuple(sender, body, fc.string({ maxLength: 40 })).map(
      ([from, text, junk]) =>
        rawMail(from, `--b\r\nContent-Transfer-Encoding: base64\r\n\r\n${junk}\r\n${text}\r\n--c--`, {
          'Content-Type': `multipart/mixed; boundary="${junk.slice(0, 5)}"`,
        }).raw,
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(sender, body).map(
      ([from, text]) =>
        rawMail(from, `${'--x\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n'.repeat(40)}${text}`, {
          'Content-Type': 'multipart/mixed; boundary=x',
        }).raw,
    ),
  },
  // Bytes that are no mail at all.
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  // Huge bodies: over the limit, and just under it with thousands of lines.
  {
    weight: 1,
    arbitrary: fc
      .tuple(sender, fc.integer({ min: 1, max: 3 }))
      .map(([from, k]) =>
        k === 1
          ? rawMail(from, 'x'.repeat(300 * 1024)).raw
          : rawMail(from, 'WarpAndWeft show 1\n'.repeat(10_000 * k)).raw,
      ),
  },
);

describe('mail in: hostile mail', { timeout: 600_000 }, () => {
  let close: (() => Promise<unknown>) | undefined;
  after(() => close?.());

  it('never crashes, changes nothing and counts every message', async () => {
    const sink = await startSmtpSink();
    const server = await buildServer({
      ...DEFAULTS,
      port: 0,
      host: '127.0.0.1',
      dataDir: freshDataDir(),
      log: false,
      mail: { smtpUrl: sink.url, from: OURS, holdMs: 5000, publicUrl: 'https://games.example' },
      // Hostile content, not rates, is tried here: the senders' budgets are not what is tested.
      smtpListen: {
        host: '127.0.0.1',
        port: 0,
        perSender: { perSecond: 1000, burst: 100_000 },
      },
    });
    close = async () => {
      await server.app.close();
      await sink.close();
    };
    const { store, service } = server;
    await accounts(server, sink);
    const made = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(made.ok);
    const before = await store.loadGame(made.value.id);

    let handled = 0;
    await fc.assert(
      fc.asyncProperty(message, async (raw) => {
        const outcome = await server.mailIn.handle(raw);
        handled++;
        assert.ok(['played', 'refused', 'dropped'].includes(outcome.kind));
      }),
      { numRuns: RUNS, seed: 15 },
    );

    const { played, refused, dropped } = server.mailIn.counts;
    assert.equal(played + refused + dropped, handled, 'every message is counted');
    assert.ok(handled >= 1000);
    assert.ok(dropped > 100 && refused > 10 && played > 50, JSON.stringify(server.mailIn.counts));
    const now = await store.loadGame(made.value.id);
    assert.equal(now?.version, before?.version, 'the game is unchanged');
    assert.equal(now?.moveCount, 0);
    assert.equal(now?.status, 'active');
    for (const user of ['ann', 'bob']) {
      assert.ok((await service.verify(user, PASSWORD[user] as string)).ok, `${user}'s password is unchanged`);
    }
    // An address outside the accounts is told why at most once (the window is an hour).
    await server.mail.mailer.runOnce();
    const perAddress = new Map<string, number>();
    for (const mail of sink.accepted.filter(
      (m) => /^Re:/.test(m.subject) && !Object.values(ADDRESS).includes(m.to),
    )) {
      perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
    }
    for (const [to, count] of perAddress) assert.equal(count, 1, `${to} got ${count} refusals`);
  });
});
