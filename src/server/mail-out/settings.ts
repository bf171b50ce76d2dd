/** Mail settings: where mail goes (an SMTP relay, or .eml files), who it is from, and links' base. */
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface MailSettings {
  /** nodemailer's SMTP URL (smtp://user:pass@host:587, smtps://…); unset: .eml files in `fileDir`. */
  readonly smtpUrl?: string;
  /** Where mails are written as .eml files when there is no relay. */
  readonly fileDir: string;
  /** The From (and Reply-To) address of every mail. */
  readonly from: string;
  /** The server's address as players reach it, for the links in mails (no trailing slash). */
  readonly publicUrl: string;
  /** How long a sender holds a mail it is sending before another may try it (longer than the
   * relay's slowest answer). */
  readonly holdMs: number;
}

const ADDRESS =
  /^[^\s@<>(),;:"[\]\\]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z0-9-]{2,63}$|^[^\s@<>(),;:"[\]\\]{1,64}@localhost$/;

/** The settings the environment gives; the data directory and port complete them (`mailSettings`). */
export type MailEnv = Omit<MailSettings, 'fileDir' | 'publicUrl'> & { readonly publicUrl?: string };

/** TESSERA_SMTP_URL, TESSERA_MAIL_FROM, TESSERA_PUBLIC_URL, TESSERA_MAIL_HOLD_MS. */
export function mailSettingsFromEnv(env: NodeJS.ProcessEnv): MailEnv {
  const smtpUrl = env.TESSERA_SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) {
    throw new Error(
      `TESSERA_SMTP_URL must be an smtp:// or smtps:// URL, got "${smtpUrl.replace(/:[^:@/]*@/, ':***@')}"`,
    );
  }
  // By default the machine's name, when it makes an address (else localhost): never a start-up error.
  const own = `tessera@${hostname()}`;
  const from = env.TESSERA_MAIL_FROM || (ADDRESS.test(own) ? own : 'tessera@localhost');
  if (!ADDRESS.test(from)) throw new Error(`TESSERA_MAIL_FROM must be a mail address, got "${from}"`);
  const publicUrl = env.TESSERA_PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) {
    throw new Error(`TESSERA_PUBLIC_URL must be an http:// or https:// address, got "${publicUrl}"`);
  }
  const holdText = env.TESSERA_MAIL_HOLD_MS;
  const holdMs = holdText ? Number(holdText) : 120_000;
  if (!Number.isSafeInteger(holdMs) || holdMs < 1000) {
    throw new Error(`TESSERA_MAIL_HOLD_MS must be a whole number of at least 1000, got "${holdText}"`);
  }
  return { ...(smtpUrl ? { smtpUrl } : {}), from, ...(publicUrl ? { publicUrl } : {}), holdMs };
}

/** Complete settings: .eml files in `<data>/mail`, links to http://localhost:PORT by default. */
export const mailSettings = (env: MailEnv, dataDir: string, port: number): MailSettings => ({
  ...env,
  fileDir: join(dataDir, 'mail'),
  publicUrl: env.publicUrl ?? `http://localhost:${port}`,
});

/** A plausible mail address (what relays accept; not every address RFC 5322 allows). */
export const isMailAddress = (text: string): boolean => text.length <= 254 && ADDRESS.test(text);
