/**
 * Mail in: PBeM commands played from mail, through the built-in SMTP listener or `tessera mail-in`
 * (docs/mail.md). `createMailIn` handles one message; `listenSmtp` takes messages over SMTP.
 */
export {
  createMailIn,
  MAX_MAIL_BYTES,
  type MailIn,
  type MailInCounts,
  type MailInOptions,
  type MailOutcome,
  REFUSAL_WINDOW_MS,
} from './handle.ts';
export { listenSmtp, type SmtpListener, type SmtpListenOptions } from './listener.ts';
export { commandLines, type IncomingMail, MAX_COMMAND_LINES, readMail } from './message.ts';
export { mailInOnce, StoreUnavailable } from './once.ts';
