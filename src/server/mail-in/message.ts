/**
 * One mail as it came in, reduced to what Tessera acts on: the sender, whether it is a loop (an
 * auto-reply, a bounce, a list, our own mail), the mail it answers, and the command lines of its
 * plain-text body (quoted reply text and the signature left out; HTML parts are ignored).
 */
import PostalMime, { type Email } from 'postal-mime';

/** Lines of commands read from one mail; more are refused. */
export const MAX_COMMAND_LINES = 40;

export interface IncomingMail {
  /** The From address, or null when it has none that parses. */
  readonly from: string | null;
  /** Why this mail must not be answered (a loop or bounce), or null. */
  readonly loop: string | null;
  readonly messageId: string | null;
  readonly subject: string;
  /** Message-IDs this mail answers (In-Reply-To first, then References), without angle brackets. */
  readonly answers: readonly string[];
  /** Non-empty command lines, in order. */
  readonly lines: readonly string[];
  /** Whether it has a plain-text part at all (an HTML-only mail has none). */
  readonly plainText: boolean;
}

const ids = (text: string | undefined): string[] =>
  [...(text ?? '').matchAll(/<([^<>\s]{1,250})>/g)].map((m) => m[1] as string);

const header = (mail: Email, name: string): string | undefined =>
  mail.headers.find((h) => h.key === name)?.value;

/** Why a mail is machine-made (RFC 3834, bounces, lists, ourselves), or null. */
function loopOf(mail: Email, from: string | null, ourAddress: string): string | null {
  const auto = header(mail, 'auto-submitted');
  if (auto !== undefined && auto.trim().toLowerCase() !== 'no') return `Auto-Submitted: ${auto.slice(0, 40)}`;
  const precedence = header(mail, 'precedence')?.trim().toLowerCase();
  if (
    precedence === 'bulk' ||
    precedence === 'list' ||
    precedence === 'junk' ||
    precedence === 'auto_reply'
  ) {
    return `Precedence: ${precedence}`;
  }
  if (header(mail, 'x-tessera-kind') !== undefined) return 'a mail of Tessera itself';
  if (header(mail, 'list-id') !== undefined) return 'a mailing-list mail';
  if (header(mail, 'x-autoreply') !== undefined || header(mail, 'x-autorespond') !== undefined) {
    return 'an auto-reply';
  }
  const returnPath = header(mail, 'return-path');
  if (returnPath !== undefined && /^\s*<\s*>\s*$/.test(returnPath)) return 'a bounce (empty Return-Path)';
  if (from === null) return null;
  const local = from.split('@')[0]?.toLowerCase() ?? '';
  if (local === 'mailer-daemon' || local === 'postmaster') return `a bounce (from ${local})`;
  if (from.toLowerCase() === ourAddress.toLowerCase()) return 'a mail from our own address';
  return null;
}

/**
 * The command lines of a body: blank lines and quoted lines ("> …") skipped; reading stops at a
 * signature ("-- "), at the line that introduces quoted text ("On … wrote:") and at a forwarded or
 * original message's marker.
 */
export function commandLines(body: string): string[] {
  const lines: string[] = [];
  for (const raw of body.split(/\r?\n/)) {
    if (raw === '-- ' || raw === '--' || raw === '__') break;
    if (/^\s*-{2,}\s*(Original|Forwarded) Message/i.test(raw)) break;
    if (/^\s*On .{0,200}wrote:\s*$/.test(raw) || /^\s*Le .{0,200}a écrit\s*:\s*$/.test(raw)) break;
    const line = raw.trim();
    if (line === '' || line.startsWith('>')) continue;
    lines.push(line);
  }
  return lines;
}

/** Parses one RFC 5322 message; throws on a message the parser cannot read. */
export async function readMail(raw: Buffer | string, ourAddress: string): Promise<IncomingMail> {
  const mail = await PostalMime.parse(raw, { maxNestingDepth: 20, maxHeadersSize: 64 * 1024 });
  const address = mail.from && 'address' in mail.from ? (mail.from.address ?? '') : '';
  const from = /^[^\s@<>]{1,64}@[^\s@<>]{1,253}$/.test(address) ? address : null;
  return {
    from,
    loop: loopOf(mail, from, ourAddress),
    messageId: ids(mail.messageId)[0] ?? null,
    subject: (mail.subject ?? '').slice(0, 200),
    answers: [...ids(mail.inReplyTo), ...ids(mail.references).reverse()],
    lines: commandLines(mail.text ?? ''),
    plainText: mail.text !== undefined,
  };
}
