/**
 * End to end on PostgreSQL with a real SMTP relay (an smtp-server instance): accounts sign up with
 * addresses and verify them with the codes mailed to them; challenges and moves are committed
 * while the relay takes mail without answering, and the server is killed with SIGKILL in the
 * middle of sending. Restarted, it sends every mail the commits called for, each exactly once,
 * with the same Message-ID. Needs TEST_DATABASE_URL=postgres://…; skipped without it.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { type WarpWeftState, warpweft } from '../src/games/warpweft/index.ts';
import { POSTGRES_URL, skipWithoutPostgres } from './postgres-pair.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { call, type ServerProcess, startServer } from './support.ts';

const GAMES = 3;

describe('end to end: mail survives SIGKILL on PostgreSQL', {
  skip: skipWithoutPostgres('Mail crash test'),
  timeout: 120_000,
}, () => {
  const schema = `mail_${randomBytes(5).toString('hex')}`;
  const servers: ServerProcess[] = [];
  let sink: SmtpSink | undefined;
  let db: pg.Client | undefined;
  after(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await sink?.close();
    if (db) {
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.end();
    }
  });

  it('sends every mail once after a kill between commit and the relay’s answer', async () => {
    sink = await startSmtpSink();
    db = new pg.Client({ connectionString: POSTGRES_URL });
    await db.connect();
    const env = {
      DATABASE_URL: POSTGRES_URL as string,
      TESSERA_PG_SCHEMA: schema,
      TESSERA_SMTP_URL: sink.url,
      TESSERA_MAIL_FROM: 'tessera@games.example',
      TESSERA_PUBLIC_URL: 'https://games.example',
      // A mail held by a sender that died is taken again after a second.
      TESSERA_MAIL_HOLD_MS: '1000',
    };
    const start = async () => {
      const server = await startServer(env);
      servers.push(server);
      return server;
    };
    const first = await start();
    const base = first.url;

    // Sign up with addresses; the codes come by mail through the relay.
    const tokens: Record<string, string> = {};
    for (const user of ['ann', 'bob']) {
      const made = await call(base, 'POST', '/api/signup', {
        user,
        password: 'pass1234',
        email: `${user}@example.org`,
      });
      assert.equal(made.status, 201, made.body.error);
      tokens[user] = (await call(base, 'POST', '/api/login', { user, password: 'pass1234' })).body.token;
    }
    await sink.waitFor(2);
    for (const mail of sink.accepted.splice(0)) {
      const code = /code (\d{6})/.exec(mail.subject)?.[1];
      const user = mail.to.split('@')[0] as string;
      const verified = await call(base, 'POST', '/api/mail/verify', { code }, tokens[user]);
      assert.equal(verified.status, 200, verified.body.error);
    }

    // The relay takes mail but never answers: commits go on, their mails wait in the outbox.
    sink.hold();
    const ids: number[] = [];
    for (let g = 0; g < GAMES; g++) {
      const made = await call(
        base,
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['bob', 'ann'] },
        tokens.ann,
      );
      assert.equal(made.status, 201, made.body.error);
      const view = (await call(base, 'GET', `/api/games/${made.body.id}`)).body.view as WarpWeftState;
      const move = warpweft.formatMove(warpweft.legalMoves(view)[g] as never, view);
      const moved = await call(
        base,
        'POST',
        `/api/games/${made.body.id}/moves`,
        { move, moveNo: 1 },
        tokens.bob,
      );
      assert.equal(moved.status, 200, moved.body.error);
      ids.push(made.body.id);
    }
    // Each game: bob, to move first, hears of the challenge; ann of his move.
    const expected = ids.flatMap((id) => [
      `[Tessera] WarpAndWeft ${id}: ann challenges you`,
      `[Tessera] WarpAndWeft ${id} move 2`,
    ]);
    for (let waited = 0; sink.held() === 0; waited += 25) {
      assert.ok(waited < 20_000, 'the server started sending');
      await new Promise((r) => setTimeout(r, 25));
    }
    await first.kill('SIGKILL');
    assert.equal(sink.accepted.length, 0, 'nothing was accepted before the kill');
    const waiting = await db.query(
      `SELECT count(*) AS n FROM "${schema}".mail_outbox WHERE status = 'pending'`,
    );
    const notices = await db.query(`SELECT count(*) AS n FROM "${schema}".mail_notices`);
    assert.equal(
      Number(waiting.rows[0].n) + Number(notices.rows[0].n),
      expected.length,
      'every mail is in the outbox, or still a notice',
    );

    sink.release();
    await start();
    const got = await sink.waitFor(expected.length);
    // Until the outbox says every mail is sent (nothing can be sent again after that).
    for (let waited = 0; ; waited += 25) {
      const left = await db.query(`SELECT count(*) AS n FROM "${schema}".mail_outbox WHERE status <> 'sent'`);
      if (Number(left.rows[0].n) === 0) break;
      assert.ok(waited < 20_000, 'every mail is recorded as sent');
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.deepEqual(got.map((m) => m.subject).sort(), [...expected].sort(), 'each mail once');
    assert.equal(new Set(got.map((m) => m.messageId)).size, expected.length, 'each with its own Message-ID');
    assert.ok(
      got.every((m) => m.to === (/challenges you$/.test(m.subject) ? 'bob@example.org' : 'ann@example.org')),
    );
    const move = got.find((m) => m.subject === `[Tessera] WarpAndWeft ${ids[0]} move 2`);
    assert.equal(move?.headers.get('x-tessera-game'), `${ids[0]}/2`);
    assert.match(move?.body ?? '', new RegExp(`WarpAndWeft move ${ids[0]} ann PASSWORD MOVE#2`));
    const sent = await db.query(
      `SELECT message_id FROM "${schema}".mail_outbox WHERE kind <> 'verify' ORDER BY id`,
    );
    assert.deepEqual(
      sent.rows.map((r) => r.message_id).sort(),
      got.map((m) => m.messageId).sort(),
      'the relay got the Message-IDs the outbox fixed at commit',
    );
  });
});
