/**
 * `npm run bench -- mail`: mail in. PBeM commands per second played from mail through the server's
 * SMTP listener (mails sent over SMTP from one client, each with several command lines, replies
 * written to the outbox), and through `tessera mail-in` (a process per mail, as an MTA's pipe runs
 * it, start-up included). BENCH_MAIL_IN (default 200) mails over SMTP, a tenth of that (at least
 * 3) through mail-in; BENCH_MAIL_LINES (default 5) commands a mail. SQLite.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { buildServer, DEFAULTS, type ServerConfig } from '../src/server/index.ts';
import { ADDRESS, accounts, OURS, rawMail } from '../test/mail-play.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { freshDataDir, TESSERA } from '../test/support.ts';
import { report } from './report.ts';

const MAILS = Number(process.env.BENCH_MAIL_IN ?? 200);
const PIPED = Math.max(3, Math.round(MAILS / 10));
const LINES = Number(process.env.BENCH_MAIL_LINES ?? 5);

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
  const client = nodemailer.createTransport({
    host,
    port: Number(port),
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 4,
  });
  let started = performance.now();
  await Promise.all(
    Array.from({ length: MAILS }, () =>
      client.sendMail({ envelope: { from: ADDRESS.ann as string, to: [OURS] }, raw: mail() }),
    ),
  );
  let seconds = (performance.now() - started) / 1000;
  client.close();
  report(
    'mail',
    'PBeM commands/s through the SMTP listener (sqlite)',
    Math.round((MAILS * LINES) / seconds),
    'commands/s',
  );
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
} finally {
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
