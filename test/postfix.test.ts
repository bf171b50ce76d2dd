/**
 * End to end through Debian's postfix, configured as docs/mail.md says: a private instance on
 * loopback only (its own configuration and queue directories, a spare port, no delivery outside:
 * the players' domain is routed to the relay stand-in), Tessera's address an alias, in an alias file
 * the data directory's owner owns, piped to `exec node_modules/.bin/node bin/tessera.js mail-in`.
 * A challenge and a move go in by the pipe; the answers and the opponent's move mail go out by
 * TESSERA_SMTP_URL through the same postfix. A store the pipe cannot open defers the mail (75), and
 * it is played when postfix delivers it again. A second instance, on an empty data directory, takes
 * the whole flow from newcomers: sign-up and code reply by mail, a whole game, the result mails.
 *
 * Needs postfix (.ci/run installs it) and root (postfix's master runs as root); skipped otherwise.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { warpweft } from '../src/games/warpweft/index.ts';
import { buildServer, DEFAULTS, type ServerConfig } from '../src/server/index.ts';
import {
  ADDRESS,
  accounts,
  command,
  joinByMail,
  type MailTable,
  mailWhere,
  OURS,
  PASSWORD,
  playGame,
  rawMail,
} from './mail-play.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { freshDataDir, ROOT } from './support.ts';

const POSTFIX = '/usr/sbin/postfix';
const why = !existsSync(POSTFIX)
  ? 'postfix is not installed (apt-get install postfix; .ci/run installs it)'
  : process.getuid?.() !== 0
    ? 'postfix must be started as root'
    : undefined;

/** A port nothing listens on just now. */
const sparePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The user the `nobody` account runs as, who owns the data directory and the alias file. */
const nobody = () => ({
  uid: Number(execFileSync('id', ['-u', 'nobody']).toString()),
  gid: Number(execFileSync('id', ['-g', 'nobody']).toString()),
});

interface Postfix {
  /** The instance's SMTP port on 127.0.0.1. */
  readonly port: number;
  /** Its mail log. */
  readonly log: string;
  readonly conf: string;
  /** Send one raw message into postfix from the address in its From line. */
  deliver(raw: string): Promise<void>;
}

/**
 * A game's record, read as mail-in reads it: by a child process run as the data directory's owner,
 * so that no file SQLite makes beside the database is root's.
 */
const recordAs = (data: string, owner: { uid: number; gid: number }) => (id: number) =>
  new Promise<never>((resolve, reject) => {
    const script = [
      `import { openStore } from ${JSON.stringify(join(ROOT, 'src/store/index.ts'))};`,
      `const store = await openStore({ dataDir: ${JSON.stringify(data)}, sqliteSync: 'full' });`,
      `try { process.stdout.write(JSON.stringify(await store.loadGame(${id}))); } finally { await store.close(); }`,
    ].join('\n');
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { cwd: ROOT, uid: owner.uid, gid: owner.gid },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout)),
    );
  });

/**
 * A private postfix instance in `dir`, set up as docs/mail.md says: Tessera's alias in a file the
 * data directory's owner owns, piped to the wrapper running mail-in on `data`; the players' domain
 * routed to the relay stand-in at `sinkPort`; stopped by `closing`.
 */
async function startPostfix(
  dir: string,
  data: string,
  sinkPort: number,
  closing: (() => Promise<unknown> | unknown)[],
): Promise<Postfix> {
  const conf = join(dir, 'postfix');
  const port = await sparePort();
  const owner = nobody();
  chmodSync(dir, 0o755);
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, data]);
  const postfix = (...args: string[]) =>
    execFileSync(POSTFIX, ['-c', conf, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });

  // The wrapper and the alias, as docs/mail.md writes them; the alias file is the owner's.
  // Whole games in a row from two senders are faster than a correspondence player writes.
  const wrapper = join(dir, 'tessera-mail-in');
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      `export TESSERA_DATA=${data} TESSERA_MAIL_FROM=${OURS} TESSERA_PUBLIC_URL=https://games.example \\`,
      `  TESSERA_SMTP_URL=smtp://127.0.0.1:${port} TESSERA_MAILS_PER_MINUTE=600`,
      `cd ${ROOT} && exec node_modules/.bin/node bin/tessera.js mail-in`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  mkdirSync(conf);
  const aliases = join(conf, 'tessera-aliases');
  writeFileSync(aliases, `${OURS.split('@')[0]}: "|${wrapper}"\n`);
  const transport = join(conf, 'transport');
  writeFileSync(transport, `players.example smtp:[127.0.0.1]:${sinkPort}\n`);
  const log = join(dir, 'maillog');
  writeFileSync(
    join(conf, 'main.cf'),
    [
      'compatibility_level = 3.6',
      `queue_directory = ${join(dir, 'spool')}`,
      `data_directory = ${join(dir, 'lib')}`,
      `maillog_file = ${log}`,
      `maillog_file_prefixes = ${dir}`,
      'myhostname = games.example',
      'mydestination = games.example',
      'inet_interfaces = loopback-only',
      'inet_protocols = ipv4',
      'mynetworks = 127.0.0.0/8',
      `alias_maps = hash:${aliases}`,
      `alias_database = hash:${aliases}`,
      `transport_maps = hash:${transport}`,
      // Nothing leaves this machine: every other domain is refused.
      'default_transport = error:this test delivers nowhere else',
      'smtp_dns_support_level = disabled',
      'biff = no',
      'smtputf8_enable = no',
      // One pipe at a time, and a deferred mail tried again within seconds, not minutes.
      'local_destination_concurrency_limit = 1',
      'queue_run_delay = 1s',
      'minimal_backoff_time = 1s',
      'maximal_backoff_time = 2s',
      '',
    ].join('\n'),
  );
  // Debian's services, unchrooted (the instance has no chroot of its own), SMTP on the spare port.
  const master = readFileSync('/etc/postfix/master.cf.proto', 'utf8')
    .replace(/^smtp(\s+)inet/m, `127.0.0.1:${port}$1inet`)
    .replace(/^(\S+\s+\S+\s+\S+\s+\S+\s+)y(\s)/gm, '$1n$2');
  writeFileSync(join(conf, 'master.cf'), master);
  // The queue is root's (postfix makes its parts), the data directory postfix's.
  mkdirSync(join(dir, 'spool'));
  mkdirSync(join(dir, 'lib'));
  execFileSync('chown', ['postfix', join(dir, 'lib')]);
  execFileSync('/usr/sbin/postalias', ['-c', conf, aliases]);
  execFileSync('/usr/sbin/postmap', ['-c', conf, transport]);
  for (const file of [aliases, `${aliases}.db`]) chownSync(file, owner.uid, owner.gid);
  postfix('start');
  closing.push(() => postfix('stop'));

  const client = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  closing.push(() => client.close());
  return {
    port,
    log,
    conf,
    async deliver(raw) {
      const from = /^From:.*<([^>]+)>/m.exec(raw)?.[1] as string;
      await client.sendMail({ envelope: { from, to: [OURS] }, raw });
    },
  };
}

/** A mail that went out through postfix carries its Received line. */
const viaPostfix = (m: { raw: string }) => /by games\.example \(Postfix\)/.test(m.raw);

describe('end to end: mail through postfix', { skip: why, timeout: 180_000 }, () => {
  const root = freshDataDir();
  const closing: (() => Promise<unknown> | unknown)[] = [];
  after(async () => {
    for (const close of closing.reverse()) await close();
    rmSync(root, { recursive: true, force: true });
  });
  /** A directory of its own for one test's instance, data and log. */
  const place = (name: string) => {
    chmodSync(root, 0o755);
    const dir = join(root, name);
    mkdirSync(dir);
    return dir;
  };

  it('plays a challenge and a bare move mailed in by the pipe, answered out through postfix', async () => {
    const sink = await startSmtpSink();
    closing.push(() => sink.close());
    const sinkPort = Number(new URL(sink.url).port);
    const dir = place('moves');

    // The accounts, made by a server that then stops: mail-in opens the SQLite database alone.
    const data = join(dir, 'data');
    const server = await buildServer({
      ...DEFAULTS,
      port: 0,
      host: '127.0.0.1',
      dataDir: data,
      log: false,
      mail: { smtpUrl: sink.url, from: OURS, holdMs: 5000, publicUrl: 'https://games.example' },
      smtpListen: undefined,
    } as ServerConfig);
    await accounts(server, sink);
    await server.app.close();
    sink.accepted.splice(0);

    const pf = await startPostfix(dir, data, sinkPort, closing);
    const table = { sink, deliver: pf.deliver, record: () => Promise.reject(new Error('not read here')) };
    // In by the pipe: ann's challenge; out through postfix: its answer, and her mail for move 1.
    const made = await command(table, 'ann', `WarpAndWeft challenge -size=2 ann bob ${PASSWORD.ann}`);
    const id = Number(/game (\d+) created/.exec(made)?.[1]);
    assert.ok(id > 0, made);
    const first = await mailWhere(
      sink,
      (m) => m.to === ADDRESS.ann && m.headers.get('x-tessera-game') === `${id}/1`,
    );
    assert.ok(viaPostfix(first), 'the move mail went out through postfix');
    // Warp and Weft's opening does not depend on the game's seed: its first legal move.
    const options = warpweft.parseOptions({ size: 2 });
    assert.ok(options.ok);
    const start = warpweft.setup(options.value, 0);
    const move = warpweft.formatMove(warpweft.legalMoves(start)[0] as never, start);

    // She answers it with the bare move; bob's move mail follows through postfix.
    const reply = rawMail(
      `ann <${ADDRESS.ann}>`,
      `${move}\n`,
      { 'In-Reply-To': first.messageId },
      `Re: ${first.subject}`,
    );
    await table.deliver(reply.raw);
    const answer = await mailWhere(sink, (m) => m.headers.get('in-reply-to') === reply.messageId);
    assert.match(answer.body, new RegExp(`played ${move} as move 1`, 'i'));
    const toBob = await mailWhere(
      sink,
      (m) => m.to === ADDRESS.bob && m.headers.get('x-tessera-game') === `${id}/2`,
    );
    assert.ok(viaPostfix(toBob));
    assert.match(toBob.body, new RegExp(`ann played ${move} as move 1`));

    // A store the pipe cannot open: the mail is deferred, not bounced, and played once it opens.
    chmodSync(data, 0o000);
    const later = rawMail(`ann <${ADDRESS.ann}>`, 'WarpAndWeft history');
    await table.deliver(later.raw);
    const log = pf.log;
    for (
      let waited = 0;
      !/status=deferred/.test(existsSync(log) ? readFileSync(log, 'utf8') : '');
      waited += 50
    ) {
      assert.ok(waited < 60_000, 'postfix deferred the mail');
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.doesNotMatch(readFileSync(log, 'utf8'), /status=bounced/);
    chmodSync(data, 0o755);
    execFileSync('/usr/sbin/postqueue', ['-c', pf.conf, '-f']);
    const played = await mailWhere(sink, (m) => m.headers.get('in-reply-to') === later.messageId);
    assert.match(played.body, /Warp and Weft/);
  });

  it('lets two newcomers join by mail and play a whole game to its result mail, through postfix', async () => {
    const sink = await startSmtpSink();
    closing.push(() => sink.close());
    const dir = place('newcomers');
    // No accounts beforehand: mail-in makes the database in the empty data directory.
    const data = join(dir, 'data');
    mkdirSync(data);
    const pf = await startPostfix(dir, data, Number(new URL(sink.url).port), closing);
    const table: MailTable = { sink, deliver: pf.deliver, record: recordAs(data, nobody()) };

    await joinByMail(table);
    const last = await playGame(table, warpweft as never, 'WarpAndWeft', '-size=2');
    assert.match(last, /Game over: (ann|bob) \(.*\) wins/);
    // Every mail, code mails, answers and move mails alike, went out through postfix; the result reaches both.
    const moveMails = sink.accepted.filter((m) => m.headers.get('x-tessera-game'));
    assert.ok(moveMails.length > 0, 'move mails were sent');
    assert.deepEqual(
      sink.accepted.filter((m) => !viaPostfix(m)).map((m) => m.subject),
      [],
      'every mail went out through postfix',
    );
    for (const user of ['ann', 'bob']) {
      const result = await mailWhere(
        sink,
        (m) => m.to === ADDRESS[user] && /^\[Tessera\] WarpAndWeft \d+ over:/.test(m.subject),
      );
      assert.ok(viaPostfix(result), 'the result mail went out through postfix');
    }
    assert.doesNotMatch(readFileSync(pf.log, 'utf8'), /status=bounced/);
  });
});
