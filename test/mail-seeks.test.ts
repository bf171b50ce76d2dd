/**
 * Two strangers meet by mail: one mails "play" and waits, the other finds the open challenge with
 * "seeks" and mails "play" too; both are mailed at once that their game began, through the
 * built-in SMTP listener and a real relay stand-in.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { buildServer } from '../src/server/index.ts';
import {
  ADDRESS,
  accounts,
  command,
  type MailTable,
  mailServerConfig,
  mailWhere,
  OURS,
  PASSWORD,
} from './mail-play.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { freshDataDir } from './support.ts';

describe('end to end: quick pairing by mail', { timeout: 300_000 }, () => {
  const closing: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('pairs two players who each mail "play", and mails both that the game began', async () => {
    const sink = await startSmtpSink();
    closing.push(() => sink.close());
    const server = await buildServer(mailServerConfig(freshDataDir(), sink));
    closing.push(() => server.app.close());
    await accounts(server, sink);
    const [host, port] = (server.smtp?.address ?? '').split(':');
    const client = nodemailer.createTransport({ host, port: Number(port), secure: false, ignoreTLS: true });
    closing.push(async () => client.close());
    const table: MailTable = {
      sink,
      async deliver(raw) {
        await client.sendMail({ envelope: { from: 'someone@players.example', to: [OURS] }, raw });
      },
      record: async (id) => (await server.store.loadGame(id)) as never,
    };

    const waiting = await command(table, 'ann', `Atom4 play -time=5d ann ${PASSWORD.ann}`);
    assert.match(
      waiting,
      /No one was waiting: open challenge \d+ posted \(Atom-4.*clock 5d, rated, seats drawn\)/,
    );
    assert.doesNotMatch(waiting, new RegExp(PASSWORD.ann as string));
    assert.match(await command(table, 'bob', 'seeks bob'), /ann \(1500\?\) {2}Atom-4.*clock 5d/);
    const paired = await command(table, 'bob', `Atom4 play -time=5d bob ${PASSWORD.bob}`);
    const game = /Paired with ann: Atom-4 game (\d+) begins/.exec(paired)?.[1];
    assert.ok(game, paired);

    // Each is mailed: the first to move its move mail, the other that they are paired.
    const record = await server.store.loadGame(Number(game));
    const first = record?.toMove as 'ann' | 'bob';
    const second = first === 'ann' ? 'bob' : 'ann';
    await mailWhere(sink, (m) => m.to === ADDRESS[first] && m.subject === `[Tessera] Atom4 ${game} move 1`);
    const told = await mailWhere(
      sink,
      (m) =>
        m.to === ADDRESS[second] && m.subject === `[Tessera] Atom4 ${game}: you are paired with ${first}`,
    );
    assert.match(told.body, new RegExp(`You are paired with ${first} in Atom-4 game ${game}`));
  });
});
