/**
 * Mail in: PBeM commands played from mail, through the built-in SMTP listener or `tessera mail-in`
 * (docs/mail.md). `createMailIn` handles one message; `listenSmtp` takes messages over SMTP.
 */
export { createMailIn } from './handle.ts';
export { DATA_TIMEOUT_MS, listenSmtp, type SmtpListener, type SmtpListenOptions } from './listener.ts';
export { commandLines, type IncomingMail, MAX_COMMAND_LINES, readMail } from './message.ts';
export { mailInOnce, StoreUnavailable } from './once.ts';
export {
  MAX_MAIL_BYTES,
  type MailIn,
  type MailInCounts,
  type MailInLimits,
  type MailInOptions,
  type MailOutcome,
  type MailVia,
  mailInLimits,
  REFUSAL_WINDOW_MS,
} from './outcome.ts';
