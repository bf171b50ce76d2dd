/**
 * Playing whole games between two accounts by mail, for the mail-in tests: ann sends full PBeM
 * command lines, bob answers each move mail with just his move. Each move is a winning one when there
 * is one (so games end soon). `deliver` hands one raw message to Tessera (its SMTP
 * listener, or `tessera mail-in`); replies and move mails are read from the relay stand-in.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AnyGame } from '../src/games/index.ts';
import { type buildServer, DEFAULTS, type ServerConfig } from '../src/server/index.ts';
import type { SmtpSink, SunkMail } from './smtp-sink.ts';

export const OURS = 'tessera@games.example';

/** A server that mails through `sink` and takes mail on its SMTP listener, with generous rates. */
export const mailServerConfig = (dataDir: string, sink: SmtpSink): ServerConfig => ({
  ...DEFAULTS,
  port: 0,
  host: '127.0.0.1',
  dataDir,
  log: process.env.MAIL_TEST_LOG ? 'error' : false,
  mail: { smtpUrl: sink.url, from: OURS, holdMs: 5000, publicUrl: 'https://games.example' },
  smtpListen: {
    host: '127.0.0.1',
    port: 0,
    perClient: { perSecond: 1000, burst: 1000 },
    perSender: { perSecond: 1000, burst: 1000 },
  },
});
export const ADDRESS: Record<string, string> = { ann: 'ann@players.example', bob: 'bob@players.example' };
export const PASSWORD: Record<string, string> = { ann: 'annpass1', bob: 'bobpass1' };

/** One raw RFC 5322 message, and its Message-ID. */
export function rawMail(from: string, body: string, extra: Record<string, string> = {}, subject = 'moves') {
  const messageId = `<${randomBytes(8).toString('hex')}@players.example>`;
  const headers = {
    From: from,
    To: OURS,
    Subject: subject,
    'Message-ID': messageId,
    Date: new Date(0).toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...extra,
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return { raw: `${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`, messageId };
}

export interface MailTable {
  readonly sink: SmtpSink;
  deliver(raw: string): Promise<void>;
  /** The game's current record: whose move, its state. */
  record(id: number): Promise<{ toMove: string | null; state: unknown; status: string; moveCount: number }>;
}

/** The first mail the sink got that satisfies `test` (waiting for it). */
export async function mailWhere(sink: SmtpSink, test: (m: SunkMail) => boolean): Promise<SunkMail> {
  // Long enough for the mailer to retry a mail the relay did not take at the first try.
  for (let waited = 0; waited < 150_000; waited += 20) {
    const found = sink.accepted.find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  const got = sink.accepted.map((m) => `${m.to} ${m.subject} [${m.headers.get('x-tessera-game') ?? ''}]`);
  throw new Error(`no such mail came; the relay has:\n${got.join('\n')}`);
}

const replyTo = (sink: SmtpSink, messageId: string) =>
  mailWhere(sink, (m) => m.headers.get('in-reply-to') === messageId);

/** Send commands from `user`'s address; the one reply's body. */
export async function command(table: MailTable, user: string, lines: string): Promise<string> {
  const mail = rawMail(`${user} <${ADDRESS[user]}>`, lines);
  await table.deliver(mail.raw);
  const reply = await replyTo(table.sink, mail.messageId);
  assert.equal(reply.to, ADDRESS[user], 'the reply goes to the sender');
  return reply.body;
}

/** A move that wins at once if there is one, else one picked by the move number (games end soon). */
function chooseMove(game: AnyGame, state: unknown, moveNo: number): unknown {
  const moves = game.legalMoves(state);
  const wins = moves.find((m) => {
    const after = game.play(state, m);
    return after.ok && game.outcome(after.value)?.kind === 'win';
  });
  return wins ?? moves[(moveNo * 7919) % moves.length];
}

/** A whole game by mail; returns the last reply (the board with the result). */
export async function playGame(
  table: MailTable,
  game: AnyGame,
  name: string,
  flags: string,
): Promise<string> {
  const made = await command(
    table,
    'ann',
    `${name} challenge ${flags} ann bob ${PASSWORD.ann}\n\n-- \nAnn, sent from her phone`,
  );
  const id = Number(/game (\d+) created/.exec(made)?.[1]);
  assert.ok(id > 0, made);
  let last = made;
  for (;;) {
    const record = await table.record(id);
    if (record.status !== 'active') break;
    const moveNo = record.moveCount + 1;
    const move = chooseMove(game, record.state, moveNo);
    const text = game.formatMove(move, record.state);
    if (record.toMove === 'ann') {
      last = await command(table, 'ann', `${name} move ${id} ann ${PASSWORD.ann} ${text}#${moveNo}`);
    } else {
      // bob answers the move mail he was sent with the move alone, quoting it below.
      const moveMail = await mailWhere(
        table.sink,
        (m) => m.to === ADDRESS.bob && m.headers.get('x-tessera-game') === `${id}/${moveNo}`,
      );
      const answer = rawMail(
        `Bob <${ADDRESS.bob}>`,
        `${text}\n\nOn Tuesday, Tessera wrote:\n> ${moveMail.body.split('\n').slice(0, 3).join('\n> ')}`,
        { 'In-Reply-To': moveMail.messageId, References: moveMail.messageId },
        `Re: ${moveMail.subject}`,
      );
      await table.deliver(answer.raw);
      last = (await replyTo(table.sink, answer.messageId)).body;
    }
    assert.match(
      last,
      new RegExp(`played ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} as move ${moveNo}`, 'i'),
    );
  }
  return last;
}

/** ann and bob sign up by mail from their own addresses, each replying to the code mail with the code alone. */
export async function joinByMail(table: MailTable): Promise<void> {
  for (const user of ['ann', 'bob']) {
    assert.match(await command(table, user, `signup ${user} ${PASSWORD[user]}`), /your account is ready/);
    const codeMail = await mailWhere(table.sink, (m) => m.to === ADDRESS[user] && /code/.test(m.subject));
    const code = /code (\S+)/.exec(codeMail.subject)?.[1] as string;
    const answer = rawMail(`${user} <${ADDRESS[user]}>`, `${code}\n\n> Someone (we hope you) asked…`, {
      'In-Reply-To': codeMail.messageId,
    });
    await table.deliver(answer.raw);
    const verified = await replyTo(table.sink, answer.messageId);
    assert.match(verified.body, /Verified: your mail goes to/);
  }
}

type Server = Awaited<ReturnType<typeof buildServer>>;

/** ann and bob, with their addresses confirmed by the codes mailed to them. */
export async function accounts(server: Server, sink: SmtpSink): Promise<void> {
  for (const user of ['ann', 'bob']) {
    assert.ok((await server.service.signup(user, PASSWORD[user] as string, null)).ok);
    assert.ok((await server.mail.account.setAddress(user, ADDRESS[user] as string)).ok);
    const mail = await mailWhere(sink, (m) => m.to === ADDRESS[user] && /code/.test(m.subject));
    const code = /code (\S+)/.exec(mail.subject)?.[1] as string;
    assert.ok((await server.mail.account.verify(user, code)).ok);
  }
}
