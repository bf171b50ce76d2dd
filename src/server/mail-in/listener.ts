/**
 * The built-in SMTP listener (TESSERA_SMTP_LISTEN=host:port): mail for Tessera delivered straight
 * to the server, or relayed to it by the site's MTA. Each message is handed to the mail-in handler.
 * It takes mail only for the server's own address (any other recipient is refused at RCPT), refuses
 * a mail from an address no account confirmed in the session rather than mailing that address, and
 * limits a message's size and time (refused while it is being sent) and the rate of messages per
 * client address (per sender account: the handler, in the store). A temporary refusal is a 421 or
 * 451, so a well-behaved MTA tries again later.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { RateLimit } from '../guards/index.ts';
import { clientOf, limiter } from '../guards/index.ts';
import { MAX_MAIL_BYTES, type MailIn } from './outcome.ts';

/** A message's DATA must arrive within this long (default of `dataTimeoutMs`). */
export const DATA_TIMEOUT_MS = 60_000;

export interface SmtpListenOptions {
  readonly host: string;
  readonly port: number;
  /** The addresses taken at RCPT (the server's own); any other recipient is refused. */
  readonly recipients: readonly string[];
  /** Messages per client address. */
  readonly perClient: RateLimit;
  /** The most time a message's DATA may take, from the DATA command to its end. */
  readonly dataTimeoutMs?: number;
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
  const recipients = new Set(options.recipients.map((r) => r.toLowerCase()));
  const dataTimeoutMs = options.dataTimeoutMs ?? DATA_TIMEOUT_MS;
  const server = new SMTPServer({
    name: 'tessera',
    banner: 'Tessera mail in',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MAIL_BYTES,
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    onMailFrom(_address, session, callback) {
      if (!clients.take(clientOf(session.remoteAddress), now())) {
        return callback(smtpError('Too many messages from your address; try again later', 421));
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (!recipients.has(address.address.toLowerCase())) {
        const ours = [...recipients].join(', ');
        return callback(
          smtpError(
            `<${address.address.slice(0, 100)}>: no such mailbox here (this server takes mail for ${ours})`,
            550,
          ),
        );
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      // A message that trickles in is cut off at the time limit, however steadily it comes.
      const timer = setTimeout(() => {
        for (const connection of server.connections) {
          if (connection.session !== session) continue;
          connection.send(421, `Message not sent within ${Math.round(dataTimeoutMs / 1000)} s; closing`);
        }
      }, dataTimeoutMs);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        clearTimeout(timer);
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(smtpError(`Message larger than ${MAX_MAIL_BYTES} bytes`, 552));
        }
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const raw = Buffer.concat(chunks);
        // The envelope's empty sender (a bounce) travels as an empty Return-Path, as an MTA delivers it.
        const message = envelopeFrom === '' ? Buffer.concat([Buffer.from('Return-Path: <>\r\n'), raw]) : raw;
        mailIn.handle(message, { client: clientOf(session.remoteAddress) }).then(
          (outcome) => {
            if (outcome.kind === 'deferred')
              return callback(smtpError(`${outcome.reason}; try again later`, 451));
            if (outcome.kind === 'refused' && outcome.reject) return callback(smtpError(outcome.reject, 550));
            callback();
          },
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
