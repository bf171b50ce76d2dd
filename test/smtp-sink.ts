/**
 * A real SMTP server (smtp-server) standing in for the relay a Tessera server sends through. It
 * keeps every message it accepts, raw and with its headers unfolded; `hold()` makes it take
 * messages without ever answering them (a relay that has not yet said "250 OK"), so a test can
 * kill the sender in the middle of sending.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  readonly raw: string;
  /** Header name (lower case) → value, unfolded; the first of each. */
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for TESSERA_SMTP_URL. */
  readonly url: string;
  readonly accepted: SunkMail[];
  /** Messages received but not answered while holding. */
  readonly held: () => number;
  hold(): void;
  release(): void;
  /** Resolves once `count` messages have been accepted (checking every 25 ms, up to `ms`). */
  waitFor(count: number, ms?: number): Promise<SunkMail[]>;
  close(): Promise<void>;
}

export function parseMail(raw: string): SunkMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    if (colon > 0 && !headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return {
    raw,
    headers,
    body,
    messageId: headers.get('message-id') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const accepted: SunkMail[] = [];
  let holding = false;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (holding) {
          held++;
          return; // never answered: the sender is still waiting for "250 OK" when it dies
        }
        accepted.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    held: () => held,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
    },
    async waitFor(count, ms = 20_000) {
      for (let waited = 0; accepted.length < count; waited += 25) {
        if (waited > ms) throw new Error(`the relay got ${accepted.length} mails, not ${count}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return accepted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
