/**
 * Mail in, as an attacker and as a newcomer would try it, on both backends (PostgreSQL with
 * TEST_DATABASE_URL): no answer repeats a password sent; password guesses by mail share one
 * budget across mails, handlers and server processes; the listener takes mail only for its own
 * address and refuses unknown senders in the session rather than mailing them; a message that
 * trickles in is cut off; a newcomer joins by mail; a reply to a board since taken back is refused.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { buildServer, DEFAULTS, type ServerConfig } from '../src/server/index.ts';
import { ADDRESS, accounts, mailWhere, OURS, PASSWORD, rawMail } from './mail-play.ts';
import { POSTGRES_URL } from './postgres-pair.ts';
import { type SmtpSink, type SunkMail, startSmtpSink } from './smtp-sink.ts';
import { freshDataDir } from './support.ts';

type Server = Awaited<ReturnType<typeof buildServer>>;

for (const backend of ['sqlite', 'postgres'] as const) {
  const skip = backend === 'postgres' && !POSTGRES_URL ? 'set TEST_DATABASE_URL=postgres://… to run' : false;
  describe(`mail in, securely, on ${backend}`, { skip, timeout: 300_000 }, () => {
    const schema = `ms_${randomBytes(5).toString('hex')}`;
    const dataDir = freshDataDir();
    let sink: SmtpSink;
    let server: Server;
    /** A second server process on the same PostgreSQL database (on SQLite: a second handler). */
    let other: Server | undefined;
    const config = (): ServerConfig => ({
      ...DEFAULTS,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      ...(backend === 'postgres' ? { databaseUrl: POSTGRES_URL as string, pgSchema: schema } : {}),
      log: false,
      rate: { ...DEFAULTS.rate, password: { perSecond: 0.001, burst: 6 } },
      mail: { smtpUrl: sink.url, from: OURS, holdMs: 5000, publicUrl: 'https://games.example' },
      smtpListen: {
        host: '127.0.0.1',
        port: 0,
        perClient: { perSecond: 1000, burst: 1000 },
        perSender: { perSecond: 0.001, burst: 25 },
        dataTimeoutMs: 600,
      },
    });

    before(async () => {
      sink = await startSmtpSink();
      server = await buildServer(config());
      await accounts(server, sink);
      if (backend === 'postgres') other = await buildServer(config());
    });
    after(async () => {
      await other?.app.close();
      await server?.app.close();
      await sink?.close();
      if (backend === 'postgres') {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    });

    /** Hand a mail to the server (or the other one); its answer, if one was written. */
    const send = async (
      from: string,
      body: string,
      extra: Record<string, string> = {},
      to: Server = server,
    ): Promise<{ outcome: string; reply: SunkMail | undefined }> => {
      const mail = rawMail(from, body, extra);
      const outcome = await to.mailIn.handle(mail.raw);
      await to.mail.mailer.runOnce();
      // Another process's mailer may be the one sending it: wait a little for a played mail's answer.
      const answered = () => sink.accepted.find((m) => m.headers.get('in-reply-to') === mail.messageId);
      for (let waited = 0; outcome.kind === 'played' && !answered() && waited < 3000; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const reply = answered();
      return { outcome: outcome.kind, reply };
    };
    const fromAnn = `Ann <${ADDRESS.ann}>`;

    /** ann and bob's game, and the move mail bob was sent for move 2. */
    const gameAwaitingBob = async () => {
      const made = await server.service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 3 });
      assert.ok(made.ok);
      const game = made.value.id;
      const record = await server.store.loadGame(game);
      const { GAMES } = await import('../src/games/index.ts');
      const ww = GAMES.warpweft as unknown as {
        legalMoves(s: unknown): unknown[];
        formatMove(m: unknown, s: unknown): string;
      };
      const first = ww.formatMove(ww.legalMoves(record?.state)[0], record?.state);
      assert.ok((await server.service.move('ann', game, first, 1)).ok);
      const moveMail = await mailWhere(
        sink,
        (m) => m.to === ADDRESS.bob && m.headers.get('x-tessera-game') === `${game}/2`,
      );
      const after = await server.store.loadGame(game);
      const legal = ww.legalMoves(after?.state).map((m) => ww.formatMove(m, after?.state));
      return { game, moveMail, legal };
    };
    const replyTo = (moveMail: SunkMail) => ({
      'In-Reply-To': moveMail.messageId,
      References: moveMail.messageId,
    });

    it('never answers with a password it was sent, and runs a full command in a reply as a command', async () => {
      const { moveMail } = await gameAwaitingBob();
      const pw = PASSWORD.bob as string;
      // A command in a reply to a move mail is run, not taken for a move.
      const vacation = await send(`Bob <${ADDRESS.bob}>`, `vacation bob ${pw}`, replyTo(moveMail));
      assert.match(vacation.reply?.body ?? '', /vacation days left/);
      const lines = [
        `email bob ${pw} off-is-not-an-address`,
        `WarpAndWeft move 1 bob ${pw} ZZ99`,
        `Chess move 1 bob ${pw}`,
        pw,
        `WarpAndWeft challenge -wobbly bob ann ${pw}`,
        `WarpAndWeft fly 1 bob ${pw}`,
        `password bob ${pw}`,
      ];
      const full = await send(`Bob <${ADDRESS.bob}>`, lines.join('\n'));
      assert.ok(full.reply, 'answered');
      // Not taken for a move, not repeated: a refused line in a reply to a move mail.
      const moveLike = await send(`Bob <${ADDRESS.bob}>`, `${pw} is my password`, replyTo(moveMail));
      for (const body of [vacation.reply?.body, full.reply?.body, moveLike.reply?.body]) {
        assert.doesNotMatch(body ?? '', new RegExp(pw), body);
      }
      assert.match(full.reply?.body ?? '', /> WarpAndWeft move 1 bob … ZZ99/);
      assert.match(full.reply?.body ?? '', /unknown game or command "Chess"/);
      // Over HTTP too.
      const http = await server.app.inject({
        method: 'POST',
        url: '/api/pbm',
        payload: { args: ['vacation', 'bob', pw, `${pw}x`] },
      });
      assert.doesNotMatch(http.body, new RegExp(pw));
    });

    it('limits password guesses by mail per account and per sender, across mails and servers', async () => {
      const guesses = Array.from({ length: 39 }, (_, i) => `password ann guess${i} new${i}pass`);
      guesses.push(`password ann ${PASSWORD.ann} stolen99`);
      const { reply } = await send(fromAnn, guesses.join('\n'));
      const body = reply?.body ?? '';
      assert.equal(body.match(/wrong user id or password/g)?.length, 6, 'the budget of 6 checks');
      assert.equal(body.match(/too many password checks/g)?.length, 34);
      assert.ok((await server.service.verify('ann', PASSWORD.ann as string)).ok, 'ann’s password holds');
      // The account's budget is spent for another sender and on another server process too.
      const again = await send(`Bob <${ADDRESS.bob}>`, `vacation ann ${PASSWORD.ann}`, {}, other ?? server);
      assert.match(again.reply?.body ?? again.outcome, /too many password checks/);
    });

    it('takes mail only for its own address and refuses unknown senders in the session', async () => {
      const [host, port] = (server.smtp?.address ?? '').split(':');
      const client = nodemailer.createTransport({ host, port: Number(port), secure: false, ignoreTLS: true });
      const code = (from: string, to: string, body: string) =>
        client.sendMail({ envelope: { from, to: [to] }, raw: rawMail(from, body).raw }).then(
          () => 250,
          (error: { responseCode?: number; response?: string }) => `${error.responseCode} ${error.response}`,
        );
      assert.match(
        String(await code(ADDRESS.ann as string, 'victim@outside.example', 'help')),
        /^550 .*no such mailbox/,
      );
      const before = sink.accepted.length;
      const refused = String(await code('eve@forged.example', OURS, 'WarpAndWeft show 1'));
      assert.match(refused, /^550 .*eve@forged\.example is not the confirmed address/);
      // The same through mail-in's handler: refused, and nothing mailed to the unknown address.
      const piped = await send('eve@forged.example', 'WarpAndWeft show 1');
      assert.equal(piped.outcome, 'refused');
      await server.mail.mailer.runOnce();
      assert.equal(sink.accepted.slice(before).filter((m) => m.to === 'eve@forged.example').length, 0);
      client.close();
    });

    it('cuts off a message that trickles in past the time limit', async () => {
      const [host, port] = (server.smtp?.address ?? '').split(':');
      const handled = server.mailIn.counts.played + server.mailIn.counts.refused;
      const socket = connect(Number(port), host);
      let said = '';
      socket.on('data', (d) => {
        said += d;
      });
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const closed = new Promise((r) => socket.on('close', r));
      for (let waited = 0; !said.includes('220') && waited < 10_000; waited += 50) await wait(50);
      for (const line of ['HELO x', `MAIL FROM:<${ADDRESS.ann}>`, `RCPT TO:<${OURS}>`, 'DATA']) {
        await wait(100);
        socket.write(`${line}\r\n`);
      }
      await wait(100);
      assert.match(said, /354/);
      const trickle = setInterval(() => socket.writable && socket.write('x'), 50);
      await Promise.race([closed, wait(5000)]);
      clearInterval(trickle);
      assert.match(said, /421 .*not sent within/);
      assert.equal(socket.destroyed || socket.readableEnded, true, 'the connection is closed');
      assert.equal(server.mailIn.counts.played + server.mailIn.counts.refused, handled);
    });

    it('lets a newcomer join by mail and confirm by replying with the code, and answers help', async () => {
      const erin = 'erin@newcomers.example';
      const help = await send(`Erin <${erin}>`, 'help');
      assert.match(help.reply?.body ?? '', /To join by mail: send the line "signup USERID PASSWORD"/);
      const joined = await send(`Erin <${erin}>`, 'signup erin erinpass1');
      assert.equal(joined.outcome, 'played');
      assert.ok(await server.store.getUser('erin'));
      const codeMail = await mailWhere(sink, (m) => m.to === erin && /code/.test(m.subject));
      const code = /code (\S+)/.exec(codeMail.subject)?.[1] as string;
      // The sign-up's own answer is the one mail an hour an unconfirmed address gets: none here.
      assert.equal(joined.reply, undefined);
      // Before the code, other commands are not run.
      const early = await send(`Erin <${erin}>`, 'notify erin erinpass1 digest\nhelp');
      assert.equal(early.outcome, 'played');
      const confirmed = await send(`Erin <${erin}>`, `${code}\n\n> the code mail`, replyTo(codeMail));
      assert.match(confirmed.reply?.body ?? '', /Verified: your mail goes to erin@newcomers\.example/);
      // Now erin's mail is played, and the mail commands work by mail.
      assert.equal((await server.mail.account.status('erin')).notify, 'move', 'the early notify was not run');
      const settings = await send(`Erin <${erin}>`, 'notify erin erinpass1 digest\nemail erin erinpass1');
      assert.match(
        settings.reply?.body ?? '',
        /erin now gets one mail a day[\s\S]*Mail for erin goes to erin@/,
      );
      // An account made by mail confirms no other address for a while.
      const further = await send(`Erin <${erin}>`, 'email erin erinpass1 erin2@newcomers.example');
      assert.match(further.reply?.body ?? '', /made by mail can be given another address one day after/);
    });

    it('refuses a reply to a board since taken back, showing the board as it is', async () => {
      const { game, moveMail, legal } = await gameAwaitingBob();
      // ann's move 1 is taken back by agreement and played differently: bob's mail shows a board
      // that is no more, though the next move is again number 2.
      assert.ok((await server.service.proposeTakeback('ann', game)).ok);
      assert.ok((await server.service.answerTakeback('bob', game, true)).ok);
      const record = await server.store.loadGame(game);
      const { GAMES } = await import('../src/games/index.ts');
      const ww = GAMES.warpweft as unknown as {
        legalMoves(s: unknown): unknown[];
        formatMove(m: unknown, s: unknown): string;
      };
      const replay = ww.formatMove(ww.legalMoves(record?.state).at(-1), record?.state);
      assert.ok((await server.service.move('ann', game, replay, 1)).ok);
      const stale = await send(`Bob <${ADDRESS.bob}>`, legal[0] as string, replyTo(moveMail));
      assert.match(stale.reply?.body ?? '', /the board has changed since the mail you answered/);
      assert.equal((await server.store.loadGame(game))?.moveCount, 1, 'nothing played');
    });

    it('plays the first line of a reply as the move and says the rest was not read', async () => {
      const { game, moveMail, legal } = await gameAwaitingBob();
      const move = legal[0] as string;
      const { reply } = await send(`Bob <${ADDRESS.bob}>`, `${move}\nNice opening, Ann!`, replyTo(moveMail));
      assert.match(reply?.body ?? '', new RegExp(`played ${move} as move 2`));
      assert.match(reply?.body ?? '', /the 1 line\(s\) after it were not/);
      assert.equal((await server.store.loadGame(game))?.moveCount, 2);
    });

    it('answers a repeated mail without a Message-ID, and each reason for a refusal apart', async () => {
      const bare = [
        'From: ann@players.example',
        `To: ${OURS}`,
        'Subject: again',
        '',
        'Atom4 history',
        '',
      ].join('\r\n');
      const before = sink.accepted.filter((m) => m.to === ADDRESS.ann && m.subject === 'Re: again').length;
      for (let i = 0; i < 2; i++) assert.equal((await server.mailIn.handle(bare)).kind, 'played');
      await server.mail.mailer.runOnce();
      const after = sink.accepted.filter((m) => m.to === ADDRESS.ann && m.subject === 'Re: again').length;
      assert.equal(after - before, 2, 'each gets its own answer');
      // No commands, twice (forged or not): one refusal. An HTML-only mail is another reason: answered.
      const empty = await send(fromAnn, '-- \nAnn');
      const emptyAgain = await send(fromAnn, '-- \nAnn');
      const html = await send(fromAnn, '<p>F6</p>', { 'Content-Type': 'text/html' });
      assert.match(empty.reply?.body ?? '', /found no commands/);
      assert.equal(emptyAgain.reply, undefined);
      assert.match(html.reply?.body ?? '', /no plain-text part/);
      // Mails whose every command is refused for its password (a forged From): one answer a window.
      const cat = 'cat@players.example';
      assert.ok((await server.service.signup('cat', 'catpass1', null)).ok);
      assert.ok((await server.mail.account.setAddress('cat', cat)).ok);
      const codeMail = await mailWhere(sink, (m) => m.to === cat && /code/.test(m.subject));
      assert.ok((await server.mail.account.verify('cat', /code (\S+)/.exec(codeMail.subject)?.[1] ?? '')).ok);
      const forged = [];
      for (let i = 0; i < 3; i++)
        forged.push(await send(`Cat <${cat}>`, `WarpAndWeft resign 1 cat guess${i}`));
      assert.match(forged[0]?.reply?.body ?? '', /wrong user id or password/);
      assert.deepEqual(
        forged.slice(1).map((f) => f.reply),
        [undefined, undefined],
      );
    });

    it('keeps budgets per confirmed account, per signing-up domain and per address mailed a code', async () => {
      // Sign-ups by mail count against the sender's domain as well: ten an hour (the default).
      for (let i = 0; i < 10; i++) {
        const made = await send(`Someone <new${i}@mass.example>`, `signup mass${i} masspass1`);
        assert.equal(made.outcome, 'played');
      }
      await send('Eleventh <new10@mass.example>', 'signup mass10 masspass1');
      assert.equal((await server.store.getUser('mass9')) !== undefined, true);
      assert.equal(await server.store.getUser('mass10'), undefined, 'the domain’s budget is spent');
      // A few code mails per address a day, whoever asks.
      const target = 'inbox@victim.example';
      const asked = [];
      for (const user of ['v1', 'v2', 'v3', 'v4']) {
        assert.ok((await server.service.signup(user, 'pass1234', null)).ok);
        asked.push(await server.mail.account.setAddress(user, target));
      }
      assert.deepEqual(
        asked.map((a) => a.ok),
        [true, true, true, false],
      );
      assert.match(asked[3]?.ok ? '' : (asked[3]?.error ?? ''), /inbox@victim\.example was mailed 3 codes/);
      // Mails per sender key on the confirmed account, whatever envelope sender each comes with.
      const [host, port] = (server.smtp?.address ?? '').split(':');
      const client = nodemailer.createTransport({ host, port: Number(port), secure: false, ignoreTLS: true });
      const codes: (number | undefined)[] = [];
      for (let i = 0; i < 30; i++) {
        const raw = rawMail(fromAnn, 'Atom4 history').raw;
        codes.push(
          await client.sendMail({ envelope: { from: `random${i}@anywhere.example`, to: [OURS] }, raw }).then(
            () => 250,
            (error: { responseCode?: number }) => error.responseCode,
          ),
        );
      }
      client.close();
      assert.equal(codes.at(-1), 451, JSON.stringify(codes));
    });

    it('charges every guess of one mail when the mail arrives, however long its checks take', async () => {
      const { createMailIn, mailInLimits } = await import('../src/server/mail-in/index.ts');
      const { GAMES } = await import('../src/games/index.ts');
      // Last, since it leaves bob's budgets spent for a month: a clock far past the guesses above
      // (every budget full again) that runs a second a call:
      // the budget would refill between lines if each check were charged when it runs.
      let clock = Date.now() + 30 * 86_400_000;
      const handler = createMailIn({
        store: server.store,
        service: server.service,
        games: GAMES,
        botGames: new Set(),
        from: OURS,
        limits: { ...mailInLimits(config()), password: { perSecond: 5, burst: 6 } },
        now: () => (clock += 1000),
      });
      const guesses = Array.from({ length: 39 }, (_, i) => `password bob guess${i} new${i}pass`);
      guesses.push(`password bob ${PASSWORD.bob} stolen99`);
      const outcome = await handler.handle(rawMail(`Bob <${ADDRESS.bob}>`, guesses.join('\n')).raw);
      assert.equal(outcome.kind, 'played');
      // Checked one by one as they ran, the budget would have refilled by line 40, the right one.
      assert.ok((await server.service.verify('bob', PASSWORD.bob as string)).ok, 'bob’s password holds');
    });
  });
}
