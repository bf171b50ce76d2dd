/**
 * Sending one mail: through an SMTP relay with nodemailer (TESSERA_SMTP_URL), or, with no relay,
 * written as an .eml file under the data directory, so a fresh server needs no mail server. Each
 * mail is built from its outbox row alone (its Message-ID and Date included), so a resend after a
 * crash is byte for byte the same mail.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxMail } from '../../store/index.ts';
import type { MailSettings } from './settings.ts';

export type SendOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly permanent: boolean; readonly error: string };

export interface MailTransport {
  /** Where mail goes, for the start-up message. */
  readonly description: string;
  send(mail: OutboxMail): Promise<SendOutcome>;
  close(): void;
}

const message = (mail: OutboxMail, from: string) => ({
  from,
  replyTo: from,
  to: mail.to,
  subject: mail.subject,
  text: mail.body,
  messageId: mail.messageId,
  date: new Date(mail.at),
  headers: { ...mail.headers },
});

/** A relay's 5xx answer is final; anything else (no connection, 4xx, a timeout) is worth a retry. */
function outcomeOf(error: unknown): SendOutcome {
  const e = error as { responseCode?: number; response?: string; message?: string };
  const code = e.responseCode;
  const text = (e.response ?? e.message ?? String(error)).slice(0, 300);
  return { ok: false, permanent: code !== undefined && code >= 500 && code < 600, error: text };
}

export function smtpTransport(settings: MailSettings & { readonly smtpUrl: string }): MailTransport {
  // A few connections kept open and reused (the URL's own parameters win).
  const transporter = nodemailer.createTransport({ url: settings.smtpUrl, pool: true, maxConnections: 4 });
  return {
    description: `SMTP relay ${settings.smtpUrl.replace(/\/\/[^@/]*@/, '//***@')}`,
    async send(mail) {
      try {
        await transporter.sendMail(message(mail, settings.from));
        return { ok: true };
      } catch (error) {
        return outcomeOf(error);
      }
    },
    close: () => transporter.close(),
  };
}

/** Each mail as `<data>/mail/<Message-ID>.eml`, written whole (a temporary file renamed). */
export function fileTransport(settings: MailSettings): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${settings.fileDir}`,
    async send(mail) {
      try {
        const built = await builder.sendMail(message(mail, settings.from));
        await mkdir(settings.fileDir, { recursive: true });
        const name = mail.messageId.replace(/[^A-Za-z0-9.@_-]/g, '');
        const file = join(settings.fileDir, `${name}.eml`);
        await writeFile(`${file}.tmp`, built.message as Buffer);
        await rename(`${file}.tmp`, file);
        return { ok: true };
      } catch (error) {
        return outcomeOf(error);
      }
    },
    close: () => builder.close(),
  };
}

export const transportFor = (settings: MailSettings): MailTransport =>
  settings.smtpUrl ? smtpTransport({ ...settings, smtpUrl: settings.smtpUrl }) : fileTransport(settings);
