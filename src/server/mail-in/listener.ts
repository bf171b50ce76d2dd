/**
 * The built-in SMTP listener (TESSERA_SMTP_LISTEN=host:port): mail for Tessera delivered straight
 * to the server, or relayed to it by the site's MTA. Each message is handed to the mail-in handler.
 * Limits: a message's size (refused while it is being sent), and the rate of messages per client
 * address and per sender address (a temporary 451, so a well-behaved MTA tries again later).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { RateLimit } from '../limits.ts';
import { limiter } from '../limits.ts';
import { MAX_MAIL_BYTES, type MailIn } from './handle.ts';

export interface SmtpListenOptions {
  readonly host: string;
  readonly port: number;
  /** Messages per client address. */
  readonly perClient: RateLimit;
  /** Messages per sender (MAIL FROM) address. */
  readonly perSender: RateLimit;
  readonly now?: () => number;
  readonly onError?: (error: unknown) => void;
}

export interface SmtpListener {
  /** The address it listens on, host:port. */
  readonly address: string;
  close(): Promise<void>;
}

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

export async function listenSmtp(mailIn: MailIn, options: SmtpListenOptions): Promise<SmtpListener> {
  const now = options.now ?? Date.now;
  const clients = limiter(options.perClient);
  const senders = limiter(options.perSender);
  const server = new SMTPServer({
    name: 'tessera',
    banner: 'Tessera mail in',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MAIL_BYTES,
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    onMailFrom(address, session, callback) {
      if (!clients.take(session.remoteAddress, now())) {
        return callback(smtpError('Too many messages from your address; try again later', 421));
      }
      const sender = address.address.toLowerCase();
      if (sender !== '' && !senders.take(sender, now())) {
        return callback(smtpError('Too many messages from this sender; try again later', 451));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(smtpError(`Message larger than ${MAX_MAIL_BYTES} bytes`, 552));
        }
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const raw = Buffer.concat(chunks);
        // The envelope's empty sender (a bounce) travels as an empty Return-Path, as an MTA delivers it.
        const message = envelopeFrom === '' ? Buffer.concat([Buffer.from('Return-Path: <>\r\n'), raw]) : raw;
        mailIn.handle(message).then(
          () => callback(),
          (error: unknown) => {
            options.onError?.(error);
            callback(smtpError('Temporary failure; try again later', 451));
          },
        );
      });
    },
  });
  server.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const bound = server.server.address() as AddressInfo;
  return {
    address: `${options.host}:${bound.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
