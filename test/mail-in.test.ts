/**
 * End to end: a Warp and Weft game and an Atom-4 game played between two accounts entirely by
 * mail, mails sent into the server's built-in SMTP listener, and again through `tessera mail-in`
 * processes (an MTA's pipe); every reply and move mail is captured by a real SMTP relay stand-in.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { GAMES } from '../src/games/index.ts';
import { buildServer, type ServerConfig } from '../src/server/index.ts';
import { openStore } from '../src/store/index.ts';
import {
  ADDRESS,
  accounts,
  command,
  joinByMail,
  type MailTable,
  mailServerConfig,
  mailWhere,
  OURS,
  PASSWORD,
  playGame,
  rawMail,
} from './mail-play.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { freshDataDir, TESSERA } from './support.ts';

const GAME_RUNS = [
  { game: 'warpweft', name: 'WarpAndWeft', flags: '-size=2', won: /Game over: (ann|bob) \(.*\) wins/ },
  { game: 'atom4', name: 'Atom4', flags: '', won: /Game over/ },
] as const;

const config = mailServerConfig;

describe('end to end: games played by mail', { timeout: 1_500_000 }, () => {
  const closing: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('plays a Warp and Weft game and an Atom-4 game through the SMTP listener', async () => {
    const sink = await startSmtpSink();
    closing.push(() => sink.close());
    const server = await buildServer(config(freshDataDir(), sink));
    closing.push(() => server.app.close());
    assert.ok(server.smtp, 'the listener is on');
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
    for (const run of GAME_RUNS) {
      const last = await playGame(table, GAMES[run.game] as never, run.name, run.flags);
      assert.match(last, run.won);
    }
    // Several commands in one mail: one reply answers them all, in order; the password is not echoed.
    const body = await command(table, 'bob', `WarpAndWeft games bob all\nAtom4 history\nhelp`);
    assert.match(
      body,
      /Warp and Weft games of bob \(all\)[\s\S]*Atom-4: finished games[\s\S]*Tessera PBeM commands/,
    );
    assert.equal(server.mailIn.counts.played > 0, true);
  });

  it('lets two newcomers join by mail and play a whole game to its result mail, through the listener', async () => {
    const sink = await startSmtpSink();
    closing.push(() => sink.close());
    const server = await buildServer(config(freshDataDir(), sink));
    closing.push(() => server.app.close());
    const [host, port] = (server.smtp?.address ?? '').split(':');
    const client = nodemailer.createTransport({ host, port: Number(port), secure: false, ignoreTLS: true });
    closing.push(async () => client.close());
    const table: MailTable = {
      sink,
      async deliver(raw) {
        await client.sendMail({ envelope: { from: 'relay@players.example', to: [OURS] }, raw });
      },
      record: async (id) => (await server.store.loadGame(id)) as never,
    };
    await joinByMail(table);
    const last = await playGame(table, GAMES.warpweft as never, 'WarpAndWeft', '-size=2');
    assert.match(last, /Game over: (ann|bob) \(.*\) wins/);
    // The result reaches both players by mail.
    for (const user of ['ann', 'bob']) {
      await mailWhere(
        sink,
        (m) => m.to === ADDRESS[user] && /^\[Tessera\] WarpAndWeft \d+ over:/.test(m.subject),
      );
    }
  });

  it('plays the same games through tessera mail-in, an MTA pipe', async () => {
    const sink = await startSmtpSink();
    closing.push(() => sink.close());
    const dataDir = freshDataDir();
    // The accounts are made by a server, which then stops: mail-in opens the database alone.
    const server = await buildServer({ ...config(dataDir, sink), smtpListen: undefined } as ServerConfig);
    await accounts(server, sink);
    await server.app.close();
    const env = {
      ...process.env,
      TESSERA_DATA: dataDir,
      TESSERA_SMTP_URL: sink.url,
      TESSERA_MAIL_FROM: OURS,
      TESSERA_PUBLIC_URL: 'https://games.example',
      // Whole games in a row from two senders, faster than a correspondence player writes.
      TESSERA_MAILS_PER_MINUTE: '600',
    };
    const pipe = (raw: string) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [TESSERA, 'mail-in'], {
          env,
          stdio: ['pipe', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.on('exit', (code) => resolve({ code, stderr }));
        child.stdin.end(raw);
      });
    const table: MailTable = {
      sink,
      async deliver(raw) {
        const done = await pipe(raw);
        assert.equal(done.code, 0, done.stderr);
      },
      async record(id) {
        const store = await openStore({ dataDir, sqliteSync: 'full' });
        try {
          return (await store.loadGame(id)) as never;
        } finally {
          await store.close();
        }
      },
    };
    for (const run of GAME_RUNS) {
      const last = await playGame(table, GAMES[run.game] as never, run.name, run.flags);
      assert.match(last, run.won);
    }
    // A finished game analysed by the pipe's own worker thread, answered in the reply.
    const finished = await openStore({ dataDir, sqliteSync: 'full' });
    const [atom4Game] = await finished.finishedGames('atom4', 1).finally(() => finished.close());
    assert.ok(atom4Game, 'the Atom-4 game played by mail');
    const analysed = await command(table, 'ann', `Atom4 analyse ${atom4Game.id} ann ${PASSWORD.ann}`);
    assert.match(analysed, /ann: \d+ mistakes?, \d+ blunders?; bob: \d+ mistakes?, \d+ blunders?/);
    // The same mail delivered twice is played once; a bounce is dropped, with status 0 both times.
    const again = rawMail(`ann <${ADDRESS.ann}>`, 'Atom4 history');
    assert.equal((await pipe(again.raw)).code, 0);
    assert.match((await pipe(again.raw)).stderr, /dropped \(already answered/);
    const bounce = rawMail('MAILER-DAEMON <mailer-daemon@players.example>', 'Undelivered');
    assert.match((await pipe(bounce.raw)).stderr, /dropped \(a bounce/);
    // With the store out of reach, the MTA is told to try again later (EX_TEMPFAIL).
    const child = await new Promise<number | null>((resolve) => {
      const c = spawn(process.execPath, [TESSERA, 'mail-in'], {
        env: { ...env, DATABASE_URL: 'postgres://nobody:wrong@127.0.0.1:1/none' },
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      c.on('exit', resolve);
      c.stdin.end(again.raw);
    });
    assert.equal(child, 75);
  });
});
