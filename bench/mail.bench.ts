/**
 * `npm run bench -- mail`: mail through the outbox. Outbox mails per second from the store to a
 * local SMTP relay (an smtp-server on 127.0.0.1) through the background mailer, and notices per
 * second turned into mails (a move mail each: the board drawn, the mail written to the outbox).
 * BENCH_MAILS (default 500) mails a run; PostgreSQL too with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { GAMES } from '../src/games/index.ts';
import { createMail, smtpTransport } from '../src/server/mail-out/index.ts';
import { createService } from '../src/server/service/service.ts';
import { isPostgresUrl, openStore, type StoreConfig } from '../src/store/index.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { report } from './report.ts';

const MAILS = Number(process.env.BENCH_MAILS ?? 500);
const pgUrl = [process.env.TEST_DATABASE_URL].find(isPostgresUrl);

async function run(backend: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-mail-'));
  const schema = `bench_mail_${randomBytes(4).toString('hex')}`;
  const config: StoreConfig =
    backend === 'sqlite'
      ? { dataDir: dir }
      : { dataDir: dir, databaseUrl: pgUrl as string, pgSchema: schema };
  const sink = await startSmtpSink();
  const store = await openStore(config);
  const service = createService({ store, games: GAMES, botGames: new Set() });
  const settings = {
    smtpUrl: sink.url,
    from: 'tessera@bench.example',
    publicUrl: 'http://localhost:27001',
    fileDir: join(dir, 'mail'),
    holdMs: 120_000,
  };
  const mail = await createMail({ store, service, settings, transport: smtpTransport(settings) });
  try {
    // Outbox to relay: MAILS mails written, then sent by the mailer's rounds.
    for (let i = 0; i < MAILS; i++) {
      await store.enqueueMail({
        user: null,
        to: `player${i}@bench.example`,
        kind: 'bench',
        messageId: `<bench.${i}@bench.example>`,
        subject: `[Tessera] WarpAndWeft ${i} move 7`,
        body: 'x'.repeat(2000),
        headers: { 'X-Tessera-Game': `${i}/7` },
        at: Date.now(),
      });
    }
    let started = performance.now();
    while (sink.accepted.length < MAILS) await mail.mailer.runOnce();
    let seconds = (performance.now() - started) / 1000;
    report(
      'mail',
      `outbox mails/s to a local SMTP relay (${backend})`,
      Math.round(MAILS / seconds),
      'mails/s',
    );

    // Notices to mails: one game, each of MAILS notices for its player to move rendered and written.
    await service.signup('ann', 'pass1234', null);
    await service.signup('bob', 'pass1234', null);
    for (const user of ['ann', 'bob']) {
      await store.requestAddress(user, `${user}@bench.example`, 'h', {
        user,
        to: `${user}@bench.example`,
        kind: 'verify',
        messageId: `<v.${user}@bench.example>`,
        subject: 'code',
        body: 'code',
        headers: {},
        at: Date.now(),
      });
      await store.verifyAddress(user, 'h', Date.now(), 60_000, 5);
    }
    const game = await service.challenge('ann', 'warpweft', ['ann', 'bob'], {});
    if (!game.ok) throw new Error(game.error);
    await mail.mailer.runOnce();
    const record = await store.loadGame(game.value.id);
    for (let i = 0; i < MAILS; i++) {
      await store.addNotice({
        user: 'ann',
        kind: 'reminder',
        gameId: game.value.id,
        moveNo: record?.moveCount ?? 0,
        at: i,
      });
    }
    sink.accepted.splice(0);
    started = performance.now();
    while (sink.accepted.length < MAILS) await mail.mailer.runOnce();
    seconds = (performance.now() - started) / 1000;
    report(
      'mail',
      `notices mailed/s, board drawn and sent (${backend})`,
      Math.round(MAILS / seconds),
      'mails/s',
    );
  } finally {
    await mail.mailer.close();
    await service.close();
    await store.close();
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
    if (backend === 'postgres') {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

await run('sqlite');
if (pgUrl) await run('postgres');
