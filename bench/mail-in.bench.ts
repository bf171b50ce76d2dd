/**
 * `npm run bench -- mail`: mail in. Mails and PBeM commands per second played from mail through the
 * server's SMTP listener (4 connections from one client, each sending its next mail once the last
 * is answered, each mail several command lines), and the p99 from a mail's arrival to its answer
 * being in the outbox (the listener answers 250 only then, so it is the client's wait for that);
 * through `tessera mail-in` (a process per mail, as an MTA's pipe runs it, start-up included);
 * and a normal player's move mails, answered while another client floods the listener with the
 * default limits on. BENCH_MAIL_IN (default 200) mails over SMTP, a tenth of that (at least 3)
 * through mail-in; BENCH_MAIL_LINES (default 5) commands a mail; BENCH_MAIL_MOVES (default 25,
 * within the per-sender burst) move mails during the flood. SQLite.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { warpweft } from '../src/games/warpweft/index.ts';
import { buildServer, DEFAULTS, type ServerConfig } from '../src/server/index.ts';
import { ADDRESS, accounts, OURS, PASSWORD, rawMail } from '../test/mail-play.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { freshDataDir, TESSERA } from '../test/support.ts';
import { report } from './report.ts';

const MAILS = Number(process.env.BENCH_MAIL_IN ?? 200);
const PIPED = Math.max(3, Math.round(MAILS / 10));
const LINES = Number(process.env.BENCH_MAIL_LINES ?? 5);
const MOVES = Number(process.env.BENCH_MAIL_MOVES ?? 25);
const CONNECTIONS = 4;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (x: number) => Math.round(x * 10) / 10;

const dataDir = freshDataDir();
const sink = await startSmtpSink();
const config: ServerConfig = {
  ...DEFAULTS,
  port: 0,
  host: '127.0.0.1',
  dataDir,
  log: false,
  mail: { smtpUrl: sink.url, from: OURS, holdMs: 60_000, publicUrl: 'https://games.example' },
  smtpListen: {
    host: '127.0.0.1',
    port: 0,
    perClient: { perSecond: 1e6, burst: 1e6 },
    perSender: { perSecond: 1e6, burst: 1e6 },
  },
};
const server = await buildServer(config);
await accounts(server, sink);
const made = await server.service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 3 });
if (!made.ok) throw new Error(made.error);
const id = made.value.id;
// A mail of shows and a list: the board is drawn each time.
const body = [
  ...Array.from({ length: LINES - 1 }, () => `WarpAndWeft show ${id}`),
  `WarpAndWeft games ann all`,
].join('\n');
const mail = () => rawMail(`ann <${ADDRESS.ann}>`, body).raw;

try {
  const [host, port] = (server.smtp?.address ?? '').split(':');
  // Each connection sends its next mail once the last is answered: its wait is the mail's time
  // from arrival to its answer in the outbox.
  const waits: number[] = [];
  let started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      const client = nodemailer.createTransport({
        host,
        port: Number(port),
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 1,
      });
      for (let i = c; i < MAILS; i += CONNECTIONS) {
        const sent = performance.now();
        await client.sendMail({ envelope: { from: ADDRESS.ann as string, to: [OURS] }, raw: mail() });
        waits.push(performance.now() - sent);
      }
      client.close();
    }),
  );
  let seconds = (performance.now() - started) / 1000;
  report('mail', 'mails/s in through the SMTP listener (sqlite)', Math.round(MAILS / seconds), 'mails/s');
  report(
    'mail',
    'PBeM commands/s through the SMTP listener (sqlite)',
    Math.round((MAILS * LINES) / seconds),
    'commands/s',
  );
  waits.sort((a, b) => a - b);
  report('mail', 'mail arrival to its answer queued, median (sqlite)', ms(percentile(waits, 50)), 'ms');
  report('mail', 'mail arrival to its answer queued, p99 (sqlite)', ms(percentile(waits, 99)), 'ms');
  if (server.mailIn.counts.played !== MAILS)
    throw new Error(`played ${server.mailIn.counts.played} of ${MAILS}`);
  await server.app.close();

  const env = { ...process.env, TESSERA_DATA: dataDir, TESSERA_SMTP_URL: sink.url, TESSERA_MAIL_FROM: OURS };
  started = performance.now();
  for (let i = 0; i < PIPED; i++) {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [TESSERA, 'mail-in'], {
        env,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      child.on('exit', resolve);
      child.stdin.end(mail());
    });
    if (code !== 0) throw new Error(`tessera mail-in exited with ${code}`);
  }
  seconds = (performance.now() - started) / 1000;
  report(
    'mail',
    'PBeM commands/s through tessera mail-in, a process a mail (sqlite)',
    Math.round((PIPED * LINES) / seconds),
    'commands/s',
  );

  await flooded();
} finally {
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A normal player (ann, from 127.0.0.1) mails her moves one at a time against cat, who answers on
 * the server, while another client (from 127.0.0.2, bob's confirmed address and strangers') sends
 * as fast as 8 connections can; the listener has its default limits. Her mails' p99.
 */
async function flooded() {
  const server = await buildServer({ ...config, smtpListen: { host: '127.0.0.1', port: 0 } });
  try {
    await server.service.signup('cat', 'catpass1', null);
    const [host, port] = (server.smtp?.address ?? '').split(':');
    let flooding = true;
    let floodSent = 0;
    let floodRefused = 0;
    const floods = Array.from({ length: 8 }, async (_, f) => {
      while (flooding) {
        const from = f % 2 === 0 ? (ADDRESS.bob as string) : `stranger${f}@flood.example`;
        const client = nodemailer.createTransport({
          host,
          port: Number(port),
          secure: false,
          ignoreTLS: true,
          localAddress: '127.0.0.2',
        });
        try {
          await client.sendMail({ envelope: { from, to: [OURS] }, raw: rawMail(`x <${from}>`, body).raw });
          floodSent++;
        } catch {
          floodRefused++;
        } finally {
          client.close();
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    const waits: number[] = [];
    let game = 0;
    for (let i = 0; i < MOVES; i++) {
      let record = game === 0 ? undefined : await server.store.loadGame(game);
      if (record?.status !== 'active') {
        const made = await server.service.challenge('cat', 'warpweft', ['ann', 'cat'], { size: 3 });
        if (!made.ok) throw new Error(made.error);
        game = made.value.id;
        record = await server.store.loadGame(game);
      }
      const state = record?.state as never;
      const move = warpweft.formatMove(warpweft.legalMoves(state)[0] as never, state);
      const line = `WarpAndWeft move ${game} ann ${PASSWORD.ann} ${move}#${(record?.moveCount ?? 0) + 1}`;
      const client = nodemailer.createTransport({ host, port: Number(port), secure: false, ignoreTLS: true });
      const sent = performance.now();
      await client.sendMail({
        envelope: { from: ADDRESS.ann as string, to: [OURS] },
        raw: rawMail(`ann <${ADDRESS.ann}>`, line).raw,
      });
      waits.push(performance.now() - sent);
      client.close();
      const after = await server.store.loadGame(game);
      if (after?.moveCount !== (record?.moveCount ?? 0) + 1)
        throw new Error(`ann's move ${line} was not played`);
      if (after.status === 'active' && after.toMove === 'cat') {
        const s = after.state as never;
        const reply = await server.service.move(
          'cat',
          game,
          warpweft.formatMove(warpweft.legalMoves(s)[0] as never, s),
        );
        if (!reply.ok) throw new Error(reply.error);
      }
    }
    flooding = false;
    await Promise.all(floods);
    waits.sort((a, b) => a - b);
    report(
      'mail',
      `a player's move mail answered during a flood, median (sqlite)`,
      ms(percentile(waits, 50)),
      'ms',
    );
    report(
      'mail',
      `a player's move mail answered during a flood, p99 (sqlite)`,
      ms(percentile(waits, 99)),
      'ms',
    );
    report('mail', 'flood mails taken meanwhile', floodSent, 'mails');
    report('mail', 'flood mails refused meanwhile', floodRefused, 'mails');
  } finally {
    await server.app.close();
  }
}
